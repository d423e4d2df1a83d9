import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  playlistCatalogueEndpoints as e,
  SONG_SHORT_ID_PATTERN,
  type SongDto,
} from '@tt/protocol';
import { appleSong } from '../../../../test/fakes/apple';
import { spotifyTrack } from '../../../../test/fakes/spotify';
import { expectError } from '../../../../test/harness';
import { addCatalogueSong, startPlaylistWorld, type PlaylistWorld } from '../test-kit';

let w: PlaylistWorld;
let user: string;
let upload: SongDto;

const ISRC = 'USCT12400001';
const SPOTIFY = 'CatalogueTrackSpotify1';

beforeAll(async () => {
  w = await startPlaylistWorld();
  user = (await w.s.createUser()).token;
  w.spotify.tracks.set(
    SPOTIFY,
    spotifyTrack(SPOTIFY, {
      name: 'Import Me',
      artists: [{ id: 'i', name: 'Importers' }],
      external_ids: { isrc: ISRC },
    }),
  );
  w.apple.songs.set(
    '1500000001',
    appleSong('1500000001', { name: 'Import Me', artistName: 'Importers', isrc: ISRC }),
  );
  upload = await addCatalogueSong(w.s, {
    trackName: 'Home Grown',
    artistName: 'Our Band',
    isrc: 'GBHG12400001',
  });
});
afterAll(() => w.close());
beforeEach(() => {
  w.spotify.refuseNext = 0;
});

const importTrack = (musicProvider: string, providerId: string, token: string | null = user) =>
  w.s.as(token).call(e.trackImport, { body: { musicProvider, providerId } });

describe('POST /api/v1/track-import', () => {
  let imported: SongDto;

  it('imports a provider song as an UNVERIFIED catalogue song', async () => {
    const res = await importTrack('spotify', SPOTIFY);
    expect(res.created).toBe(true);
    imported = res.song;
    expect(imported).toMatchObject({
      trackName: 'Import Me',
      artistName: 'Importers',
      isrc: ISRC,
      status: 'UNVERIFIED',
      uploadedBy: null,
      musicProviders: { spotify: SPOTIFY },
      links: { spotify: `https://open.spotify.com/track/${SPOTIFY}` },
    });
    expect(imported.songShortId).toMatch(SONG_SHORT_ID_PATTERN);
  });

  it('is idempotent by provider id, without asking the provider again', async () => {
    const before = w.spotify.requests.length;
    const again = await importTrack('spotify', SPOTIFY);
    expect(again).toEqual({ created: false, song: imported });
    expect(w.spotify.requests.length).toBe(before);
  });

  it('imports the same song from another provider into the same catalogue song (by ISRC)', async () => {
    const res = await importTrack('apple', '1500000001');
    expect(res.created).toBe(false);
    expect(res.song.id).toBe(imported.id);
    expect(res.song.musicProviders).toEqual({ spotify: SPOTIFY, apple: '1500000001' });
  });

  it('concurrent imports of one song store it once', async () => {
    const id = 'ConcurrentTrackSpotify';
    w.spotify.tracks.set(
      id,
      spotifyTrack(id, { name: 'Race Condition', external_ids: { isrc: 'USRC99999999' } }),
    );
    const results = await Promise.all(Array.from({ length: 6 }, () => importTrack('spotify', id)));
    expect(new Set(results.map((r) => r.song.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const list = await w.s.as(user).call(e.songs, { query: { isrc: 'USRC99999999' } });
    expect(list.total).toBe(1);
  });

  it('uploadService answers our song; soundcloud is soundCloudPublic', async () => {
    expect(await importTrack('uploadService', upload.songShortId)).toEqual({
      created: false,
      song: upload,
    });
    await expectError(
      importTrack('soundcloud', '424242'),
      404,
      "Sorry, this song is not in our catalog and can't be imported.",
    );
  });

  it('refuses providers it cannot import from, unknown songs and bad ids', async () => {
    await expectError(
      importTrack('pandora', '123'),
      400,
      'Sorry, this song does not have any supported music providers to import from.',
    );
    await expectError(
      importTrack('spotify', 'UnknownTrackSpotify000'),
      404,
      "Sorry, this song is not in our catalog and can't be imported.",
    );
    await expectError(
      importTrack('spotify', 'abc'),
      400,
      'providerSongId: must be a Spotify track id (22 letters and digits)',
    );
    await expectError(
      w.s.as(user).call(e.trackImport, { body: { musicProvider: 'spotify' } as never }),
      400,
      'providerId: Invalid input: expected string, received undefined',
    );
  });

  it('answers 502 when the provider fails', async () => {
    w.spotify.refuseNext = 2;
    await expectError(
      importTrack('spotify', 'AnotherTrackSpotify000'),
      502,
      'Spotify did not answer, please try again.',
    );
  });

  it('is for signed-in users, not guests', async () => {
    const guest = (await w.s.client.call(authEndpoints.guest, {})).accessToken;
    await expectError(
      importTrack('spotify', SPOTIFY, guest),
      403,
      'Guests cannot perform this action, please log in',
    );
    await expectError(importTrack('spotify', SPOTIFY, null), 401, 'Missing bearer token');
  });
});

describe('GET /api/v1/songs and /api/v1/songs/{songId}', () => {
  const list = (query: Record<string, unknown>) =>
    w.s.as(user).call(e.songs, { query: query as never });

  it('filters by provider, isrc, q and status, newest first, with total and next', async () => {
    const bySpotify = await list({ provider: 'spotify' });
    expect(bySpotify.songs.map((s) => s.trackName)).toEqual(['Race Condition', 'Import Me']);
    expect(bySpotify.total).toBe(2);
    expect((await list({ isrc: ISRC.toLowerCase() })).songs.map((s) => s.trackName)).toEqual([
      'Import Me',
    ]);
    expect((await list({ q: 'grown' })).songs.map((s) => s.id)).toEqual([upload.id]);
    expect((await list({ status: 'VERIFIED' })).songs.map((s) => s.id)).toEqual([upload.id]);
    expect((await list({ status: 'UNVERIFIED' })).total).toBe(2);
    const page = await list({ limit: 1 });
    expect(page).toMatchObject({ total: 3, next: 1 });
    expect((await list({ limit: 1, offset: 2 })).next).toBeNull();
  });

  it('refuses unknown filters values', async () => {
    await expectError(list({ status: 'SHINY' }), 400, /^status: Invalid option/);
    await expectError(list({ provider: 'myspace' }), 400, /^provider: Invalid option/);
    await expectError(
      list({ isrc: 'short' }),
      400,
      'isrc: must be a 12-character ISRC (no dashes)',
    );
    await expectError(list({ limit: 51 }), 400, 'limit: Too big: expected number to be <=50');
  });

  it('answers one song by numeric id or short id, 404 otherwise', async () => {
    const get = (songId: string) => w.s.as(user).call(e.song, { params: { songId } });
    expect(await get(String(upload.id))).toEqual(upload);
    expect(await get(upload.songShortId)).toEqual(upload);
    await expectError(get('99999999'), 404, 'Song not found.');
    await expectError(w.s.client.call(e.song, { params: { songId: upload.songShortId } }), 401);
  });
});

describe('GET /info-admin/playlists-service-status', () => {
  it('answers the playlist service health under the playlists-service spelling', async () => {
    expect(await w.s.client.call(e.status, {})).toMatchObject({
      service: 'playlist-service',
      status: 'ok',
      version: '1.4.1',
    });
  });
});
