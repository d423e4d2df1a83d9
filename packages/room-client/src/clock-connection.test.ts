import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { RoomConnection } from './connection';
import { initialRoomState, type RoomStoreState } from './store';
import { fakeGateway, sampleState } from './testing';

/** A room connection on a local clock the test moves. */
function setup() {
  const { gateway, sockets, timers } = fakeGateway();
  gateway.follow('tok');
  const store = createStore<RoomStoreState>()(() => ({ ...initialRoomState }));
  const clock = { now: 1_000_000 };
  const conn = new RoomConnection({
    slug: 'late-night',
    roomUuid: 'room-1',
    gateway,
    store,
    now: () => clock.now,
    timers,
    log: () => undefined,
  });
  /** Moves the local clock and the timers together. */
  const advance = (ms: number) => {
    clock.now += ms;
    timers.advance(ms);
  };
  return { conn, store, clock, timers, advance, socket: () => sockets[sockets.length - 1]! };
}

describe('SYNC-1..3: the room connection keeps the estimated server clock', () => {
  it('the join is a round trip (sent at t0, read at t1); a heartbeat only raises it', () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen(); // the join is sent at 1_000_000
    const join = t.socket().lastAction();
    t.clock.now += 200; // answered 200 ms later, stamped by the server 1.234 s ahead, 80 ms in
    t.socket().serverSend({
      context: 'response',
      messageId: join.messageId,
      state: sampleState(),
      serverTime: 1_000_000 + 80 + 1234,
    });
    // serverTime − (t0 + t1) / 2 = 1234 + 80 − 100; the truth is within ± 100.
    expect(t.store.getState()).toMatchObject({
      status: 'joined',
      serverTimeOffset: 1214,
      serverTimeUncertainty: 100,
    });
    // A heartbeat that came in 50 ms: offset ≥ 1234 − 50 = 1184, under the estimate: no change.
    t.clock.now += 5000;
    t.socket().serverSend(`primus::ping::${t.clock.now - 50 + 1234}`);
    expect(t.store.getState().serverTimeOffset).toBe(1214);
    // One that came in 5 ms: offset ≥ 1229, over the estimate: it is raised to the bound.
    t.clock.now += 5000;
    t.socket().serverSend(`primus::ping::${t.clock.now - 5 + 1234}`);
    expect(t.store.getState().serverTimeOffset).toBe(1229);
  });
});

describe('SYNC-6: clockSync round trips after the join', () => {
  /** Lets `ms` pass with the server's heartbeat every 20 s (it came in 50 ms: a loose bound). */
  function idle(t: ReturnType<typeof setup>, ms: number, ahead: number) {
    for (let left = ms; left > 0; left -= 20_000) {
      t.socket().serverSend(`primus::ping::${t.clock.now - 50 + ahead}`);
      t.advance(Math.min(20_000, left));
    }
  }

  /** Answers the last action (a clockSync) after `rtt` ms, stamped `ahead` ms ahead, mid-way. */
  function answerClock(t: ReturnType<typeof setup>, rtt: number, ahead: number) {
    const ask = t.socket().lastAction()!;
    expect(ask.params).toMatchObject({ action: 'clockSync' });
    const sentAt = t.clock.now;
    t.clock.now += rtt;
    t.socket().serverSend({
      context: 'response',
      messageId: ask.messageId,
      status: 'OK',
      serverTime: sentAt + rtt / 2 + ahead,
    });
  }

  it('4 round trips 1.5 s apart, then one a minute, each narrowing the estimate; none after leaving', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    const join = t.socket().lastAction()!;
    t.clock.now += 400; // a slow join: ± 200 ms
    t.socket().serverSend({
      context: 'response',
      messageId: join.messageId,
      state: sampleState(),
      serverTime: t.clock.now - 300 + 5000,
    });
    expect(t.store.getState().serverTimeUncertainty).toBe(200);
    const clockSyncs = () =>
      t
        .socket()
        .actions()
        .filter((a) => a.params.action === 'clockSync');
    expect(clockSyncs()).toHaveLength(0);
    const rtts = [100, 60, 40, 20];
    for (const [i, rtt] of rtts.entries()) {
      t.advance(1499);
      expect(clockSyncs()).toHaveLength(i);
      t.advance(1);
      expect(clockSyncs()).toHaveLength(i + 1);
      answerClock(t, rtt, 5000);
      await Promise.resolve(); // the answer settles: the next one is scheduled
      await Promise.resolve();
      expect(t.store.getState().serverTimeUncertainty).toBeLessThanOrEqual(rtt / 2);
    }
    // The true offset is 5000: the fastest round trip pins it within ± 10 ms.
    expect(t.store.getState().serverTimeOffset).toBe(5000);
    expect(t.store.getState().serverTimeUncertainty).toBe(10);
    idle(t, 59_999, 5000);
    expect(clockSyncs()).toHaveLength(4);
    t.advance(1);
    expect(clockSyncs()).toHaveLength(5);
    answerClock(t, 30, 5000);
    await Promise.resolve();
    await Promise.resolve();
    t.conn.stop();
    idle(t, 600_000, 5000);
    expect(clockSyncs()).toHaveLength(5);
  });

  it('a refused clockSync waits a minute; the round trips start over after a rejoin', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    const join = () => {
      const ask = t.socket().lastAction()!;
      t.socket().serverSend({
        context: 'response',
        messageId: ask.messageId,
        state: sampleState(),
        serverTime: t.clock.now,
      });
    };
    join();
    const clockSyncs = () =>
      t
        .socket()
        .actions()
        .filter((a) => a.params.action === 'clockSync');
    t.advance(1500);
    const ask = t.socket().lastAction()!;
    t.socket().serverSend({
      context: 'response',
      messageId: ask.messageId,
      error: 'You are doing that too often, please slow down.',
      code: 'SOCKET_RATE_LIMITED',
    });
    await Promise.resolve();
    await Promise.resolve();
    idle(t, 59_999, 0);
    expect(clockSyncs()).toHaveLength(1);
    t.advance(1);
    expect(clockSyncs()).toHaveLength(2);
    t.conn.rejoin('test');
    join();
    t.advance(1500);
    expect(clockSyncs()).toHaveLength(3);
  });
});
