import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { SOCKET_ACTIONS, type ClientRoomState } from '@tt/protocol';
import { RoomConnection } from './connection';
import { CURRENT_ROOM_KEY, readCurrentRoom } from './currentRoom';
import { initialRoomState, type RoomStoreState } from './store';
import { fakeGateway, memoryStorage, sampleState } from './testing';

function setup(opts: { password?: string; random?: number } = {}) {
  const { gateway, sockets, socket, timers } = fakeGateway({ random: () => opts.random ?? 0.5 });
  gateway.follow('tok en');
  const store = createStore<RoomStoreState>()(() => ({ ...initialRoomState }));
  const logs: string[] = [];
  const storage = memoryStorage();
  let clock = 1_000_000;
  const conn = new RoomConnection({
    slug: 'late-night',
    roomUuid: 'room-1',
    password: opts.password,
    gateway,
    store,
    storage,
    timers,
    random: () => opts.random ?? 0.5,
    now: () => clock,
    log: (m) => logs.push(m),
  });
  /** Opens the socket and answers the joinRoom with `state`. */
  const joinWith = (state: ClientRoomState, serverTime = clock + 250) => {
    const join = socket().lastAction();
    expect(join.params.action).toBe('joinRoom');
    socket().serverSend({
      context: 'response',
      messageId: join.messageId,
      roomUuid: 'room-1',
      allowedRooms: ['room-1'],
      didCreate: false,
      state,
      serverTime,
    });
  };
  const patch = (name: string, statePatch: unknown) =>
    socket().serverSend({
      context: 'user',
      room: 'room-1',
      from: 'server',
      sentAt: clock,
      message: { name, statePatch },
    });
  const say = (name: string, params?: unknown) =>
    socket().serverSend({ context: 'user', message: { name, params } });
  const tick = (ms: number) => {
    clock += ms;
    timers.advance(ms);
  };
  const record = () => readCurrentRoom(storage);
  return {
    conn,
    store,
    storage,
    record,
    sockets,
    socket,
    timers,
    logs,
    joinWith,
    patch,
    say,
    tick,
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('room socket: joining', () => {
  it('opens /primus with the token and a cache buster, then joins with the room uuid and password', () => {
    const t = setup({ password: 'secret' });
    t.conn.start();
    expect(t.socket().url).toMatch(
      /^wss:\/\/tt\.example\/primus\?token=tok%20en&_primuscb=[\w-]+$/,
    );
    expect(t.store.getState().status).toBe('connecting');
    t.socket().serverOpen();
    expect(t.socket().lastAction().params).toEqual({
      action: 'joinRoom',
      roomUuid: 'room-1',
      password: 'secret',
    });
  });

  it('takes the full state on join, the server clock offset, and stores the current room slug', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    t.joinWith(sampleState(), 1_000_000 + 750);
    await flush();
    const s = t.store.getState();
    expect(s.status).toBe('joined');
    expect(s.state?.settings.slug).toBe('late-night');
    expect(s.serverTimeOffset).toBe(750);
    expect(t.record()).toMatchObject({ slug: 'late-night', error: null });
    expect(t.storage.getItem(CURRENT_ROOM_KEY)).toContain('late-night');
  });

  it('a refused join fails with the server message and does not reconnect', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    const join = t.socket().lastAction();
    t.socket().serverSend({
      context: 'response',
      messageId: join.messageId,
      error: 'Wrong password',
    });
    await flush();
    expect(t.store.getState()).toMatchObject({ status: 'failed', error: 'Wrong password' });
    // GATEWAY-CLIENT-2: the app's socket stays open (the chat is on it); the room is not joined again.
    expect(t.socket().closed).toBe(false);
    t.socket().serverDrop();
    t.tick(60_000);
    t.socket().serverOpen();
    expect(t.sockets).toHaveLength(2);
    expect(t.socket().actions()).toHaveLength(0);
  });
});

describe('room socket: state patches', () => {
  it('applies each statePatch in order to a copy of the state', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    const before = sampleState();
    t.joinWith(before);
    await flush();
    t.patch('votedOnSong', [
      { op: 'replace', path: '/voteCounts/likes', value: 1 },
      { op: 'replace', path: '/vibeMeter', value: 0.5 },
      { op: 'add', path: '/allUserData/a/songVotes/like', value: true },
    ]);
    const s = t.store.getState().state!;
    expect(s.voteCounts.likes).toBe(1);
    expect(s.vibeMeter).toBe(0.5);
    expect(s.allUserData.a.songVotes).toEqual({ like: true });
    expect(before.voteCounts.likes).toBe(0); // the previous state object is untouched
  });

  it('a patch right behind the join answer applies to the state of that answer', () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    t.joinWith(sampleState());
    t.patch('updatedUserData', [{ op: 'add', path: '/allUserData/a/songVotes/star', value: true }]);
    expect(t.store.getState().state!.allUserData.a.songVotes).toEqual({ star: true });
  });

  it('a patch that fails validation is logged, leaves the state as it was, and rejoins', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    t.joinWith(sampleState());
    await flush();
    t.patch('removedDj', [
      { op: 'replace', path: '/voteCounts/likes', value: 3 },
      { op: 'remove', path: '/djs/4' },
    ]);
    expect(t.logs.some((l) => l.includes('removedDj') && l.includes('rejoining'))).toBe(true);
    expect(t.store.getState().state!.voteCounts.likes).toBe(0);
    expect(t.store.getState().status).toBe('rejoining');
    expect(
      t
        .socket()
        .actions()
        .map((a) => a.params.action),
    ).toEqual(['joinRoom', 'joinRoom']);
    // patches that arrive before the fresh state are dropped; the fresh state replaces all
    t.patch('votedOnSong', [{ op: 'replace', path: '/voteCounts/likes', value: 9 }]);
    t.joinWith(sampleState({ vibeMeter: 0.25 }));
    await flush();
    expect(t.store.getState()).toMatchObject({ status: 'joined' });
    expect(t.store.getState().state).toMatchObject({ vibeMeter: 0.25, voteCounts: { likes: 0 } });
  });

  it('a malformed statePatch (not a list) rejoins too', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    t.joinWith(sampleState());
    await flush();
    t.patch('playedSong', { op: 'replace' });
    expect(t.socket().actions()).toHaveLength(2);
  });

  it('a settings update that changes the slug changes the stored slug', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    t.joinWith(sampleState());
    await flush();
    t.patch('updatedRoomSettings', [
      { op: 'replace', path: '/settings/slug', value: 'after-dark' },
    ]);
    expect(t.store.getState().slug).toBe('after-dark');
    expect(t.record()?.slug).toBe('after-dark');
  });
});

describe('room socket: heartbeat and reconnects', () => {
  it('answers primus::ping with primus::pong and keeps the server clock offset', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    t.socket().serverSend('primus::ping::1000400');
    expect(t.socket().sent).toContain('primus::pong::1000400');
    expect(t.store.getState().serverTimeOffset).toBe(400);
  });

  it('a lost socket reconnects with backoff and rejoins', async () => {
    const t = setup({ random: 0 });
    t.conn.start();
    t.socket().serverOpen();
    t.joinWith(sampleState());
    await flush();
    t.socket().serverDrop();
    expect(t.store.getState().status).toBe('reconnecting');
    expect(t.timers.pending()[0]).toBe(500);
    t.tick(500);
    expect(t.sockets).toHaveLength(2);
    t.socket().serverDrop(); // the first try fails: the next wait is longer
    expect(t.timers.pending()[0]).toBe(1000);
    t.tick(1000);
    expect(t.sockets).toHaveLength(3);
    t.socket().serverOpen();
    expect(t.socket().lastAction().params.action).toBe('joinRoom');
    expect(t.store.getState().status).toBe('rejoining');
    t.joinWith(sampleState({ vibeMeter: 1 }));
    await flush();
    expect(t.store.getState()).toMatchObject({ status: 'joined', state: { vibeMeter: 1 } });
  });

  it('an action in flight when the socket drops is rejected', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    t.joinWith(sampleState());
    await flush();
    const vote = t.conn.action(SOCKET_ACTIONS.voteOnSong, { songVotes: { like: true } });
    t.socket().serverDrop();
    await expect(vote).rejects.toMatchObject({ disconnected: true });
  });

  it('primus::server::close ends the connection without reconnecting', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    t.joinWith(sampleState());
    await flush();
    t.socket().serverSend('primus::server::close');
    t.socket().serverDrop();
    expect(t.store.getState().status).toBe('closed');
    t.tick(60_000);
    expect(t.sockets).toHaveLength(1);
  });

  it('SEC-FLOOD-2: the reason the server gives before closing (flooding, socket limits) stays with its code', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    t.joinWith(sampleState());
    await flush();
    const vote = t.conn.action(SOCKET_ACTIONS.voteOnSong, { songVotes: { like: true } });
    t.socket().serverSend({
      context: 'response',
      messageId: t.socket().lastAction().messageId,
      error: 'You are doing that too often, please slow down.',
      code: 'SOCKET_RATE_LIMITED',
    });
    await expect(vote).rejects.toMatchObject({ code: 'SOCKET_RATE_LIMITED', disconnected: false });
    t.socket().serverSend({
      error: 'Too many refused messages: this connection is closed.',
      code: 'SOCKET_FLOODING',
      context: 'api',
    });
    t.socket().serverSend('primus::server::close');
    t.socket().serverDrop();
    expect(t.store.getState()).toMatchObject({
      status: 'closed',
      error: 'Too many refused messages: this connection is closed.',
      errorCode: 'SOCKET_FLOODING',
    });
  });

  it('SEC-SOCKETS-1: a refused join keeps the code of the refusal', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    t.socket().serverSend({
      context: 'response',
      messageId: t.socket().lastAction().messageId,
      error: 'Too many open connections for this account, please close some tabs.',
      code: 'SOCKET_USER_LIMIT',
    });
    await flush();
    expect(t.store.getState()).toMatchObject({ status: 'failed', errorCode: 'SOCKET_USER_LIMIT' });
  });

  it('a socket silent for longer than the ping timeout is reopened', async () => {
    const t = setup({ random: 0 });
    t.conn.start();
    t.socket().serverOpen();
    t.joinWith(sampleState());
    await flush();
    t.tick(45_000);
    expect(t.sockets[0].closed).toBe(true);
    t.tick(500);
    expect(t.sockets).toHaveLength(2);
  });
});

describe('room socket: server events', () => {
  it('roomReset rejoins after a random delay of up to 2 seconds', async () => {
    const t = setup({ random: 0.75 });
    t.conn.start();
    t.socket().serverOpen();
    t.joinWith(sampleState());
    await flush();
    t.say('roomReset');
    expect(t.store.getState().status).toBe('rejoining');
    t.tick(1499);
    expect(t.socket().actions()).toHaveLength(1);
    t.tick(1);
    expect(t.socket().actions()).toHaveLength(2);
    t.joinWith(sampleState({ djs: [] }));
    await flush();
    expect(t.store.getState().status).toBe('joined');
  });

  it('kickedFromRoom leaves the room and keeps the reason', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    t.joinWith(sampleState());
    await flush();
    t.say('kickedFromRoom', { reason: 'Be nice' });
    expect(t.store.getState()).toMatchObject({
      status: 'kicked',
      kickReason: 'Be nice',
      state: null,
    });
    // GATEWAY-CLIENT-4: the socket stays open for the chat; the room is left and not joined again.
    expect(t.socket().closed).toBe(false);
    expect(t.record()).toMatchObject({ slug: 'late-night', error: 'Be nice' });
    t.socket().serverDrop();
    t.tick(60_000);
    t.socket().serverOpen();
    expect(t.socket().actions()).toHaveLength(0);
    expect(t.store.getState().status).toBe('kicked');
  });

  it('a one-time animation shows on the user for a moment', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    t.joinWith(sampleState());
    await flush();
    t.say('playedOneTimeAnimation', { userUuid: 'a', animation: 'emoji', emoji: '🔥' });
    expect(t.store.getState().animations.a).toMatchObject({ animation: 'emoji', emoji: '🔥' });
    t.tick(3000);
    expect(t.store.getState().animations.a).toBeUndefined();
  });

  it('actions carry the room uuid and resolve with the response, or reject with its error', async () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    t.joinWith(sampleState());
    await flush();
    const ok = t.conn.action(SOCKET_ACTIONS.voteOnSong, { songVotes: { like: true } });
    const sent = t.socket().lastAction();
    expect(sent.params).toEqual({
      action: 'voteOnSong',
      roomUuid: 'room-1',
      songVotes: { like: true },
    });
    t.socket().serverSend({ context: 'response', messageId: sent.messageId, status: 'OK' });
    await expect(ok).resolves.toMatchObject({ status: 'OK' });
    const bad = t.conn.action(SOCKET_ACTIONS.skipSong, {});
    t.socket().serverSend({
      context: 'response',
      messageId: t.socket().lastAction().messageId,
      error: 'Only the DJ or a moderator can skip',
    });
    await expect(bad).rejects.toThrow('Only the DJ or a moderator can skip');
  });
});

describe('room socket: leaving', () => {
  it('ROOM-LEAVE-1, GATEWAY-CLIENT-2: stop() says roomLeave, so the room sees the person go at once; the socket stays', () => {
    const t = setup();
    t.conn.start();
    t.socket().serverOpen();
    t.joinWith(sampleState());
    t.conn.stop();
    expect(t.socket().sent.at(-1)).toEqual({
      event: 'roomLeave',
      room: 'room-1',
      messageId: 'leave',
    });
    expect(t.socket().closed).toBe(false);
    // Later frames of the room it left change nothing.
    t.patch('votedOnSong', [{ op: 'replace', path: '/voteCounts/likes', value: 9 }]);
    expect(t.store.getState().state?.voteCounts.likes).toBe(0);
  });
});
