import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistSongDataEndpoints as e } from '@tt/protocol';
import { spotifyTrack } from '../../../../test/fakes/spotify';
import { expectError, startTestServer } from '../../../../test/harness';
import { startPlaylistWorld, type PlaylistWorld } from '../test-kit';
import { MusicAnalysisClient } from './music-analysis';

let w: PlaylistWorld;
let user: string;

/** A 22-character Spotify id from a short name. */
const sid = (name: string) => name.padEnd(22, '0');
const SEED = sid('SeedTrack');

beforeAll(async () => {
  w = await startPlaylistWorld();
  user = (await w.s.createUser()).token;
  const similar: string[] = [];
  const add = (id: string, overrides: Parameters<typeof spotifyTrack>[1] = {}) => {
    w.spotify.tracks.set(id, spotifyTrack(id, overrides));
    similar.push(id);
  };
  add(sid('NoArt'), { name: 'No Art', album: { name: 'x', images: [] } });
  add(sid('ZeroLength'), { name: 'Zero Length', duration_ms: 0 });
  add(sid('First'), { name: 'Echo One', artists: [{ id: 'a', name: 'Echo Band' }] });
  add(sid('FirstAgain'), { name: 'ECHO ONE', artists: [{ id: 'a', name: 'echo band' }] });
  similar.push(sid('GoneFromSpotify'));
  for (let i = 2; i <= 10; i++) add(sid(`Echo${i}`), { name: `Echo ${i}` });
  w.analysis.analysed.set(SEED, similar);
  w.analysis.errors.set(sid('Broken'), { code: 'notFound', message: 'Track not found' });
});
afterAll(() => w.close());

const similar = (id: string, token: string | null = user) =>
  w.s.as(token).call(e.similar, { params: { providerSongId: id } });

describe('GET /song-data/{providerSongId}/spotify/similar', () => {
  it('answers the first 8 with a thumbnail and a positive duration, one per title and artist', async () => {
    const res = await similar(SEED);
    expect(res.status).toBe('ready');
    expect(res.songs.map((s) => s.trackName)).toEqual([
      'Echo One',
      'Echo 2',
      'Echo 3',
      'Echo 4',
      'Echo 5',
      'Echo 6',
      'Echo 7',
      'Echo 8',
    ]);
    for (const s of res.songs) {
      expect(s.musicProviders.spotify).toMatch(/^[A-Za-z0-9]{22}$/);
      expect(s.thumbnails.spotify).toBeTruthy();
      expect(s.duration).toBeGreaterThan(0);
    }
    const sent = JSON.parse(w.analysis.requests.at(-1)!.body) as { variables: unknown };
    expect(sent.variables).toEqual({ id: SEED });
  });

  it('queues a track that is not analysed yet and answers no songs', async () => {
    const fresh = sid('NeverSeen');
    expect(await similar(fresh)).toEqual({ status: 'enqueued', songs: [] });
    expect(w.analysis.enqueued).toEqual([fresh]);
  });

  it('answers no songs for any other error or a failing service', async () => {
    expect(await similar(sid('Broken'))).toEqual({ status: 'unavailable', songs: [] });
    w.analysis.failing = true;
    try {
      expect(await similar(SEED)).toEqual({ status: 'unavailable', songs: [] });
    } finally {
      w.analysis.failing = false;
    }
    expect(w.analysis.enqueued).not.toContain(sid('Broken'));
  });

  it('refuses an id that is not a Spotify track id; needs a token', async () => {
    await expectError(similar('short'), 400, 'providerSongId: must be a Spotify track id');
    await expectError(similar(SEED, null), 401, 'Missing bearer token');
  });

  it('is unavailable without MUSIC_ANALYSIS_URL', async () => {
    const bare = await startTestServer();
    try {
      const token = (await bare.createUser()).token;
      expect(await bare.as(token).call(e.similar, { params: { providerSongId: SEED } })).toEqual({
        status: 'unavailable',
        songs: [],
      });
    } finally {
      await bare.close();
    }
  });
});

describe('MusicAnalysisClient', () => {
  it('sends the bearer token and a wrong one is an error', async () => {
    const good = new MusicAnalysisClient({ url: w.analysis.endpoint, token: w.analysis.token });
    expect(await good.similarTracks(SEED)).toMatchObject({ ok: true });
    expect(w.analysis.requests.at(-1)!.headers.authorization).toBe(`Bearer ${w.analysis.token}`);
    const bad = new MusicAnalysisClient({ url: w.analysis.endpoint, token: 'nope' });
    await expect(bad.similarTracks(SEED)).rejects.toMatchObject({ status: 401 });
  });

  it('enqueue answers the queued id', async () => {
    const client = new MusicAnalysisClient({ url: w.analysis.endpoint, token: w.analysis.token });
    expect(await client.enqueue(sid('Queued'))).toBe(sid('Queued'));
  });
});
