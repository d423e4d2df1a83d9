import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_AUDIO_LIMITS } from '@tt/protocol';
import { startTestServer, type TestServer } from '../../test/harness';
import { LiveAudioClient, packet, setLiveAudio, upgradeStatus } from './live-audio.testing';
import { LIVE_AUDIO_SOCKETS_PER_USER } from './live-audio';
import { createRoom, giveRole, guest, RoomClient, song, startRealtimeServer } from './test-kit';

/**
 * LIVE-AUDIO-1..7 (docs/ROOM-RULES.md): the built-in live audio at /api/live-audio/socket — who
 * may open it, join, talk, raise a hand, let in and cut; the relay to the room's other people, its
 * caps, and the same across two processes sharing Redis.
 */

let s: TestServer;
const open: { close(): void }[] = [];
const track = <T extends { close(): void }>(c: T) => (open.push(c), c);
type User = Awaited<ReturnType<TestServer['createUser']>>;
let owner: User;
let listener: User;
let roomUuid: string;

const joined = async (token: string, room = roomUuid) =>
  track(await LiveAudioClient.joined(s, token, room));

beforeAll(async () => {
  s = await startRealtimeServer();
  owner = await s.createUser({ nickname: 'Owner' });
  listener = await s.createUser({ nickname: 'Listener' });
  roomUuid = (await createRoom(s, owner.token)).uuid;
  await setLiveAudio(s, owner.token, roomUuid, true);
});
afterAll(async () => {
  for (const c of open) c.close();
  await s?.close();
});

describe('LIVE-AUDIO-1: opening and joining', () => {
  it('LIVE-AUDIO-1: no token or a bad token is refused 401 before the socket opens; a session token opens it', async () => {
    expect(await upgradeStatus(s, '')).toBe(401);
    expect(await upgradeStatus(s, '?token=not-a-token')).toBe(401);
    expect(await upgradeStatus(s, `?token=${listener.token}`)).toBe(101);
  });

  it('LIVE-AUDIO-6: one account holds at most LIVE_AUDIO_SOCKETS_PER_USER sockets; the next is refused 429', async () => {
    const many = await s.createUser({ nickname: 'Tabs' });
    for (let i = 0; i < LIVE_AUDIO_SOCKETS_PER_USER; i++) {
      track(await LiveAudioClient.open(s, many.token));
    }
    expect(await upgradeStatus(s, `?token=${many.token}`)).toBe(429);
  });

  it('LIVE-AUDIO-1: a room whose live audio is off, or that does not exist, is refused with its code', async () => {
    const quiet = (await createRoom(s, owner.token)).uuid;
    const c = track(await LiveAudioClient.open(s, listener.token));
    c.send({ type: 'join', roomUuid: quiet });
    expect(await c.error()).toBe('LIVE_AUDIO_OFF');
    const at = c.mark;
    c.send({ type: 'join', roomUuid: '00000000-0000-4000-8000-000000000000' });
    expect(await c.error(at)).toBe('ROOM_NOT_FOUND');
  });

  it('LIVE-AUDIO-6: bad input is answered LIVE_AUDIO_BAD_FRAME; anything before a join LIVE_AUDIO_NOT_JOINED', async () => {
    const c = track(await LiveAudioClient.open(s, listener.token));
    c.ws.send('not json');
    expect(await c.error()).toBe('LIVE_AUDIO_BAD_FRAME');
    let at = c.mark;
    c.send({ type: 'shout' });
    expect(await c.error(at)).toBe('LIVE_AUDIO_BAD_FRAME');
    at = c.mark;
    c.send({ type: 'join', roomUuid: 'nope' });
    expect(await c.error(at)).toBe('LIVE_AUDIO_BAD_FRAME');
    at = c.mark;
    c.send({ type: 'speak' });
    expect(await c.error(at)).toBe('LIVE_AUDIO_NOT_JOINED');
  });
});

describe('LIVE-AUDIO-2, LIVE-AUDIO-5: who talks, and the relay', () => {
  it('LIVE-AUDIO-5: the owner talks; the listener gets the packets in order and sees who talks; the owner does not hear themself', async () => {
    const talk = await joined(owner.token);
    const hear = await joined(listener.token);
    talk.send({ type: 'speak' });
    await talk.next((m) => m.type === 'speaking');
    await hear.state((m) => m.speakers.includes(owner.uuid));
    talk.send({ type: 'audio', seq: 1, packets: [packet(1), packet(2)] });
    talk.send({ type: 'audio', seq: 2, packets: [packet(3)] });
    const first = await hear.next((m) => m.type === 'audio' && m.seq === 1);
    const second = await hear.next((m) => m.type === 'audio' && m.seq === 2);
    expect(first).toEqual({
      type: 'audio',
      from: owner.uuid,
      seq: 1,
      packets: [packet(1), packet(2)],
    });
    expect(second).toMatchObject({ packets: [packet(3)] });
    expect(talk.received.some((m) => m.type === 'audio')).toBe(false);
    talk.send({ type: 'stop' });
    await hear.state((m) => !m.speakers.includes(owner.uuid));
  });

  it('LIVE-AUDIO-2: a listener may not talk (LIVE_AUDIO_SPEAK_FORBIDDEN), nor send audio (LIVE_AUDIO_NOT_SPEAKING), nor let in or cut', async () => {
    const c = await joined(listener.token);
    c.send({ type: 'speak' });
    expect(await c.error()).toBe('LIVE_AUDIO_SPEAK_FORBIDDEN');
    let at = c.mark;
    c.send({ type: 'audio', seq: 1, packets: [packet()] });
    expect(await c.error(at)).toBe('LIVE_AUDIO_NOT_SPEAKING');
    at = c.mark;
    c.send({ type: 'invite', userUuid: listener.uuid, allowed: true });
    expect(await c.error(at)).toBe('LIVE_AUDIO_INVITE_FORBIDDEN');
    at = c.mark;
    c.send({ type: 'cut', userUuid: owner.uuid });
    expect(await c.error(at)).toBe('LIVE_AUDIO_CUT_FORBIDDEN');
  });

  it('LIVE-AUDIO-2: a DJ on stage may talk; a co-owner may talk; a guest may listen but not raise a hand', async () => {
    const dj = await s.createUser({ nickname: 'Dj' });
    const sdk = await RoomClient.join(s, dj, roomUuid);
    track({ close: () => sdk.disconnect() });
    await sdk.action('addDj', { song: song('Talk over', 300) });
    const c = await joined(dj.token);
    c.send({ type: 'speak' });
    await c.next((m) => m.type === 'speaking');

    const co = await s.createUser({ nickname: 'Co' });
    await giveRole(s, owner.token, roomUuid, co.uuid, 'coOwner');
    const cc = await joined(co.token);
    cc.send({ type: 'speak' });
    await cc.next((m) => m.type === 'speaking');

    const g = await guest(s);
    const gc = await joined(g.token);
    gc.send({ type: 'hand', raised: true });
    expect(await gc.error()).toBe('FORBIDDEN_ROLE');
    c.send({ type: 'stop' });
    cc.send({ type: 'stop' });
  });

  it('LIVE-AUDIO-6: frames beyond the rate are refused SOCKET_RATE_LIMITED; an oversized packet LIVE_AUDIO_BAD_FRAME', async () => {
    const talk = await joined(owner.token);
    talk.send({ type: 'speak' });
    await talk.next((m) => m.type === 'speaking');
    const big = Buffer.alloc(LIVE_AUDIO_LIMITS.maxPacketBytes + 10).toString('base64');
    talk.send({ type: 'audio', seq: 0, packets: [big] });
    expect(await talk.error()).toBe('LIVE_AUDIO_BAD_FRAME');
    const at = talk.mark;
    for (let i = 0; i < LIVE_AUDIO_LIMITS.burst + 20; i++) {
      talk.send({ type: 'audio', seq: i, packets: [packet(i)] });
    }
    expect(await talk.error(at)).toBe('SOCKET_RATE_LIMITED');
    talk.send({ type: 'stop' });
  });
});

describe('LIVE-AUDIO-3, LIVE-AUDIO-4: hands, letting in, cutting', () => {
  it('LIVE-AUDIO-3: a listener raises a hand, the owner lets them in, they talk; LIVE-AUDIO-4: a moderator cuts them and they stay off the mic', async () => {
    const asker = await s.createUser({ nickname: 'Asker' });
    const mod = await s.createUser({ nickname: 'Mod' });
    await giveRole(s, owner.token, roomUuid, mod.uuid, 'moderator');
    const host = await joined(owner.token);
    const c = await joined(asker.token);
    const m = await joined(mod.token);

    c.send({ type: 'hand', raised: true });
    await host.state((x) => x.hands.includes(asker.uuid));
    host.send({ type: 'invite', userUuid: asker.uuid, allowed: true });
    await c.state((x) => x.invited.includes(asker.uuid) && !x.hands.includes(asker.uuid));
    c.send({ type: 'speak' });
    await c.next((x) => x.type === 'speaking');
    await m.state((x) => x.speakers.includes(asker.uuid));

    // A moderator may not let people in (hosts do), but may cut.
    m.send({ type: 'invite', userUuid: asker.uuid, allowed: true });
    expect(await m.error()).toBe('LIVE_AUDIO_INVITE_FORBIDDEN');
    const at = c.mark;
    m.send({ type: 'cut', userUuid: asker.uuid });
    await c.next((x) => x.type === 'cut', at);
    await host.state((x) => !x.speakers.includes(asker.uuid) && !x.invited.includes(asker.uuid));
    const again = c.mark;
    c.send({ type: 'audio', seq: 9, packets: [packet()] });
    expect(await c.error(again)).toBe('LIVE_AUDIO_NOT_SPEAKING');
    host.send({ type: 'invite', userUuid: asker.uuid, allowed: true });
    await c.state((x) => x.invited.includes(asker.uuid), again);
    const retry = c.mark;
    c.send({ type: 'speak' });
    expect(await c.error(retry)).toBe('LIVE_AUDIO_CUT');
  });
});

describe.skipIf(!process.env.REDIS_URL)('LIVE-AUDIO-7: two processes', () => {
  it('LIVE-AUDIO-7: a speaker on one process is heard by a listener on the other, through the bus', async () => {
    const other = await startTestServer({}, { share: s });
    try {
      const hear = track(await LiveAudioClient.joined(other, listener.token, roomUuid));
      const talk = await joined(owner.token);
      talk.send({ type: 'speak' });
      await hear.state((m) => m.speakers.includes(owner.uuid));
      talk.send({ type: 'audio', seq: 7, packets: [packet(7)] });
      await hear.next((m) => m.type === 'audio' && m.seq === 7 && m.from === owner.uuid);
      talk.send({ type: 'stop' });
    } finally {
      await other.close();
    }
  });
});
