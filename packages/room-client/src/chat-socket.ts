/**
 * The chat client, the same on every platform (web, React Native), over the app's one socket
 * (the Gateway, `/primus`; CHAT-LIVE-1..3, docs/CHAT-RULES.md) for the token the app holds. Direct
 * messages and notifications reach it wherever the user is; a room's chat arrives once its group
 * is subscribed. It reconnects with a growing pause, subscribes again, and tells listeners to
 * catch up (`resync`) so nothing sent while it was away is lost; each `subscribed` does the same,
 * for what was sent between the first page and the subscription. Nothing here touches the DOM:
 * the platform passes in its WebSocket, origin (or address) and timers.
 */
import type { ChatClientFrame, ChatServerFrame } from '@tt/protocol';
import { Gateway } from './gateway';
import type { SocketFactory, Timers } from './primus';

/** The frames a listener receives as they are. */
export type ChatLiveFrame = Extract<
  ChatServerFrame,
  { type: 'message' | 'edited' | 'deleted' | 'reaction' | 'notification' }
>;

/** What listeners hear: live frames, "fetch what you missed", and the connection's state. */
export type ChatEvent = ChatLiveFrame | { type: 'resync' } | { type: 'status'; connected: boolean };

export type ChatListener = (e: ChatEvent) => void;

export interface ChatSocketOptions {
  /** The app's one socket (shared with the room). None: a socket of its own from `origin`. */
  gateway?: Gateway;
  /** Without a gateway: the platform's http(s) origin, its socket factory, timers, randomness. */
  origin?: string | (() => string);
  factory?: SocketFactory;
  timers?: Timers;
  random?: () => number;
}

export interface ChatSocket {
  /** Follows the session: connects with its token, reconnects when it changes, closes without. */
  follow(token: string | null): void;
  /** Receives a room's chat until the answered function is called (counted per guid). */
  subscribeGroup(guid: string): () => void;
  /** Calls `listener` for every event until the answered function is called. */
  subscribe(listener: ChatListener): () => void;
  /** Connected and `ready`. */
  isConnected(): boolean;
  /** What the server said in `ready`: a read-only (guest) connection; null before. */
  isReadOnly(): boolean | null;
  /** Waiting to reconnect (the app came back to the foreground): tries at once. */
  reconnectNow(): void;
}

/**
 * GATEWAY-CLIENT-3: the chat over the gateway. It follows the gateway's `ready` (sent after the `open`
 * the gateway writes on every (re)open): it subscribes its groups again, and after a reconnect
 * tells listeners to catch up (`resync`); each `subscribed` does the same. The heartbeat is the
 * gateway's (primus::ping): no chat ping is sent.
 */
export function createChatSocket(options: ChatSocketOptions): ChatSocket {
  const gateway =
    options.gateway ??
    new Gateway({
      origin:
        options.origin ??
        (() => {
          throw new Error('createChatSocket needs a gateway or an origin');
        }),
      factory: options.factory,
      timers: options.timers,
      random: options.random,
    });

  const listeners = new Set<ChatListener>();
  const groups = new Map<string, number>();
  let connected = false;
  /** The socket was lost and opened again (not a first connection): `ready` is a resync. */
  let reopened = false;

  const emit = (e: ChatEvent) => {
    for (const l of [...listeners]) l(e);
  };
  const send = (frame: ChatClientFrame): void => {
    if (connected) gateway.writeChat(frame);
  };
  const lost = () => {
    if (!connected) return;
    connected = false;
    emit({ type: 'status', connected: false });
  };

  gateway.on('open', (info) => {
    reopened = info.reconnected;
  });
  gateway.on('reconnecting', lost);
  gateway.on('end', lost);
  gateway.on('chat', (frame) => {
    switch (frame.type) {
      case 'ready':
        connected = true;
        emit({ type: 'status', connected: true });
        for (const guid of groups.keys()) gateway.writeChat({ type: 'subscribe', guid });
        if (reopened) emit({ type: 'resync' });
        break;
      case 'subscribed':
        // What was sent between the first page and the subscription is fetched now.
        emit({ type: 'resync' });
        break;
      case 'message':
      case 'edited':
      case 'deleted':
      case 'reaction':
      case 'notification':
        emit(frame);
        break;
      default:
        break;
    }
  });
  // A gateway already open and ready (this chat came later): it is connected now.
  connected = gateway.chatReady !== null;

  return {
    follow: (token) => gateway.follow(token),
    subscribeGroup(guid) {
      const key = guid.toLowerCase();
      groups.set(key, (groups.get(key) ?? 0) + 1);
      if (groups.get(key) === 1) send({ type: 'subscribe', guid: key });
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const n = (groups.get(key) ?? 1) - 1;
        if (n > 0) groups.set(key, n);
        else {
          groups.delete(key);
          send({ type: 'unsubscribe', guid: key });
        }
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    isConnected: () => connected,
    isReadOnly: () => gateway.chatReady?.readOnly ?? null,
    reconnectNow: () => gateway.reconnectNow(),
  };
}
