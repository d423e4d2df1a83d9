import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  crateEndpoints as c,
  crateImportEndpoints as ci,
  type CrateDto,
} from '@tt/protocol';
import { audiusTrack } from '../../../../test/fakes/audius';
import { soundcloudTrack } from '../../../../test/fakes/soundcloud';
import { spotifyTrack } from '../../../../test/fakes/spotify';
import { youtubeVideo } from '../../../../test/fakes/youtube';
import { expectError, startTestServer } from '../../../../test/harness';
import { startPlaylistWorld, type PlaylistWorld } from '../test-kit';

let w: PlaylistWorld;
let alice: { uuid: string; token: string };

beforeAll(async () => {
  w = await startPlaylistWorld();
  alice = await w.s.createUser();
  for (let n = 1; n <= 130; n++) {
    w.spotify.tracks.set(
      `sp${n}`,
      spotifyTrack(`sp${n}`, {
        name: `Imported ${n}`,
        artists: [{ id: 'x', name: `Artist ${n}` }],
        external_ids: { isrc: `USIM1${String(n).padStart(7, '0')}` },
      }),
    );
  }
  // 131 items (more than one page of 100), one of them a removed track.
  w.spotify.playlists.set('37i9dQZF1DXcBWIGoYBM5M', [
    ...Array.from({ length: 64 }, (_, i) => `sp${i + 1}`),
    'removedTrack',
    ...Array.from({ length: 66 }, (_, i) => `sp${i + 65}`),
  ]);
  w.spotify.playlists.set('0onlyRemovedTracks0', ['gone1', 'gone2']);
  // 60 YouTube videos (two pages of playlistItems), the 3rd one deleted.
  const vids = Array.from({ length: 60 }, (_, i) => `ytVideo${String(i).padStart(4, '0')}`);
  vids.forEach((id, i) => {
    if (i !== 2) {
      w.youtube.videos.set(id, youtubeVideo(id, 'PT3M20S', { title: `Clip ${i}` }));
    }
  });
  // 120 Apple items (two pages), one a music video.
  w.apple.playlists.set('pl.f4d106fed2bd41149aaacabb233eb5eb', [
    ...Array.from({ length: 119 }, (_, i) => `14400${String(i).padStart(5, '0')}`),
    'mv:1440099999',
  ]);
  // A SoundCloud set of 4 tracks, one of them private.
  for (let n = 1; n <= 4; n++) {
    w.soundcloud.tracks.set(
      String(9100 + n),
      soundcloudTrack(9100 + n, {
        title: `Set track ${n}`,
        ...(n === 2 ? { sharing: 'private', secret_token: 's-abc' } : {}),
      }),
    );
  }
  w.soundcloud.playlists.set(777, {
    permalink_url: 'https://soundcloud.com/dj-wave/sets/late-night',
    trackIds: [9104, 9102, 9101, 9103],
  });
  for (const id of ['au1', 'au2', 'au3']) w.audius.tracks.set(id, audiusTrack(id));
  w.audius.playlists.set('plAu9', {
    permalink: '/dj-wave/playlist/sunday',
    trackIds: ['au3', 'au1', 'au2'],
  });
  w.youtube.playlists.set('PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG', vids);
});
afterAll(() => w.close());

const A = () => w.s.as(alice.token);
const start = (link: string, crateName?: string) =>
  A().call(ci.importPlaylist, { body: { link, ...(crateName ? { crateName } : {}) } });

/** Reads the crate until the job has ended (bounded by a number of reads, not by time). */
async function settled(id: string): Promise<CrateDto> {
  for (let i = 0; i < 500; i++) {
    const crate = await A().call(c.get, { params: { id } });
    if (crate.importStatus !== 'IN_PROGRESS') return crate;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the import did not end');
}

describe('crate import', () => {
  it('fills a crate from a Spotify playlist, in order, and ends COMPLETE', async () => {
    const crate = await start(
      'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M?si=abc',
      'From Spotify',
    );
    expect(crate).toMatchObject({ crateName: 'From Spotify', importStatus: 'IN_PROGRESS' });
    const done = await settled(crate.crateUuid);
    expect(done.importStatus).toBe('COMPLETE');
    expect(done.importProgress).toEqual({ done: 130, total: 130 });
    expect(done.crateSongsNumber).toBe(130);
    const page = await A().call(c.songs, {
      params: { id: crate.crateUuid },
      query: { limit: 300 },
    });
    expect(page.songs.map((x) => x.trackName)).toEqual(
      Array.from({ length: 130 }, (_, i) => `Imported ${i + 1}`),
    );
    expect(page.songs.every((x) => typeof x.songId === 'number')).toBe(true);
    expect(page.songs[0]!.musicProviders.spotify).toBe('sp1');
    // Importing again matches the same catalogue songs.
    const again = await settled((await start('spotify:playlist:37i9dQZF1DXcBWIGoYBM5M')).crateUuid);
    const page2 = await A().call(c.songs, { params: { id: again.crateUuid }, query: {} });
    expect(page2.songs.map((x) => x.songId)).toEqual(page.songs.map((x) => x.songId));
    expect(again.crateName).toMatch(/^New Playlist #\d+$/);
  });

  it('fills a crate from a YouTube playlist, in order', async () => {
    const crate = await start(
      'https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG',
    );
    const done = await settled(crate.crateUuid);
    expect(done).toMatchObject({ importStatus: 'COMPLETE', crateSongsNumber: 59 });
    expect(done.importProgress).toEqual({ done: 59, total: 59 });
    const page = await A().call(c.songs, { params: { id: crate.crateUuid }, query: {} });
    expect(page.songs.slice(0, 3).map((x) => x.musicProviders.youtube)).toEqual([
      'ytVideo0000',
      'ytVideo0001',
      'ytVideo0003',
    ]);
    const unknown = await settled(
      (await start('https://www.youtube.com/playlist?list=PLunknownPlaylist0000')).crateUuid,
    );
    expect(unknown.importStatus).toBe('FAILED');
  });

  it('fills a crate from an Apple Music playlist, songs only, over pages', async () => {
    const crate = await start(
      'https://music.apple.com/gb/playlist/todays-hits/pl.f4d106fed2bd41149aaacabb233eb5eb',
    );
    const done = await settled(crate.crateUuid);
    expect(done).toMatchObject({ importStatus: 'COMPLETE', crateSongsNumber: 119 });
    const page = await A().call(c.songs, { params: { id: crate.crateUuid }, query: {} });
    expect(page.songs.at(-1)!.musicProviders.apple).toBe('1440000118');
    expect(page.songs[0]!.musicProviders.apple).toBe('1440000000');
  });

  it('fills a crate from a SoundCloud set, without its private tracks', async () => {
    const crate = await start('https://soundcloud.com/dj-wave/sets/late-night?si=x');
    const done = await settled(crate.crateUuid);
    expect(done).toMatchObject({ importStatus: 'COMPLETE', crateSongsNumber: 3 });
    const page = await A().call(c.songs, { params: { id: crate.crateUuid }, query: {} });
    expect(page.songs.map((x) => x.trackName)).toEqual([
      'Set track 4',
      'Set track 1',
      'Set track 3',
    ]);
    const unknown = await settled(
      (await start('https://soundcloud.com/dj-wave/sets/nope')).crateUuid,
    );
    expect(unknown.importStatus).toBe('FAILED');
  });

  it('fills a crate from an Audius playlist', async () => {
    const crate = await start('https://audius.co/dj-wave/playlist/sunday');
    const done = await settled(crate.crateUuid);
    expect(done).toMatchObject({ importStatus: 'COMPLETE', crateSongsNumber: 3 });
    const page = await A().call(c.songs, { params: { id: crate.crateUuid }, query: {} });
    expect(page.songs.map((x) => x.musicProviders.audius)).toEqual(['au3', 'au1', 'au2']);
  });

  it('ends FAILED for an unknown playlist, a provider error, or nothing importable', async () => {
    const unknown = await settled(
      (await start('https://open.spotify.com/playlist/0unknownPlaylist00')).crateUuid,
    );
    expect(unknown).toMatchObject({ importStatus: 'FAILED', crateSongsNumber: 0 });
    const empty = await settled(
      (await start('https://open.spotify.com/playlist/0onlyRemovedTracks0')).crateUuid,
    );
    expect(empty).toMatchObject({ importStatus: 'FAILED', crateSongsNumber: 0 });
    w.spotify.refuseNext = 10;
    const refused = await settled(
      (await start('https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M')).crateUuid,
    );
    w.spotify.refuseNext = 0;
    expect(refused).toMatchObject({ importStatus: 'FAILED', crateSongsNumber: 0 });
  });

  it('refuses links that are not provider playlists, and guests', async () => {
    const msg = 'This is not a playlist link of a supported music provider.';
    await expectError(start('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC'), 400, msg);
    await expectError(start('https://example.com/playlist/37i9dQZF1DXcBWIGoYBM5M'), 400, msg);
    await expectError(start('not a link'), 400, /must be a playlist link/);
    const guest = (await w.s.client.call(authEndpoints.guest, {})).accessToken;
    await expectError(
      w.s.as(guest).call(ci.importPlaylist, {
        body: { link: 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M' },
      }),
      403,
    );
  });
});

describe('crate import without the provider', () => {
  it('answers 400 when the provider is not configured', async () => {
    const s = await startTestServer();
    try {
      const user = await s.createUser();
      await expectError(
        s.as(user.token).call(ci.importPlaylist, {
          body: { link: 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M' },
        }),
        400,
        'This music provider is not available on this server.',
      );
    } finally {
      await s.close();
    }
  });
});
