import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomEndpoints } from '@tt/protocol';
import { SOCKET_RATE_LIMITS } from '@tt/rules';
import type { TestServer } from '../../test/harness';
import { createRoom, RawSocket, RoomClient, song, startRealtimeServer } from './test-kit';

/**
 * SEC-FLOOD-*: the socket's flood control, with the real rate table (the rules tests relax it).
 * No timing assertions: counts are bounded by the burst plus what the bucket could refill in
 * the time the test measured.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer({ realtime: { rateLimits: { ...SOCKET_RATE_LIMITS } } });
});
afterAll(() => s?.close());

const SLOW_DOWN = 'You are doing that too often, please slow down.';
const FLOODING = 'Too many refused messages: this connection is closed.';

/** A room where `dj` plays a long song; `listener` and `sender` are in it. */
async function playingRoom() {
  const [dj, listener, sender] = await Promise.all([
    s.createUser(),
    s.createUser(),
    s.createUser(),
  ]);
  const room = await createRoom(s, dj.token);
  const cd = await RoomClient.join(s, dj, room.uuid);
  await cd.action('addDj', { song: song('Flooded', 600) });
  const cl = await RoomClient.join(s, listener, room.uuid);
  const raw = await RawSocket.open(s, sender.token);
  raw.send({ event: 'action', params: { action: 'joinRoom', roomUuid: room.uuid }, messageId: 0 });
  await raw.next((f) => f?.context === 'response' && f.messageId === 0);
  return { room, sender, cd, cl, raw };
}

/** Sends `n` copies of an action at once; answers the answers, in order. */
async function burst(raw: RawSocket, n: number, params: Record<string, unknown>, from = 1) {
  for (let i = 0; i < n; i++) raw.send({ event: 'action', params, messageId: from + i });
  const answers = [];
  for (let i = 0; i < n; i++) {
    const id = from + i;
    answers.push(await raw.next((f) => f?.context === 'response' && f.messageId === id));
  }
  return answers;
}

const seconds = (since: number) => (performance.now() - since) / 1000;

describe('socket flood control', () => {
  it('SEC-FLOOD-1: a burst of animations: the bucket lets its burst through, the rest is refused at once with a code; listeners get only what was accepted', async () => {
    const { room, cl, cd, raw } = await playingRoom();
    const rule = SOCKET_RATE_LIMITS.playOneTimeAnimation;
    const before = cl.mark();
    const t0 = performance.now();
    const answers = await burst(raw, 40, {
      action: 'playOneTimeAnimation',
      roomUuid: room.uuid,
      animation: 'jump',
    });
    const elapsed = seconds(t0);
    const accepted = answers.filter((a) => a.status === 'OK').length;
    const refused = answers.filter((a) => a.error === SLOW_DOWN);
    expect(accepted + refused.length).toBe(40);
    expect(accepted).toBeGreaterThanOrEqual(rule.burst);
    expect(accepted).toBeLessThanOrEqual(rule.burst + Math.ceil(elapsed * rule.perSecond));
    expect(refused[0]).toMatchObject({ code: 'SOCKET_RATE_LIMITED', context: 'response' });
    // Each accepted animation reached the listener once; nothing refused did.
    await cl.waitFor('playedOneTimeAnimation', undefined, before);
    const mark = cl.mark();
    await cd.action('playOneTimeAnimation', { animation: 'jump' });
    await cl.waitFor('playedOneTimeAnimation', undefined, mark);
    const got = cl.received.slice(before).filter((m) => m.name === 'playedOneTimeAnimation').length;
    expect(got).toBe(accepted + 1);
    raw.close();
    cl.disconnect();
    cd.disconnect();
  });

  it('SEC-FLOOD-1: a user’s connections share a bucket per action; joinRoom has its own', async () => {
    const { room, sender, cl, cd, raw } = await playingRoom();
    const rule = SOCKET_RATE_LIMITS.voteOnSong;
    const second = await RawSocket.open(s, sender.token);
    const t0 = performance.now();
    const vote = { action: 'voteOnSong', roomUuid: room.uuid, songVotes: { like: true } };
    const first = await burst(raw, rule.burst, vote);
    // The burst is spent, whichever of the user's connections sends the next one.
    const next = await burst(second, 3, vote);
    const elapsed = seconds(t0);
    const okFirst = first.filter((a) => a.status === 'OK');
    expect(okFirst).toHaveLength(rule.burst);
    const refusedNext = next.filter((a) => a.error === SLOW_DOWN).length;
    expect(refusedNext).toBeGreaterThanOrEqual(3 - Math.ceil(elapsed * rule.perSecond));
    // Another kind of action is not held up by spent votes.
    second.send({
      event: 'action',
      params: { action: 'joinRoom', roomUuid: room.uuid },
      messageId: 9,
    });
    expect(await second.next((f) => f?.messageId === 9 && f.context === 'response')).toMatchObject({
      status: 'OK',
    });
    for (const c of [raw, second]) c.close();
    cl.disconnect();
    cd.disconnect();
  });

  it('SEC-FLOOD-2: a connection that keeps flooding is closed; REST answers meanwhile and listeners get a bounded number of broadcasts', async () => {
    const { room, cl, cd, raw } = await playingRoom();
    const before = cl.mark();
    const t0 = performance.now();
    const flood = { action: 'playOneTimeAnimation', roomUuid: room.uuid, animation: 'jump' };
    for (let i = 0; i < 1000; i++) raw.send({ event: 'action', params: flood, messageId: i + 1 });
    const card = await s.client.call(roomEndpoints.get, { params: { id: room.slug } });
    expect(card.uuid).toBe(room.uuid);
    expect(await raw.next((f) => f?.context === 'api' && f.error)).toEqual({
      error: FLOODING,
      code: 'SOCKET_FLOODING',
      context: 'api',
    });
    await raw.next((f) => f === 'primus::server::close');
    await raw.waitClosed();
    const elapsed = seconds(t0);
    const refused = raw.frames.filter((f: any) => f?.error === SLOW_DOWN).length;
    // Closed at the 50th refusal: far fewer than 1000 frames were even looked at.
    expect(refused).toBe(50);
    // What was accepted went out (its answers may not: the connection closed first); nothing else.
    const mark = cl.mark();
    await cd.action('playOneTimeAnimation', { animation: 'jump' });
    await cl.waitFor('playedOneTimeAnimation', undefined, mark);
    const accepted =
      cl.received.slice(before).filter((m) => m.name === 'playedOneTimeAnimation').length - 1;
    const rule = SOCKET_RATE_LIMITS.playOneTimeAnimation;
    expect(accepted).toBeGreaterThanOrEqual(rule.burst);
    expect(accepted).toBeLessThanOrEqual(rule.burst + Math.ceil(elapsed * rule.perSecond));
    cl.disconnect();
    cd.disconnect();
  });

  it('SEC-FLOOD-3: a vote that repeats the voter’s vote writes nothing and sends nothing', async () => {
    const { room, cl, cd, raw } = await playingRoom();
    const port = s.app.platform.ports.rooms!;
    const save = port.saveLiveState;
    let saves = 0;
    port.saveLiveState = (uuid, state) => {
      if (uuid === room.uuid) saves++;
      return save(uuid, state);
    };
    try {
      const vote = { action: 'voteOnSong', roomUuid: room.uuid, songVotes: { like: true } };
      const mark = cl.mark();
      await burst(raw, 1, vote);
      await cl.waitFor('votedOnSong', undefined, mark);
      const votesSeen = () => cl.received.filter((m) => m.name === 'votedOnSong').length;
      const seenBefore = votesSeen();
      // ROOM-SAVE-1 may still write the first vote a moment later: wait until the writes stop.
      for (let last = -1; last !== saves;) {
        last = saves;
        await new Promise((r) => setTimeout(r, 700));
      }
      const savesBefore = saves;
      const repeats = await burst(raw, 5, vote, 100);
      expect(repeats.every((a) => a.status === 'OK')).toBe(true);
      // A change after the repeats is the next message anyone sees.
      const after = cl.mark();
      await cd.action('playOneTimeAnimation', { animation: 'jump' });
      await cl.waitFor('playedOneTimeAnimation', undefined, after);
      expect(votesSeen()).toBe(seenBefore);
      expect(saves).toBe(savesBefore);
    } finally {
      port.saveLiveState = save;
    }
    raw.close();
    cl.disconnect();
    cd.disconnect();
  });
});
