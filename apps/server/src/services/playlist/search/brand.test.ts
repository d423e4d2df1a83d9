import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistSearchEndpoints as e, type SongDataDto } from '@tt/protocol';
import { sevenDigitalTrack } from '../../../../test/fakes/seven-digital';
import { spotifyTrack } from '../../../../test/fakes/spotify';
import { expectError } from '../../../../test/harness';
import { brandedIndex } from '../../../platform/brand-html';
import { addCatalogueSong, startPlaylistWorld, type PlaylistWorld } from '../test-kit';

/** BRAND-PROVIDERS-1 on a hangout server: every provider configured, two offered. */
let w: PlaylistWorld;

beforeAll(async () => {
  w = await startPlaylistWorld({ BRAND: 'hangout' });
  w.sevenDigital.tracks.set('501', sevenDigitalTrack(501, { title: 'Harbour Lights' }));
  w.spotify.tracks.set(
    'HarbourSpotifyTrack001',
    spotifyTrack('HarbourSpotifyTrack001', { name: 'Harbour Lights (Spotify)' }),
  );
  await addCatalogueSong(w.s, { trackName: 'Harbour Lights Upload', artistName: 'Our Band' });
});
afterAll(() => w.close());

describe('BRAND-PROVIDERS-1: hangout', () => {
  it('offers only the paid catalogue and our uploads', async () => {
    expect((await w.s.client.call(e.sources, {})).sources).toEqual([
      'uploadService',
      'sevenDigital',
    ]);
    const token = (await w.s.createUser()).token;
    const res = await w.s.as(token).call(e.search, { query: { q: 'Harbour' } as never });
    const from = new Set(res.songs.map((s: SongDataDto) => Object.keys(s.musicProviders)[0]));
    expect([...from].sort()).toEqual(['sevenDigital', 'uploadService']);
    await expectError(
      w.s.as(token).call(e.search, { query: { q: 'Harbour', source: 'spotify' } as never }),
      400,
      'Spotify is not available on this server.',
    );
  });

  it('BRAND-NAME-1: the page carries the brand, its title and description', () => {
    const html =
      '<!doctype html><html lang="en"><head><meta name="description" content="Turntable LIVE — x" />' +
      '<link rel="manifest" href="/manifest.webmanifest" /><title>Turntable LIVE</title></head></html>';
    const out = brandedIndex(html, 'hangout');
    expect(out).toContain('<html lang="en" data-brand="hangout">');
    expect(out).toContain('<title>hangout.fm</title>');
    expect(out).toMatch(/content="hangout\.fm — /);
    expect(out).toContain('href="/manifest-hangout.webmanifest"');
    expect(brandedIndex(html, 'turntable')).toContain('<title>Turntable LIVE</title>');
  });
});
