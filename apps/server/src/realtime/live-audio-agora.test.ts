import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { providerTokenEndpoints as e, type AgoraTokenReq } from '@tt/protocol';
import { startFakeAgoraEdge, type FakeAgoraEdge } from '../../test/fakes/agora-edge';
import { expectError, startTestServer, type TestServer } from '../../test/harness';
import { setLiveAudio } from './live-audio.testing';
import { createRoom, guest, startRealtimeServer } from './test-kit';

/**
 * LIVE-AUDIO-10: the Agora path of live audio. `POST /agora/token` signs tokens that a local fake
 * of Agora's edge (its token checks when a client joins and publishes) accepts for exactly what
 * was asked: the app, the channel, the uid, the role's privileges, until they expire. A PUBLISHER
 * token is for a room's channel (its uuid), asked by someone who may talk there (the room's owner
 * here; who else may is in live-audio-talk.test.ts).
 */

const APP_ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const CERT = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

let s: TestServer;
let edge: FakeAgoraEdge;
let token: string;
let room: string;

const ask = (body: z.input<typeof AgoraTokenReq>) => s.as(token).call(e.agoraToken, { body });
const join = async (body: Record<string, unknown>) => {
  const res = await fetch(`${edge.url}/join`, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, ...((await res.json()) as { reason?: string }) };
};

beforeAll(async () => {
  edge = await startFakeAgoraEdge({ appId: APP_ID, certificate: CERT });
  s = await startRealtimeServer({ env: { AGORA_APP_ID: APP_ID, AGORA_APP_CERTIFICATE: CERT } });
  token = (await s.createUser()).token;
  room = (await createRoom(s, token)).uuid;
  await setLiveAudio(s, token, room, true);
});
afterAll(async () => {
  await s?.close();
  await edge?.close();
});

describe('LIVE-AUDIO-10: Agora tokens against the fake edge', () => {
  it('LIVE-AUDIO-10: a PUBLISHER token joins and publishes audio on its channel as its uid', async () => {
    const t = await ask({ channelName: room, uid: 77, role: 'PUBLISHER', expireSeconds: 600 });
    const base = { appId: t.appId, channelName: room, uid: 77, token: t.token };
    expect(await join({ ...base, publishAudio: true })).toEqual({ status: 200, joined: true });
    expect(await join({ ...base, channelName: 'room-other' })).toMatchObject({
      status: 401,
      reason: 'invalid channel name',
    });
    expect(await join({ ...base, uid: 78 })).toMatchObject({ reason: 'invalid uid' });
    expect(await join({ ...base, appId: 'f'.repeat(32) })).toMatchObject({
      reason: 'invalid app id',
    });
    expect(await join({ ...base, token: `${t.token.slice(0, -4)}AAAA` })).toMatchObject({
      reason: 'invalid token',
    });
  });

  it('LIVE-AUDIO-10: a SUBSCRIBER token (uid 0: any uid) listens but may not publish', async () => {
    const t = await ask({ channelName: 'room-abc', uid: 0, role: 'SUBSCRIBER' });
    const base = { appId: APP_ID, channelName: 'room-abc', uid: 1234, token: t.token };
    expect(await join(base)).toEqual({ status: 200, joined: true });
    expect(await join({ ...base, publishAudio: true })).toMatchObject({
      status: 401,
      reason: 'no publish privilege',
    });
  });

  it('LIVE-AUDIO-10: a token expires when it says; one signed with another certificate is refused', async () => {
    const t = await ask({ channelName: room, uid: 5, role: 'PUBLISHER', expireSeconds: 60 });
    const base = { appId: APP_ID, channelName: room, uid: 5, token: t.token };
    edge.now = Math.floor(Date.parse(t.expiresAt) / 1000) - 1;
    expect((await join(base)).status).toBe(200);
    edge.now += 1;
    expect(await join(base)).toMatchObject({ status: 401, reason: 'token expired' });
    edge.now = null;

    const other = await startTestServer({
      AGORA_APP_ID: APP_ID,
      AGORA_APP_CERTIFICATE: 'ffffffffffffffffffffffffffffffff',
    });
    try {
      const me = await other.createUser();
      const forged = await other.as(me.token).call(e.agoraToken, {
        body: { channelName: room, uid: 5, role: 'SUBSCRIBER', expireSeconds: 600 },
      });
      expect(await join({ ...base, token: forged.token })).toMatchObject({
        reason: 'invalid token',
      });
    } finally {
      await other.close();
    }
  });

  it('LIVE-AUDIO-10: no session token answers 401, bad input 400, a guest 403', async () => {
    await expectError(
      s.client.call(e.agoraToken, { body: { channelName: 'room', uid: 1, role: 'PUBLISHER' } }),
      401,
    );
    await expectError(ask({ channelName: 'room/../x', uid: 1, role: 'PUBLISHER' }), 400);
    const g = await guest(s);
    await expectError(
      s.as(g.token).call(e.agoraToken, {
        body: { channelName: 'room', uid: 1, role: 'SUBSCRIBER' },
      }),
      403,
    );
  });
});
