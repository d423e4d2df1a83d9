import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  playlistCatalogueEndpoints as catalogue,
  playlistSearchEndpoints as search,
  playlistSongDataEndpoints as e,
} from '@tt/protocol';
import { deezerTrack } from '../../../../test/fakes/deezer';
import { expectError } from '../../../../test/harness';
import { HARBOR } from '../test-kit';
import {
  HARBOR_MORE,
  startMusicServicesWorld,
  type MusicServicesWorld,
} from './music-services.kit';

let m: MusicServicesWorld;
beforeAll(async () => {
  m = await startMusicServicesWorld();
});
afterAll(() => m.close());
beforeEach(() => {
  m.deezer.failing = false;
  m.deezer.quota = false;
});

const as = (token: string | null = m.user) => m.w.s.as(token);
const byLink = (link: string, token: string | null = m.user) =>
  as(token).call(e.byLink, { params: { link } });
const deezerLink = `https://www.deezer.com/en/track/${HARBOR_MORE.deezer}`;

describe('GET /song-data/{link} for Deezer, Napster and TIDAL (MUSIC-PROVIDERS-1)', () => {
  it.each([
    ['Deezer', deezerLink, 'deezer', HARBOR_MORE.deezer],
    [
      'Napster',
      `https://web.napster.com/track/${HARBOR_MORE.napster}`,
      'napster',
      HARBOR_MORE.napster,
    ],
    ['TIDAL', `https://tidal.com/browse/track/${HARBOR_MORE.tidal}`, 'tidal', HARBOR_MORE.tidal],
  ])(
    'a %s link answers the song with its ISRC (so chat makes it a card)',
    async (_n, link, p, id) => {
      const song = await byLink(link);
      expect(song).toMatchObject({
        trackName: 'Midnight Harbor',
        isrc: HARBOR.isrc,
        musicProviders: { [p]: id },
      });
    },
  );

  it("carries Deezer's 30 s clip as the preview (MUSIC-PROVIDERS-2)", async () => {
    const song = await byLink(deezerLink);
    expect(song.previews).toEqual([
      `https://cdns-preview-d.dzcdn.net/stream/c-${HARBOR_MORE.deezer}-8.mp3`,
    ]);
    expect(song.links.deezer).toBe(`https://www.deezer.com/track/${HARBOR_MORE.deezer}`);
  });

  it('needs a token; an unknown song is 404; a failing Deezer is 502 naming it', async () => {
    await expectError(byLink(deezerLink, null), 401);
    await expectError(
      byLink('https://www.deezer.com/track/42'),
      404,
      'This song was not found at Deezer.',
    );
    m.deezer.failing = true;
    await expectError(byLink(deezerLink), 502, 'Deezer did not answer, please try again.');
    m.deezer.failing = false;
    m.deezer.quota = true;
    await expectError(byLink(deezerLink), 502, 'Deezer did not answer, please try again.');
  });

  it.each([
    ['https://www.pandora.com/artist/band/album/song/TRq7Zp9xKc4Vb2m', 'Pandora'],
    ['https://music.amazon.com/tracks/B07XJ8C8F5', 'Amazon Music'],
    ['https://music.yandex.ru/album/4766/track/57703', 'Yandex Music'],
    ['https://spinrilla.com/songs/1234567-artist-title', 'Spinrilla'],
  ])(
    '%s is recognised but stays a link: 400 saying why (MUSIC-PROVIDERS-4)',
    async (link, name) => {
      await expectError(
        byLink(link),
        400,
        `${name} has no public API to read songs from, so its links stay links.`,
      );
    },
  );
});

describe('Deezer ids, ISRC matching and import (MUSIC-PROVIDERS-3)', () => {
  const providers = (id: string, p: string) =>
    as().call(e.providers, { params: { providerSongId: id, musicProvider: p as never } });

  it('refuses ids that are not the provider’s with a 400', async () => {
    await expectError(
      providers('abc', 'deezer'),
      400,
      'providerSongId: must be a Deezer track id (digits)',
    );
    await expectError(
      providers('5156528', 'napster'),
      400,
      'providerSongId: must be a Napster track id (tra. and digits)',
    );
  });

  it('finds a Deezer song at Napster and TIDAL by ISRC, and at the others', async () => {
    const song = await providers(HARBOR_MORE.deezer, 'deezer');
    expect(song.musicProviders).toMatchObject({
      deezer: HARBOR_MORE.deezer,
      napster: HARBOR_MORE.napster,
      tidal: HARBOR_MORE.tidal,
      spotify: HARBOR.spotify,
      apple: HARBOR.apple,
    });
    expect(m.deezer.requests.some((r) => r.path === '/track/isrc:' + HARBOR.isrc)).toBe(false);
  });

  it('imports a Deezer song into the catalogue once; its ISRC joins it to the same song', async () => {
    m.deezer.tracks.set(
      '777001',
      deezerTrack(777001, { title: 'Tide Line', isrc: 'FRZ030777001' }),
    );
    const first = await as().call(catalogue.trackImport, {
      body: { musicProvider: 'deezer', providerId: '777001' },
    });
    expect(first.created).toBe(true);
    expect(first.song).toMatchObject({ trackName: 'Tide Line', isrc: 'FRZ030777001' });
    expect(first.song.previews).toHaveLength(1);
    const again = await as().call(catalogue.trackImport, {
      body: { musicProvider: 'deezer', providerId: '777001' },
    });
    expect(again).toMatchObject({ created: false, song: { id: first.song.id } });
    // The same song at Deezer under another id (same ISRC) is the catalogue's song too.
    m.deezer.tracks.set(
      '777002',
      deezerTrack(777002, { title: 'Tide Line', isrc: 'FRZ030777001' }),
    );
    const byIsrc = await as().call(catalogue.trackImport, {
      body: { musicProvider: 'deezer', providerId: '777002' },
    });
    expect(byIsrc.song.id).toBe(first.song.id);
    // And a pasted link of it now names the catalogue song.
    expect(await byLink('https://www.deezer.com/track/777001')).toMatchObject({
      id: first.song.id,
      songShortId: first.song.songShortId,
    });
  });
});

describe('search at Deezer and Napster; a pasted link (SEARCH-LINK-1)', () => {
  it('lists Deezer and Napster as sources and searches them', async () => {
    const { sources } = await m.w.s.client.call(search.sources, {});
    expect(sources).toEqual(expect.arrayContaining(['deezer', 'napster']));
    expect(sources).not.toContain('tidal');
    const d = await as().call(search.search, {
      query: { q: 'midnight harbor', source: 'deezer' } as never,
    });
    expect(d.songs[0]?.musicProviders.deezer).toBe(HARBOR_MORE.deezer);
    const n = await as().call(search.search, {
      query: { q: 'midnight', source: 'napster' } as never,
    });
    expect(n.songs[0]?.musicProviders.napster).toBe(HARBOR_MORE.napster);
  });

  it('a song link as the search term answers that one song, whatever the tab', async () => {
    const r = await as().call(search.search, {
      query: { q: deezerLink, source: 'uploadService' } as never,
    });
    expect(r.next).toBeNull();
    expect(r.songs).toHaveLength(1);
    expect(r.songs[0]).toMatchObject({ trackName: 'Midnight Harbor', isrc: HARBOR.isrc });
    m.deezer.failing = true;
    await expectError(
      as().call(search.search, { query: { q: deezerLink } as never }),
      502,
      'Deezer did not answer, please try again.',
    );
  });
});
