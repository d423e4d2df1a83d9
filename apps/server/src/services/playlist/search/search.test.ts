import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  playlistCatalogueEndpoints as catalogue,
  playlistSearchEndpoints as e,
  type PlaylistSearchQuery,
  type SongDataDto,
} from '@tt/protocol';
import { appleSong } from '../../../../test/fakes/apple';
import { audiusTrack } from '../../../../test/fakes/audius';
import { sevenDigitalTrack } from '../../../../test/fakes/seven-digital';
import { soundcloudTrack } from '../../../../test/fakes/soundcloud';
import { spotifyTrack } from '../../../../test/fakes/spotify';
import { youtubeVideo } from '../../../../test/fakes/youtube';
import { expectError, startTestServer } from '../../../../test/harness';
import { addCatalogueSong, startPlaylistWorld, type PlaylistWorld } from '../test-kit';

let w: PlaylistWorld;
let user: string;

/** Which source a result came from (its one provider). */
const from = (s: SongDataDto) => Object.keys(s.musicProviders)[0];

beforeAll(async () => {
  w = await startPlaylistWorld();
  user = (await w.s.createUser()).token;
  // "Lantern": 7 at 7digital, 2 at every other source.
  for (let i = 1; i <= 7; i++) {
    w.sevenDigital.tracks.set(
      String(100 + i),
      sevenDigitalTrack(100 + i, { title: `Lantern Digital ${i}`, duration: 100 + i }),
    );
  }
  for (let i = 1; i <= 2; i++) {
    const id = `LanternSpotifyTrack00${i}`;
    w.spotify.tracks.set(
      id,
      spotifyTrack(id, { name: `Lantern Spotify ${i}`, duration_ms: 130_000 + i * 1000 }),
    );
    w.apple.songs.set(
      `90${i}`,
      appleSong(`90${i}`, { name: `Lantern Apple ${i}`, durationInMillis: 140_000 + i * 1000 }),
    );
    w.soundcloud.tracks.set(`80${i}`, soundcloudTrack(800 + i, { title: `Lantern Cloud ${i}` }));
    w.audius.tracks.set(`au${i}`, audiusTrack(`au${i}`, { title: `Lantern Audius ${i}` }));
    w.youtube.videos.set(
      `LanternVid${i}`,
      youtubeVideo(`LanternVid${i}`, `PT2M${i}S`, { title: `Lantern Video ${i}` }),
    );
    await addCatalogueSong(w.s, { trackName: `Lantern Upload ${i}`, artistName: 'Our Band' });
  }
});
afterAll(() => w.close());
beforeEach(() => {
  w.apple.failing = false;
  w.youtube.failing = false;
  w.spotify.refuseNext = 0;
});

const search = (
  query: Partial<PlaylistSearchQuery> & { q?: string },
  token: string | null = user,
) => w.s.as(token).call(e.search, { query: query as never });

describe('GET /search/sources', () => {
  it('lists our catalogue and every configured provider, without a token', async () => {
    expect(await w.s.client.call(e.sources, {})).toEqual({
      sources: [
        'uploadService',
        'sevenDigital',
        'spotify',
        'apple',
        'soundcloud',
        'audius',
        'youtube',
      ],
      searchV2: false,
    });
  });

  it('has only the catalogue when no provider is configured', async () => {
    const bare = await startTestServer();
    try {
      expect(await bare.client.call(e.sources, {})).toEqual({
        sources: ['uploadService'],
        searchV2: false,
      });
      const token = (await bare.createUser()).token;
      await expectError(
        bare.as(token).call(e.search, { query: { q: 'x', source: 'spotify' } }),
        400,
        'Spotify is not available on this server.',
      );
    } finally {
      await bare.close();
    }
  });
});

describe('GET /search with one source', () => {
  it.each([
    ['uploadService', 'uploadService', 'Lantern Upload'],
    ['sevenDigital', 'sevenDigital', 'Lantern Digital'],
    ['spotify', 'spotify', 'Lantern Spotify'],
    ['apple', 'apple', 'Lantern Apple'],
    ['soundcloud', 'soundCloudPublic', 'Lantern Cloud'],
    ['audius', 'audius', 'Lantern Audius'],
    ['youtube', 'youtube', 'Lantern Video'],
  ] as const)('%s answers only its songs', async (source, provider, title) => {
    const res = await search({ q: 'lantern', source });
    expect(res.songs.length).toBeGreaterThan(0);
    for (const song of res.songs) {
      expect(from(song)).toBe(provider);
      expect(song.trackName.startsWith(title)).toBe(true);
    }
  });

  it('catalogue songs carry their id and short id; provider songs null', async () => {
    const [upload] = (await search({ q: 'lantern upload', source: 'uploadService' })).songs;
    expect(upload.id).toEqual(expect.any(Number));
    expect(upload.songShortId).toEqual(expect.any(String));
    const [spotify] = (await search({ q: 'lantern', source: 'spotify' })).songs;
    expect(spotify).toMatchObject({ id: null, songShortId: null });
  });

  it('pages with offset, limit and next', async () => {
    const first = await search({ q: 'lantern', source: 'sevenDigital', limit: 3 });
    expect(first.songs.map((s) => s.trackName)).toEqual([
      'Lantern Digital 1',
      'Lantern Digital 2',
      'Lantern Digital 3',
    ]);
    expect(first.next).toBe(3);
    const second = await search({ q: 'lantern', source: 'sevenDigital', limit: 3, offset: 5 });
    expect(second.songs.map((s) => s.trackName)).toEqual([
      'Lantern Digital 6',
      'Lantern Digital 7',
    ]);
    expect(second.next).toBeNull();
  });

  it('reads fixed-size provider pages until the page is full (Apple: 25 per call)', async () => {
    for (let i = 0; i < 30; i++)
      w.apple.songs.set(`77${i}`, appleSong(`77${i}`, { name: `Comet Trail ${i}` }));
    const page = await search({ q: 'comet trail', source: 'apple', limit: 50 });
    expect(page.songs).toHaveLength(30);
    expect(page.next).toBeNull();
    const tail = await search({ q: 'comet trail', source: 'apple', limit: 20, offset: 20 });
    expect(tail.songs).toHaveLength(10);
  });
});

describe('GET /search over every source', () => {
  it('interleaves: the first 5 sevenDigital results, then one of the others and one sevenDigital in turns', async () => {
    const res = await search({ q: 'lantern' });
    const order = res.songs.map(from);
    expect(order.slice(0, 5)).toEqual(Array(5).fill('sevenDigital'));
    // The others are taken in turns: catalogue, Spotify, Apple, SoundCloud, Audius, YouTube.
    expect(order.slice(5, 9)).toEqual(['uploadService', 'sevenDigital', 'spotify', 'sevenDigital']);
    expect(order.slice(9)).toEqual([
      'apple',
      'soundCloudPublic',
      'audius',
      'youtube',
      'uploadService',
      'spotify',
      'apple',
      'soundCloudPublic',
      'audius',
      'youtube',
    ]);
    expect(res.next).toBeNull();
  });

  it('leaves explicit songs out with explicit=false', async () => {
    w.spotify.tracks.set(
      'ExplicitLanternTrack01',
      spotifyTrack('ExplicitLanternTrack01', { name: 'Lantern Rude', explicit: true }),
    );
    const all = await search({ q: 'lantern', source: 'spotify' });
    expect(all.songs.some((s) => s.explicit)).toBe(true);
    const clean = await search({ q: 'lantern', explicit: false } as never);
    expect(clean.songs.length).toBeGreaterThan(0);
    expect(clean.songs.some((s) => s.explicit)).toBe(false);
    w.spotify.tracks.delete('ExplicitLanternTrack01');
  });

  it('next is offset + limit while any source has more', async () => {
    const res = await search({ q: 'lantern', limit: 1 });
    expect(res.next).toBe(1);
    expect(res.songs).toHaveLength(7);
  });

  it('a failing provider contributes nothing and the search still answers', async () => {
    w.apple.failing = true;
    w.youtube.failing = true;
    w.spotify.refuseNext = 2;
    const res = await search({ q: 'lantern' });
    const sources = new Set(res.songs.map(from));
    expect(sources.has('apple')).toBe(false);
    expect(sources.has('youtube')).toBe(false);
    expect(sources.has('spotify')).toBe(false);
    expect([...sources].sort()).toEqual([
      'audius',
      'sevenDigital',
      'soundCloudPublic',
      'uploadService',
    ]);
    // One source asked alone answers no songs, not an error.
    expect(await search({ q: 'lantern', source: 'apple' })).toEqual({ songs: [], next: null });
  });

  it('names the catalogue song of a provider result once it is imported', async () => {
    const id = 'LanternSpotifyTrack001';
    const imported = await w.s
      .as(user)
      .call(catalogue.trackImport, { body: { musicProvider: 'spotify', providerId: id } });
    const res = await search({ q: 'lantern spotify 1', source: 'spotify' });
    expect(res.songs[0]).toMatchObject({
      id: imported.song.id,
      songShortId: imported.song.songShortId,
    });
  });
});

describe('bad input and auth', () => {
  it('refuses a missing or empty q, a page over 50, an unknown source or country', async () => {
    await expectError(search({}), 400, /^q: /);
    await expectError(search({ q: '   ' }), 400, 'q: A search term is required');
    await expectError(
      search({ q: 'x', limit: 51 }),
      400,
      'limit: Too big: expected number to be <=50',
    );
    await expectError(
      search({ q: 'x', source: 'pandora' as never }),
      400,
      /^source: Invalid option/,
    );
    await expectError(
      search({ q: 'x', country: 'USA' }),
      400,
      'country: must be a two-letter country code',
    );
  });

  it('needs a token (guests may search)', async () => {
    await expectError(search({ q: 'lantern' }, null), 401, 'Missing bearer token');
    const guest = (await w.s.client.call(authEndpoints.guest, {})).accessToken;
    expect((await search({ q: 'lantern', source: 'spotify' }, guest)).songs.length).toBeGreaterThan(
      0,
    );
  });

  it('/search/v2 is 404 while SEARCH_V2 is off', async () => {
    await expectError(
      w.s.as(user).call(e.searchV2, { query: { q: 'lantern' } }),
      404,
      'Search v2 is not enabled on this server.',
    );
  });
});
