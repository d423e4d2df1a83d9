import { describe, expect, it } from 'vitest';
import type { CometMessage } from '@tt/protocol';
import { createChatSocket, type ChatEvent } from './chat-socket';
import { fakeGateway } from './testing';

function setup() {
  const { gateway, sockets, socket, timers } = fakeGateway();
  const events: ChatEvent[] = [];
  const chat = createChatSocket({ gateway });
  chat.subscribe((e) => events.push(e));
  const ready = (readOnly = false) => {
    socket().serverOpen();
    socket().serverChat({ type: 'ready', uid: 'me', readOnly });
  };
  return { chat, gateway, sockets, socket, timers, events, ready };
}

const message = { id: '7', sender: 'u2', receiverType: 'user' } as CometMessage;

describe('chat over the gateway (CHAT-LIVE-1..3, GATEWAY-CLIENT-3)', () => {
  it('opens /primus with the token, asks for the chat, and says when it is ready', () => {
    const { chat, socket, events, ready } = setup();
    chat.follow('tok en');
    expect(socket().url).toMatch(/^wss:\/\/tt\.example\/primus\?token=tok%20en&_primuscb=/);
    expect(chat.isConnected()).toBe(false);
    expect(chat.isReadOnly()).toBeNull();
    ready(true);
    expect(socket().sent[0]).toEqual({ event: 'chat', params: { type: 'open' } });
    expect(chat.isConnected()).toBe(true);
    expect(chat.isReadOnly()).toBe(true);
    // The first ready is no resync: nothing was missed yet.
    expect(events).toEqual([{ type: 'status', connected: true }]);
  });

  it('passes live chat frames on and leaves the room frames and what is not JSON alone', () => {
    const { chat, socket, events, ready } = setup();
    chat.follow('t');
    ready();
    socket().onmessage?.({ data: 'not json' });
    socket().serverChat({ type: 'message', message });
    socket().serverChat({ type: 'pong' });
    socket().serverSend({ context: 'user', room: 'r', message: { name: 'roomReset' } });
    socket().serverSend({ type: 'message', message }); // not in a chat envelope: not chat
    socket().serverChat({
      type: 'reaction',
      action: 'added',
      messageId: '7',
      conversationId: 'c',
      reaction: '🔥',
      uid: 'u2',
    });
    socket().serverChat({ type: 'notification', notification: { id: 'n1' } });
    expect(events.slice(1).map((e) => e.type)).toEqual(['message', 'reaction', 'notification']);
  });

  it('subscribes groups once, again after a reconnect (with a resync), and unsubscribes the last one', () => {
    const { chat, socket, events, ready, timers, sockets } = setup();
    chat.follow('t');
    ready();
    const a = chat.subscribeGroup('ROOM-1');
    const b = chat.subscribeGroup('room-1');
    expect(socket().chatSent()).toEqual([{ type: 'open' }, { type: 'subscribe', guid: 'room-1' }]);
    socket().serverChat({ type: 'subscribed', guid: 'room-1' });
    expect(events.at(-1)).toEqual({ type: 'resync' });

    // The network drops: status goes, a new socket opens after a pause and catches up.
    socket().serverDrop();
    expect(events.at(-1)).toEqual({ type: 'status', connected: false });
    expect(timers.pending()[0]).toBe(575); // the gateway's first pause: 500 ms and 15 % spread
    timers.advance(575);
    expect(sockets).toHaveLength(2);
    ready();
    expect(socket().chatSent()).toEqual([{ type: 'open' }, { type: 'subscribe', guid: 'room-1' }]);
    expect(events.slice(-2)).toEqual([{ type: 'status', connected: true }, { type: 'resync' }]);

    a();
    a(); // twice changes nothing
    expect(socket().chatSent()).toHaveLength(2);
    b();
    expect(socket().chatSent().at(-1)).toEqual({ type: 'unsubscribe', guid: 'room-1' });
  });

  it('waits longer after each failed attempt, and reconnects at once when asked', () => {
    const { chat, socket, timers, sockets } = setup();
    chat.follow('t');
    const pauses: number[] = [];
    for (let i = 0; i < 7; i++) {
      socket().serverDrop();
      pauses.push(timers.pending()[0]);
      timers.advance(pauses[i]);
    }
    expect(pauses).toEqual([575, 1150, 2300, 4600, 9200, 17250, 17250]);
    socket().serverDrop();
    const before = sockets.length;
    chat.reconnectNow();
    expect(sockets).toHaveLength(before + 1);
    expect(timers.pending()).toEqual([]);
  });

  it('sends no chat ping of its own (the gateway answers primus::ping), and follows the token', () => {
    const { chat, socket, timers, sockets, events, ready } = setup();
    chat.follow('guest');
    ready(true);
    timers.advance(25_000);
    socket().serverSend('primus::ping::1');
    expect(socket().chatSent()).toEqual([{ type: 'open' }]);
    expect(socket().sent).toContain('primus::pong::1');
    chat.follow('guest'); // the same token changes nothing
    expect(sockets).toHaveLength(1);
    chat.follow('user');
    expect(sockets[0].closed).toBe(true);
    expect(socket().url).toMatch(/token=user&/);
    expect(chat.isReadOnly()).toBeNull();
    expect(events.at(-1)).toEqual({ type: 'status', connected: false });
    ready();
    // A new user's first ready is no resync either (the app loads afresh for them).
    expect(events.at(-1)).toEqual({ type: 'status', connected: true });
    chat.follow(null);
    expect(socket().closed).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'status', connected: false });
    timers.advance(60_000);
    expect(sockets).toHaveLength(2); // no reconnect without a token
  });

  it('a chat made after the gateway is ready is connected at once', () => {
    const { gateway, socket } = fakeGateway();
    gateway.follow('t');
    socket().serverOpen();
    socket().serverChat({ type: 'ready', uid: 'me', readOnly: false });
    const chat = createChatSocket({ gateway });
    expect(chat.isConnected()).toBe(true);
    expect(chat.isReadOnly()).toBe(false);
    chat.subscribeGroup('g');
    expect(socket().chatSent().at(-1)).toEqual({ type: 'subscribe', guid: 'g' });
  });

  it('does nothing on a platform without WebSocket', () => {
    const chat = createChatSocket({
      origin: 'http://x',
      factory: () => {
        throw new Error('no WebSocket');
      },
    });
    expect(() => chat.follow('t')).not.toThrow();
    expect(chat.isConnected()).toBe(false);
  });
});
