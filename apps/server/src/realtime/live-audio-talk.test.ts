import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  providerTokenEndpoints as e,
  roomListEndpoints as lists,
  type AgoraTokenReq,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../test/harness';
import { LiveAudioClient, setLiveAudio } from './live-audio.testing';
import { createRoom, RoomClient, song, startRealtimeServer } from './test-kit';

/**
 * LIVE-AUDIO-10: a PUBLISHER Agora token only for someone the built-in live audio lets on the mic
 * (its own check: hosts, DJs on stage, a listener a host let in). LIVE-AUDIO-11: room lists say
 * whether someone talks now, while they do and not after.
 */

const APP_ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const CERT = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const AGORA = { AGORA_APP_ID: APP_ID, AGORA_APP_CERTIFICATE: CERT };
const FORBIDDEN = 'Only the DJs on stage, the room’s hosts and invited listeners can talk.';

let s: TestServer;
type User = Awaited<ReturnType<TestServer['createUser']>>;
let owner: User;
let listener: User;
let roomUuid: string;
const open: { close(): void }[] = [];
const track = <T extends { close(): void }>(c: T) => (open.push(c), c);

const token = (who: { token: string }, body: Partial<z.input<typeof AgoraTokenReq>> = {}) =>
  s.as(who.token).call(e.agoraToken, {
    body: { channelName: roomUuid, uid: 7, role: 'PUBLISHER', ...body },
  });
const talkingIn = async (server: TestServer, who: User) =>
  (await server.as(who.token).call(lists.owned, {})).find((r) => r.uuid === roomUuid)
    ?.liveAudioTalking;

beforeAll(async () => {
  s = await startRealtimeServer({ env: AGORA });
  owner = await s.createUser({ nickname: 'Owner' });
  listener = await s.createUser({ nickname: 'Listener' });
  roomUuid = (await createRoom(s, owner.token)).uuid;
  await setLiveAudio(s, owner.token, roomUuid, true);
});
afterAll(async () => {
  for (const c of open) c.close();
  await s?.close();
});

describe('LIVE-AUDIO-10: who may have a PUBLISHER token', () => {
  it('LIVE-AUDIO-10: the owner gets a PUBLISHER token for the room’s channel', async () => {
    const t = await token(owner);
    expect(t).toMatchObject({ channelName: roomUuid, uid: 7, role: 'PUBLISHER', appId: APP_ID });
    expect(t.token.startsWith('007')).toBe(true);
  });

  it('LIVE-AUDIO-10: a DJ on stage gets one', async () => {
    const dj = await s.createUser({ nickname: 'Dj' });
    const sdk = await RoomClient.join(s, dj, roomUuid);
    track({ close: () => sdk.disconnect() });
    await sdk.action('addDj', { song: song('Talk over', 300) });
    await expect.poll(() => token(dj).then((t) => t.role)).toBe('PUBLISHER');
    await sdk.action('removeDj');
    await expect
      .poll(() =>
        token(dj).then(
          () => 200,
          (err) => err.status,
        ),
      )
      .toBe(403);
  });

  it('LIVE-AUDIO-10: a listener is refused 403 LIVE_AUDIO_SPEAK_FORBIDDEN, yet may have a SUBSCRIBER token', async () => {
    const body = await expectError(token(listener), 403, FORBIDDEN);
    expect(body).toMatchObject({ code: 'LIVE_AUDIO_SPEAK_FORBIDDEN' });
    expect((await token(listener, { role: 'SUBSCRIBER', uid: 0 })).role).toBe('SUBSCRIBER');
  });

  it('LIVE-AUDIO-10: a listener a host let in gets one while let in; not once their live-audio socket closes', async () => {
    const asker = await s.createUser({ nickname: 'Asker' });
    const host = track(await LiveAudioClient.joined(s, owner.token, roomUuid));
    const c = track(await LiveAudioClient.joined(s, asker.token, roomUuid));
    await expectError(token(asker), 403, FORBIDDEN);
    c.send({ type: 'hand', raised: true });
    await host.state((x) => x.hands.includes(asker.uuid));
    host.send({ type: 'invite', userUuid: asker.uuid, allowed: true });
    await c.state((x) => x.invited.includes(asker.uuid));
    await expect.poll(() => token(asker).then((t) => t.role)).toBe('PUBLISHER');
    c.close();
    await expect
      .poll(() =>
        token(asker).then(
          () => 200,
          (err) => err.status,
        ),
      )
      .toBe(403);
  });

  it('LIVE-AUDIO-10: a channel that is no room answers 404, a room with live audio off 409', async () => {
    await expectError(token(owner, { channelName: 'room-abc' }), 404);
    const quiet = (await createRoom(s, owner.token)).uuid;
    const off = await expectError(token(owner, { channelName: quiet }), 409);
    expect(off).toMatchObject({ code: 'LIVE_AUDIO_OFF' });
  });

  it('LIVE-AUDIO-10: bad input answers 400, no session token 401', async () => {
    await expectError(token(owner, { channelName: 'room/../x' }), 400);
    await expectError(token(owner, { role: 'SPEAKER' as 'PUBLISHER' }), 400);
    await expectError(
      s.client.call(e.agoraToken, { body: { channelName: roomUuid, uid: 1, role: 'PUBLISHER' } }),
      401,
    );
  });
});

describe('LIVE-AUDIO-11: the lists say who talks now', () => {
  it('LIVE-AUDIO-11: the room shows as talking while its owner is on the mic, and not after', async () => {
    expect(await talkingIn(s, owner)).toBe(false);
    const talk = track(await LiveAudioClient.joined(s, owner.token, roomUuid));
    talk.send({ type: 'speak' });
    await talk.next((m) => m.type === 'speaking');
    await expect.poll(() => talkingIn(s, owner)).toBe(true);
    talk.send({ type: 'stop' });
    await expect.poll(() => talkingIn(s, owner)).toBe(false);
    talk.send({ type: 'speak' });
    await expect.poll(() => talkingIn(s, owner)).toBe(true);
    talk.close();
    await expect.poll(() => talkingIn(s, owner)).toBe(false);
  });

  it.skipIf(!process.env.REDIS_URL)(
    'LIVE-AUDIO-11: with two processes, the other process’s list shows it too; LIVE-AUDIO-10: a listener let in on one process gets a PUBLISHER token from the other',
    async () => {
      const other = await startTestServer(AGORA, { share: s });
      try {
        const talk = track(await LiveAudioClient.joined(s, owner.token, roomUuid));
        talk.send({ type: 'speak' });
        await expect.poll(() => talkingIn(other, owner)).toBe(true);
        talk.close();
        await expect.poll(() => talkingIn(other, owner)).toBe(false);

        const asker = await s.createUser({ nickname: 'Far asker' });
        const fromOther = () =>
          other
            .as(asker.token)
            .call(e.agoraToken, { body: { channelName: roomUuid, uid: 9, role: 'PUBLISHER' } })
            .then(
              () => 200,
              (err: { status: number }) => err.status,
            );
        expect(await fromOther()).toBe(403);
        const host = track(await LiveAudioClient.joined(s, owner.token, roomUuid));
        const c = track(await LiveAudioClient.joined(s, asker.token, roomUuid));
        host.send({ type: 'invite', userUuid: asker.uuid, allowed: true });
        await c.state((x) => x.invited.includes(asker.uuid));
        await expect.poll(fromOther).toBe(200);
        c.close();
        await expect.poll(fromOther).toBe(403);
      } finally {
        await other.close();
      }
    },
  );
});

describe('LIVE-AUDIO-10: without the realtime engine', () => {
  it('LIVE-AUDIO-10: a PUBLISHER token answers 503 (who may talk cannot be checked); a SUBSCRIBER token is signed', async () => {
    const bare = await startRealtimeServer({ env: { ...AGORA, SERVICES: 'user' } });
    try {
      const me = await bare.createUser();
      const body = { channelName: roomUuid, uid: 1 };
      await expectError(
        bare.as(me.token).call(e.agoraToken, { body: { ...body, role: 'PUBLISHER' } }),
        503,
      );
      const sub = await bare.as(me.token).call(e.agoraToken, {
        body: { ...body, role: 'SUBSCRIBER' },
      });
      expect(sub.role).toBe('SUBSCRIBER');
    } finally {
      await bare.close();
    }
  });
});
