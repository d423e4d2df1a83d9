import { describe, expect, it } from 'vitest';
import type { CometMessage } from '@tt/protocol';
import { chatSocketUrl, createChatSocket, type ChatEvent } from './chat-socket';
import { FakeSocket, ManualTimers } from './testing';

function setup() {
  const sockets: FakeSocket[] = [];
  const timers = new ManualTimers();
  const events: ChatEvent[] = [];
  const chat = createChatSocket({
    origin: 'https://tt.example',
    factory: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    timers,
    random: () => 0.5,
  });
  chat.subscribe((e) => events.push(e));
  const socket = () => sockets[sockets.length - 1];
  const ready = (readOnly = false) => {
    socket().serverOpen();
    socket().serverSend({ type: 'ready', uid: 'me', readOnly });
  };
  return { chat, sockets, socket, timers, events, ready };
}

const message = { id: '7', sender: 'u2', receiverType: 'user' } as CometMessage;

describe('chat socket (CHAT-LIVE-1..3)', () => {
  it('opens the chat path with the token and says when it is ready', () => {
    const { chat, socket, events, ready } = setup();
    chat.follow('tok en');
    expect(socket().url).toBe('wss://tt.example/api/chat-service/socket?token=tok%20en');
    expect(chat.isConnected()).toBe(false);
    ready(true);
    expect(chat.isConnected()).toBe(true);
    expect(chat.isReadOnly()).toBe(true);
    // The first ready is no resync: nothing was missed yet.
    expect(events).toEqual([{ type: 'status', connected: true }]);
  });

  it('passes live frames on and ignores what is not JSON', () => {
    const { chat, socket, events, ready } = setup();
    chat.follow('t');
    ready();
    socket().onmessage?.({ data: 'not json' });
    socket().serverSend({ type: 'message', message });
    socket().serverSend({ type: 'pong' });
    socket().serverSend({
      type: 'reaction',
      action: 'added',
      messageId: '7',
      conversationId: 'c',
      reaction: '🔥',
      uid: 'u2',
    });
    expect(events.slice(1).map((e) => e.type)).toEqual(['message', 'reaction']);
  });

  it('subscribes groups once, again after a reconnect, and unsubscribes the last one', () => {
    const { chat, socket, events, ready, timers, sockets } = setup();
    chat.follow('t');
    ready();
    const a = chat.subscribeGroup('ROOM-1');
    const b = chat.subscribeGroup('room-1');
    expect(socket().sent).toEqual([{ type: 'subscribe', guid: 'room-1' }]);
    socket().serverSend({ type: 'subscribed', guid: 'room-1' });
    expect(events.at(-1)).toEqual({ type: 'resync' });

    // The network drops: status goes, a new socket opens after a pause and catches up.
    socket().serverDrop();
    expect(events.at(-1)).toEqual({ type: 'status', connected: false });
    expect(timers.pending()).toEqual([1000]);
    timers.advance(1000);
    expect(sockets).toHaveLength(2);
    ready();
    expect(socket().sent).toEqual([{ type: 'subscribe', guid: 'room-1' }]);
    expect(events.slice(-2)).toEqual([{ type: 'status', connected: true }, { type: 'resync' }]);

    a();
    a(); // twice changes nothing
    expect(socket().sent).toHaveLength(1);
    b();
    expect(socket().sent.at(-1)).toEqual({ type: 'unsubscribe', guid: 'room-1' });
  });

  it('waits longer after each failed attempt, up to 30 s, and reconnects at once when asked', () => {
    const { chat, socket, timers, sockets } = setup();
    chat.follow('t');
    const pauses: number[] = [];
    for (let i = 0; i < 8; i++) {
      socket().serverDrop();
      pauses.push(timers.pending()[0]);
      timers.advance(pauses[i]);
    }
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    socket().serverDrop();
    const before = sockets.length;
    chat.reconnectNow();
    expect(sockets).toHaveLength(before + 1);
    expect(timers.pending()).toEqual([]);
  });

  it('pings while open, and follows the token: a new one reconnects, none closes', () => {
    const { chat, socket, timers, sockets, events, ready } = setup();
    chat.follow('guest');
    ready(true);
    timers.advance(25_000);
    expect(socket().sent).toEqual([{ type: 'ping' }]);
    chat.follow('guest'); // the same token changes nothing
    expect(sockets).toHaveLength(1);
    chat.follow('user');
    expect(sockets[0].closed).toBe(true);
    expect(socket().url).toMatch(/token=user$/);
    expect(chat.isReadOnly()).toBeNull();
    chat.follow(null);
    expect(socket().closed).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'status', connected: false });
    timers.advance(60_000);
    expect(sockets).toHaveLength(2); // no reconnect without a token
  });

  it('does nothing on a platform without WebSocket', () => {
    const chat = createChatSocket({
      url: (t) => `ws://x/${t}`,
      factory: () => {
        throw new Error('no WebSocket');
      },
    });
    expect(() => chat.follow('t')).not.toThrow();
    expect(chat.isConnected()).toBe(false);
  });

  it('builds the address from an http origin', () => {
    expect(chatSocketUrl('http://localhost:3000/', 'a')).toBe(
      'ws://localhost:3000/api/chat-service/socket?token=a',
    );
  });
});
