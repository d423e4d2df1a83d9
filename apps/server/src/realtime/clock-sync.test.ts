import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_RATE_LIMITS } from '@tt/rules';
import type { TestServer } from '../../test/harness';
import {
  createRoom,
  RawSocket,
  RELAXED_RATE_LIMITS,
  RoomClient,
  song,
  startRealtimeServer,
} from './test-kit';

/**
 * SYNC-6: `clockSync` answers the server's clock on the room socket, with its own rate limit (the
 * real one here, the others relaxed). An unmodified SDK client never sends it and is unaffected.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer({
    realtime: { rateLimits: { ...RELAXED_RATE_LIMITS, clockSync: SOCKET_RATE_LIMITS.clockSync } },
  });
});
afterAll(() => s?.close());

describe('SYNC-6: clockSync, a time echo on the room socket', () => {
  it('answers { serverTime } between the send and the read, without a room', async () => {
    const user = await s.createUser();
    const raw = await RawSocket.open(s, user.token);
    const t0 = Date.now();
    raw.send({ event: 'action', params: { action: 'clockSync' }, messageId: 1 });
    const answer = await raw.next((f) => f?.context === 'response' && f.messageId === 1);
    const t1 = Date.now();
    expect(answer).toMatchObject({ status: 'OK', context: 'response' });
    // The test server shares this process's clock: the stamp lies within the round trip.
    expect(answer.serverTime).toBeGreaterThanOrEqual(t0);
    expect(answer.serverTime).toBeLessThanOrEqual(t1);
    // A roomUuid sent along (as the room client does) is ignored; a wrong type is refused.
    raw.send({ event: 'action', params: { action: 'clockSync', roomUuid: 'x' }, messageId: 2 });
    expect(await raw.next((f) => f?.messageId === 2)).toMatchObject({ status: 'OK' });
    raw.send({ event: 'action', params: { action: 'clockSync', roomUuid: 7 }, messageId: 3 });
    expect(await raw.next((f) => f?.messageId === 3)).toMatchObject({
      code: 'SOCKET_INVALID_PARAMS',
    });
    raw.close();
  });

  it('past its burst it is refused with SOCKET_RATE_LIMITED; other actions keep their own bucket', async () => {
    const [dj, user] = await Promise.all([s.createUser(), s.createUser()]);
    const room = await createRoom(s, dj.token);
    const raw = await RawSocket.open(s, user.token);
    const rule = SOCKET_RATE_LIMITS.clockSync;
    const n = rule.burst + 5;
    for (let i = 1; i <= n; i++) {
      raw.send({ event: 'action', params: { action: 'clockSync' }, messageId: i });
    }
    const answers = [];
    for (let i = 1; i <= n; i++) answers.push(await raw.next((f) => f?.messageId === i));
    const accepted = answers.filter((a) => a.status === 'OK').length;
    // The bucket refills 1 per 6 s: a burst sent at once gets its burst through, maybe one more.
    expect(accepted).toBeGreaterThanOrEqual(rule.burst);
    expect(accepted).toBeLessThanOrEqual(rule.burst + 1);
    expect(answers[n - 1]).toMatchObject({ code: 'SOCKET_RATE_LIMITED', context: 'response' });
    // The join draws from its own bucket and still goes through.
    raw.send({
      event: 'action',
      params: { action: 'joinRoom', roomUuid: room.uuid },
      messageId: 0,
    });
    expect(await raw.next((f) => f?.messageId === 0)).toMatchObject({ status: 'OK' });
    raw.close();
  });

  it('an unmodified SDK client still joins, plays and hears the room beside a client that asks the clock', async () => {
    const [dj, listener, other] = await Promise.all([
      s.createUser(),
      s.createUser(),
      s.createUser(),
    ]);
    const room = await createRoom(s, dj.token);
    const cd = await RoomClient.join(s, dj, room.uuid);
    const cl = await RoomClient.join(s, listener, room.uuid);
    expect(typeof cl.joinResult.serverTime).toBe('number');
    const raw = await RawSocket.open(s, other.token);
    raw.send({
      event: 'action',
      params: { action: 'joinRoom', roomUuid: room.uuid },
      messageId: 1,
    });
    await raw.next((f) => f?.messageId === 1);
    raw.send({
      event: 'action',
      params: { action: 'clockSync', roomUuid: room.uuid },
      messageId: 2,
    });
    expect(await raw.next((f) => f?.messageId === 2)).toMatchObject({ status: 'OK' });
    const mark = cl.mark();
    await cd.action('addDj', { song: song('Echo', 300) });
    await cl.waitFor('playedSong', undefined, mark);
    expect(cl.patchErrors).toEqual([]);
    expect(cl.state.nowPlaying?.song.trackName).toBe('Echo');
    raw.close();
    cl.disconnect();
    cd.disconnect();
  });
});
