import { describe, expect, it } from 'vitest';
import { createChatSocket, type ChatEvent } from './chat-socket';
import { createRoomSession } from './session';
import { createRoomStore } from './store';
import { fakeGateway, memoryStorage, sampleState, type FakeSocket } from './testing';

/** One gateway with a room session and a chat on it, as an app holds them. */
function app() {
  const g = fakeGateway({ random: () => 0 });
  const store = createRoomStore();
  const session = createRoomSession({
    store,
    storage: memoryStorage(),
    gateway: g.gateway,
    timers: g.timers,
    log: () => undefined,
  });
  const chat = createChatSocket({ gateway: g.gateway });
  const events: ChatEvent[] = [];
  chat.subscribe((e) => events.push(e));
  /** The server: opens the socket and says `ready`. */
  const open = (s: FakeSocket = g.socket()) => {
    s.serverOpen();
    s.serverChat({ type: 'ready', uid: 'me', readOnly: false });
  };
  /** The server answers the last joinRoom. */
  const joined = (s: FakeSocket = g.socket()) =>
    s.serverSend({
      context: 'response',
      messageId: s.lastAction().messageId,
      state: sampleState(),
      serverTime: 1,
    });
  const joins = (s: FakeSocket = g.socket()) =>
    s.actions().filter((a) => a.params.action === 'joinRoom').length;
  /** Follows `token`, enters room-1 (its chat group too when `group`), and is joined. */
  const inRoom = (token = 'tok', group = false) => {
    g.gateway.follow(token);
    session.enterRoom({ slug: 'late-night', roomUuid: 'room-1' });
    if (group) chat.subscribeGroup('room-1');
    open();
    joined();
  };
  return { ...g, store, session, chat, events, open, joined, joins, inRoom };
}

describe('the gateway: one socket for the room and the chat (GATEWAY-CLIENT-1..5)', () => {
  it('GATEWAY-CLIENT-1: the room and the chat share one /primus socket; chat open goes first', () => {
    const t = app();
    t.inRoom('tok', true);
    expect(t.sockets).toHaveLength(1);
    expect(t.socket().url).toMatch(/^wss:\/\/tt\.example\/primus\?token=tok&/);
    expect(t.socket().sent[0]).toEqual({ event: 'chat', params: { type: 'open' } });
    expect(t.socket().lastAction().params).toMatchObject({
      action: 'joinRoom',
      roomUuid: 'room-1',
    });
    expect(t.socket().chatSent()).toContainEqual({ type: 'subscribe', guid: 'room-1' });
    expect(t.store.getState().status).toBe('joined');
    expect(t.chat.isConnected()).toBe(true);
  });

  it('GATEWAY-CLIENT-5: a lost socket reconnects once; the room rejoins and the chat resubscribes and resyncs', () => {
    const t = app();
    t.inRoom('tok', true);
    t.socket().serverDrop();
    expect(t.store.getState().status).toBe('reconnecting');
    expect(t.chat.isConnected()).toBe(false);
    t.timers.advance(t.timers.pending()[0]);
    expect(t.sockets).toHaveLength(2);
    t.open();
    expect(t.socket().chatSent()).toEqual([
      { type: 'open' },
      { type: 'subscribe', guid: 'room-1' },
    ]);
    expect(t.joins()).toBe(1);
    expect(t.store.getState().status).toBe('rejoining');
    expect(t.events.at(-1)).toEqual({ type: 'resync' });
    t.joined();
    expect(t.store.getState().status).toBe('joined');
  });

  it('GATEWAY-CLIENT-2: leaving a room says roomLeave and keeps the socket and the chat', () => {
    const t = app();
    t.inRoom();
    t.session.leaveRoom();
    expect(t.socket().sent.at(-1)).toEqual({
      event: 'roomLeave',
      room: 'room-1',
      messageId: 'leave',
    });
    expect(t.socket().closed).toBe(false);
    expect(t.chat.isConnected()).toBe(true);
    t.socket().serverChat({ type: 'message', message: { id: '1' } });
    expect(t.events.at(-1)).toMatchObject({ type: 'message' });
    // A reconnect later joins no room.
    t.socket().serverDrop();
    t.timers.advance(t.timers.pending()[0]);
    t.open();
    expect(t.joins()).toBe(0);
    expect(t.store.getState().status).toBe('idle');
  });

  it('GATEWAY-CLIENT-4: a kick leaves the room with its reason and keeps the chat', () => {
    const t = app();
    t.inRoom();
    t.socket().serverSend({
      context: 'user',
      room: 'room-1',
      message: { name: 'kickedFromRoom', params: { reason: 'Be nice' } },
    });
    expect(t.store.getState()).toMatchObject({ status: 'kicked', kickReason: 'Be nice' });
    expect(t.socket().closed).toBe(false);
    expect(t.chat.isConnected()).toBe(true);
    t.socket().serverChat({ type: 'notification', notification: { id: 'n' } });
    expect(t.events.at(-1)).toMatchObject({ type: 'notification' });
  });

  it('GATEWAY-CLIENT-1: a new token reconnects at once; the room rejoins on the new socket', () => {
    const t = app();
    t.inRoom('guest');
    t.gateway.follow('user');
    expect(t.sockets[0].closed).toBe(true);
    expect(t.socket().url).toMatch(/token=user&/);
    expect(t.store.getState().status).toBe('reconnecting');
    t.open();
    expect(t.joins()).toBe(1);
    expect(t.chat.isConnected()).toBe(true);
  });

  it('GATEWAY-CLIENT-5: a close for good (session revoked) ends room and chat until the token changes', () => {
    const t = app();
    t.inRoom();
    t.socket().serverSend('primus::server::close');
    t.socket().serverDrop();
    expect(t.store.getState().status).toBe('closed');
    expect(t.chat.isConnected()).toBe(false);
    t.timers.advance(60_000);
    t.chat.reconnectNow();
    t.gateway.follow('tok'); // the same token: still over
    expect(t.sockets).toHaveLength(1);
    expect(t.gateway.isEndedByServer).toBe(true);
    // Entering a room now is closed at once, not left waiting.
    t.session.enterRoom({ slug: 'late-night', roomUuid: 'room-1' });
    expect(t.store.getState().status).toBe('closed');
    t.gateway.follow('fresh');
    expect(t.sockets).toHaveLength(2);
    t.open();
    expect(t.chat.isConnected()).toBe(true);
  });

  it('GATEWAY-CLIENT-1: no token, no socket; a room entered before the token waits for it', () => {
    const t = app();
    t.session.enterRoom({ slug: 'late-night', roomUuid: 'room-1' });
    expect(t.sockets).toHaveLength(0);
    expect(t.store.getState().status).toBe('connecting');
    t.gateway.follow('tok');
    t.open();
    expect(t.joins()).toBe(1);
  });

  it('GATEWAY-CLIENT-2: a room left while its join is on its way is left again once the join is answered', async () => {
    const t = app();
    t.gateway.follow('tok');
    t.session.enterRoom({ slug: 'late-night', roomUuid: 'room-1' });
    t.open();
    const join = t.socket().lastAction();
    t.session.enterRoom({ slug: 'after-dark', roomUuid: 'room-2' });
    const leave = { event: 'roomLeave', room: 'room-1', messageId: 'leave' };
    expect(t.socket().sent.filter((f) => JSON.stringify(f) === JSON.stringify(leave))).toHaveLength(
      1,
    );
    // The server answers the first join after it handled the leave: the leave is said again.
    t.socket().serverSend({ context: 'response', messageId: join.messageId, state: sampleState() });
    await expect.poll(() => t.socket().sent.at(-1)).toEqual(leave);
    expect(t.store.getState()).toMatchObject({ roomUuid: 'room-2', status: 'connecting' });
  });

  it('GATEWAY-CLIENT-1: entering a room follows the session token of now (signed in since)', () => {
    const g = fakeGateway();
    let token = 'guest';
    const session = createRoomSession({
      store: createRoomStore(),
      gateway: g.gateway,
      token: () => token,
      timers: g.timers,
    });
    g.gateway.follow('guest');
    g.socket().serverOpen();
    token = 'user';
    session.enterRoom({ slug: 'late-night', roomUuid: 'room-1' });
    expect(g.sockets).toHaveLength(2);
    expect(g.socket().url).toMatch(/token=user&/);
    expect(g.sockets[0].actions()).toHaveLength(0); // not joined as the guest
  });
});
