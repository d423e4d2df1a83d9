import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, liveAudioListenPath } from '@tt/protocol';
import { startTestServer, type TestServer } from '../../test/harness';
import { listenProcesses } from './live-audio-listen';
import {
  maxVolume,
  meanVolume,
  mp3FrameStarts,
  sineOpusPackets,
} from './live-audio-listen.testing';
import { LiveAudioClient, setLiveAudio } from './live-audio.testing';
import { createRoom, giveRole, RoomClient, song, startRealtimeServer } from './test-kit';

/**
 * LIVE-AUDIO-12..14, LIVE-AUDIO-16 (docs/ROOM-RULES.md): a room's live voice as one MP3 stream for phones. A DJ
 * on stage sends real Opus packets (ffmpeg encodes a sine, the Ogg is parsed back) over the
 * live-audio socket; a GET of the listen route hears MP3 frames whose decoded level is well above
 * silence; who may listen is who may join the socket; the processes stop with the last phone.
 */

let s: TestServer;
type User = Awaited<ReturnType<TestServer['createUser']>>;
let owner: User;
let dj: User;
let phone: User;
let roomUuid: string;
let packets: Buffer[];
const open: { close(): void }[] = [];

const listenUrl = (server: TestServer, room: string, token?: string) =>
  `${server.url}${liveAudioListenPath(room)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

/**
 * A phone's GET of the listen route: the bytes as they come, with when each chunk came. node:http
 * rather than fetch: an aborted fetch left undici a spare connection that held up the server's close.
 */
async function listen(server: TestServer, token: string, room = roomUuid) {
  const chunks: { at: number; bytes: Buffer }[] = [];
  const req = http.get(listenUrl(server, room, token), { agent: false });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  res.on('data', (d: Buffer) => chunks.push({ at: Date.now(), bytes: d }));
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  const bytes = (from = 0) => Buffer.concat(chunks.slice(from).map((c) => c.bytes));
  const stop = async () => {
    req.destroy();
    await closed;
  };
  return {
    res: { status: res.statusCode, type: res.headers['content-type'] },
    chunks,
    bytes,
    stop,
  };
}

/** Sends the sine's packets as a speaker would: 3 packets (60 ms) a frame, in real time. */
async function speak(c: LiveAudioClient): Promise<number> {
  const firstAt = Date.now();
  for (let i = 0, seq = 0; i < packets.length; i += 3, seq++) {
    const batch = packets.slice(i, i + 3).map((p) => p.toString('base64'));
    c.send({ type: 'audio', seq, packets: batch });
    const next = firstAt + ((i + 3) / 3) * 60;
    await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
  }
  return firstAt;
}

/** The first chunk after which what was received decodes to sound (binary search on prefixes). */
async function firstVoicedChunk(heard: Awaited<ReturnType<typeof listen>>): Promise<number> {
  let lo = 0;
  let hi = heard.chunks.length - 1;
  const prefix = (i: number) => Buffer.concat(heard.chunks.slice(0, i + 1).map((c) => c.bytes));
  if ((await maxVolume(prefix(hi))) < -40) return -1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((await maxVolume(prefix(mid))) >= -40) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** A DJ on stage talks on `speakOn`; a phone listens on `phoneOn`: it hears the sine. */
async function hearTheDj(speakOn: TestServer, phoneOn: TestServer, label: string) {
  const heard = await listen(phoneOn, phone.token);
  expect(heard.res.status).toBe(200);
  expect(heard.res.type).toBe('audio/mpeg');
  // Silence flows while nobody talks.
  await expect.poll(() => heard.bytes().length, { timeout: 10_000 }).toBeGreaterThan(2_000);
  // The phone's own socket: who talks, without the Opus packets it cannot decode.
  const state = await LiveAudioClient.open(phoneOn, phone.token);
  open.push(state);
  state.send({ type: 'join', roomUuid, audio: false });
  await state.next((m) => m.type === 'ready');
  const talk = await LiveAudioClient.joined(speakOn, dj.token, roomUuid);
  open.push(talk);
  talk.send({ type: 'speak' });
  await talk.next((m) => m.type === 'speaking');
  const before = heard.chunks.length;
  const firstAt = await speak(talk);
  const sent = heard.chunks.length;
  await expect.poll(() => heard.chunks.length, { timeout: 10_000 }).toBeGreaterThan(sent + 5);
  talk.send({ type: 'stop' });
  await heard.stop();
  await state.state((x) => x.speakers.includes(dj.uuid));
  expect(state.received.some((m) => m.type === 'audio')).toBe(false);

  const all = heard.bytes();
  expect(all[0]).toBe(0xff); // no ID3 or Xing header: MP3 frames from the first byte
  expect(mp3FrameStarts(all).length).toBeGreaterThan(50);
  expect(await meanVolume(heard.bytes(0).subarray(0, 2_000))).toBeLessThan(-60);
  const voiced = await firstVoicedChunk(heard);
  expect(voiced).toBeGreaterThanOrEqual(before);
  expect(await meanVolume(heard.bytes(voiced))).toBeGreaterThan(-35);
  // A figure for the README, not an assertion on time.
  console.log(
    `LIVE-AUDIO-12 (${label}): first Opus packet sent → first non-silent MP3 bytes out: ${
      heard.chunks[voiced].at - firstAt
    } ms`,
  );
}

beforeAll(async () => {
  packets = await sineOpusPackets(3);
  s = await startRealtimeServer();
  owner = await s.createUser({ nickname: 'Owner' });
  dj = await s.createUser({ nickname: 'Dj' });
  phone = await s.createUser({ nickname: 'Phone' });
  roomUuid = (await createRoom(s, owner.token)).uuid;
  await setLiveAudio(s, owner.token, roomUuid, true);
  const sdk = await RoomClient.join(s, dj, roomUuid);
  open.push({ close: () => sdk.disconnect() });
  await sdk.action('addDj', { song: song('Talk over', 300) });
}, 60_000);
afterAll(async () => {
  for (const c of open) c.close();
  await s?.close();
});

describe('LIVE-AUDIO-12: the listen stream', () => {
  it('LIVE-AUDIO-12, LIVE-AUDIO-13: a phone hears a DJ on stage as MP3 well above silence', async () => {
    await hearTheDj(s, s, 'one process');
  }, 60_000);

  it('LIVE-AUDIO-16: the ffmpeg processes stop once the last phone has gone', async () => {
    const a = await listen(s, phone.token);
    const b = await listen(s, owner.token);
    await expect.poll(() => listenProcesses()).toBeGreaterThan(0);
    await a.stop();
    await expect.poll(() => b.bytes().length).toBeGreaterThan(1_000);
    expect(s.app.realtime!.liveAudio.listen.room(roomUuid)).toBeDefined();
    await b.stop();
    await expect.poll(() => listenProcesses(), { timeout: 10_000 }).toBe(0);
    expect(s.app.realtime!.liveAudio.listen.room(roomUuid)).toBeUndefined();
  });

  it('LIVE-AUDIO-12: no token or a bad one 401; a room id that is not a uuid 400', async () => {
    expect((await fetch(listenUrl(s, roomUuid))).status).toBe(401);
    expect((await fetch(listenUrl(s, roomUuid, 'not-a-token'))).status).toBe(401);
    const bad = await fetch(listenUrl(s, 'not-a-uuid', phone.token));
    expect(bad.status).toBe(400);
    expect(listenProcesses()).toBe(0);
  });

  it('LIVE-AUDIO-12: refused as the socket refuses: a ban, a missing room, live audio off', async () => {
    const banned = await s.createUser({ nickname: 'Banned' });
    await giveRole(s, owner.token, roomUuid, banned.uuid, 'banned');
    const quiet = (await createRoom(s, owner.token)).uuid;
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [token, room] of [
      [banned.token, roomUuid],
      [phone.token, quiet],
      [phone.token, missing],
    ] as const) {
      const c = await LiveAudioClient.open(s, token);
      open.push(c);
      c.send({ type: 'join', roomUuid: room });
      const code = (await c.error()) as keyof typeof ERRORS;
      const res = await fetch(listenUrl(s, room, token));
      expect(res.status).toBe(ERRORS[code].status);
      expect(await res.json()).toMatchObject({ code });
    }
    expect(listenProcesses()).toBe(0);
  });
});

describe.skipIf(!process.env.REDIS_URL)('LIVE-AUDIO-13: two processes', () => {
  it('LIVE-AUDIO-13: a phone on one process hears a DJ talking on the other, through the bus', async () => {
    const other = await startTestServer({}, { share: s });
    try {
      await hearTheDj(s, other, 'two processes');
    } finally {
      await other.close();
    }
    await expect.poll(() => listenProcesses(), { timeout: 10_000 }).toBe(0);
  }, 60_000);
});
