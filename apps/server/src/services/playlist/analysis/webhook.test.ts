import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlistSongDataEndpoints as e, serviceBase } from '@tt/protocol';
import { spotifyTrack } from '../../../../test/fakes/spotify';
import { startTestServer } from '../../../../test/harness';
import { startPlaylistWorld, type PlaylistWorld } from '../test-kit';

/** The music-analysis webhook (ANALYSIS-1..3 in docs/MUSIC-RULES.md). */
const SECRET = 'analysis-webhook-secret';
let w: PlaylistWorld;
let user: string;
const sid = (name: string) => name.padEnd(22, '0');

beforeAll(async () => {
  w = await startPlaylistWorld({ MUSIC_ANALYSIS_WEBHOOK_SECRET: SECRET });
  user = (await w.s.createUser()).token;
  w.spotify.tracks.set(sid('Neighbour'), spotifyTrack(sid('Neighbour'), { name: 'Neighbour' }));
});
afterAll(() => w.close());

const url = () => `${w.s.url}${serviceBase('playlist')}/cyanite/webhook`;
const post = (body: string, signature?: string, base = url()) =>
  fetch(base, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { signature } : {}) },
    body,
  });
const sign = (body: string, secret = SECRET) =>
  createHmac('sha512', secret).update(body).digest('hex');
const event = (id: string, status: 'finished' | 'failed') =>
  JSON.stringify({
    version: '2',
    resource: { id, type: 'SpotifyTrack' },
    event: { type: 'AudioAnalysisV6', status },
  });
const similar = (id: string) => w.s.as(user).call(e.similar, { params: { providerSongId: id } });

describe('POST /cyanite/webhook', () => {
  it('ANALYSIS-2: takes a signed event; refuses a bad or missing signature and bad JSON', async () => {
    const test = JSON.stringify({ type: 'TEST' });
    expect((await post(test, sign(test))).status).toBe(200);
    const body = event(sid('Signed'), 'finished');
    expect((await post(body, sign(body, 'another-secret-entirely'))).status).toBe(400);
    expect((await post(body)).status).toBe(400);
    const res = await post(body, 'zz');
    expect(await res.json()).toMatchObject({
      statusCode: 400,
      message: 'The webhook signature is not valid.',
    });
    expect((await post('{not json', sign('{not json'))).status).toBe(400);
  });

  it('ANALYSIS-1, ANALYSIS-3: a queued track waits without asking again; once finished it answers', async () => {
    const seed = sid('Waiting');
    expect(await similar(seed)).toEqual({ status: 'enqueued', songs: [] });
    const asked = w.analysis.requests.length;
    expect(await similar(seed)).toEqual({ status: 'enqueued', songs: [] });
    expect(w.analysis.requests.length).toBe(asked); // not asked again while waiting
    w.analysis.analysed.set(seed, [sid('Neighbour')]);
    const done = event(seed, 'finished');
    expect((await post(done, sign(done))).status).toBe(200);
    const res = await similar(seed);
    expect(res.status).toBe('ready');
    expect(res.songs.map((s) => s.trackName)).toEqual(['Neighbour']);
  });

  it('ANALYSIS-3: a failed analysis answers no songs without asking the service', async () => {
    const seed = sid('WillFail');
    await similar(seed);
    const failed = event(seed, 'failed');
    expect((await post(failed, sign(failed))).status).toBe(200);
    const asked = w.analysis.requests.length;
    expect(await similar(seed)).toEqual({ status: 'unavailable', songs: [] });
    expect(w.analysis.requests.length).toBe(asked);
  });

  it('is off (a clear 400) until the secret is set', async () => {
    const bare = await startTestServer();
    try {
      const body = JSON.stringify({ type: 'TEST' });
      const res = await post(
        body,
        sign(body),
        `${bare.url}${serviceBase('playlist')}/cyanite/webhook`,
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        'The music-analysis webhook is not configured on this server.',
      );
    } finally {
      await bare.close();
    }
  });
});
