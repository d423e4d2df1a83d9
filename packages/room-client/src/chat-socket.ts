/**
 * The chat socket client, the same on every platform (web, React Native): one connection to the
 * server's chat socket (CHAT-LIVE-1..3, docs/CHAT-RULES.md) for the token the app holds. Direct
 * messages and notifications reach it wherever the user is; a room's chat arrives once its group
 * is subscribed. It reconnects with a growing pause, subscribes again, and tells listeners to
 * catch up (`resync`) so nothing sent while it was away is lost; each `subscribed` does the same,
 * for what was sent between the first page and the subscription. Nothing here touches the DOM:
 * the platform passes in its WebSocket, origin (or address) and timers.
 */
import { CHAT_SOCKET_PATH, type ChatClientFrame, type ChatServerFrame } from '@tt/protocol';
import {
  defaultTimers,
  globalSocketFactory,
  type SocketFactory,
  type SocketLike,
  type Timers,
} from './primus';

/** The frames a listener receives as they are. */
export type ChatLiveFrame = Extract<
  ChatServerFrame,
  { type: 'message' | 'edited' | 'deleted' | 'reaction' | 'notification' }
>;

/** What listeners hear: live frames, "fetch what you missed", and the connection's state. */
export type ChatEvent = ChatLiveFrame | { type: 'resync' } | { type: 'status'; connected: boolean };

export type ChatListener = (e: ChatEvent) => void;

export interface ChatSocketOptions {
  /** The address for a token; or `origin`, the platform's http(s) origin. */
  url?: (token: string) => string;
  origin?: string | (() => string);
  /** Opens a socket (default: the platform's global WebSocket). */
  factory?: SocketFactory;
  timers?: Timers;
  random?: () => number;
  /** A ping this often keeps proxies from dropping a quiet socket. */
  pingInterval?: number;
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

/** `ws(s)://<host>/api/chat-service/socket?token=<token>` for an http(s) origin. */
export function chatSocketUrl(origin: string, token: string): string {
  const base = origin.replace(/^http/, 'ws').replace(/\/$/, '');
  return `${base}${CHAT_SOCKET_PATH}?token=${encodeURIComponent(token)}`;
}

const OPEN = 1;
const MAX_PAUSE = 30_000;

export function createChatSocket(options: ChatSocketOptions): ChatSocket {
  const factory = options.factory ?? globalSocketFactory;
  const timers = options.timers ?? defaultTimers;
  const random = options.random ?? Math.random;
  const pingEvery = options.pingInterval ?? 25_000;
  const urlOf =
    options.url ??
    ((t: string) => {
      const o = typeof options.origin === 'function' ? options.origin() : options.origin;
      if (!o) throw new Error('createChatSocket needs url or origin');
      return chatSocketUrl(o, t);
    });

  const listeners = new Set<ChatListener>();
  const groups = new Map<string, number>();
  let ws: SocketLike | null = null;
  let token: string | null = null;
  let attempt = 0;
  let retryTimer: unknown = null;
  let pingTimer: unknown = null;
  let connected = false;
  let readOnly: boolean | null = null;

  const emit = (e: ChatEvent) => {
    for (const l of [...listeners]) l(e);
  };

  const send = (frame: ChatClientFrame): void => {
    if (ws?.readyState === OPEN) ws.send(JSON.stringify(frame));
  };

  const stopPing = () => {
    if (pingTimer !== null) timers.clearTimeout(pingTimer);
    pingTimer = null;
  };
  const ping = () => {
    pingTimer = timers.setTimeout(() => {
      send({ type: 'ping' });
      ping();
    }, pingEvery);
  };

  const lost = () => {
    stopPing();
    readOnly = null;
    if (connected) {
      connected = false;
      emit({ type: 'status', connected: false });
    }
  };

  function close(): void {
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    retryTimer = null;
    const old = ws;
    ws = null;
    if (old) {
      old.onclose = null;
      old.onmessage = null;
      try {
        old.close();
      } catch {
        // already closing
      }
    }
    lost();
  }

  function receive(raw: unknown): void {
    let frame: ChatServerFrame;
    try {
      frame = JSON.parse(String(raw)) as ChatServerFrame;
    } catch {
      return;
    }
    switch (frame.type) {
      case 'ready': {
        const first = attempt === 0 && !connected;
        attempt = 0;
        connected = true;
        readOnly = frame.readOnly;
        emit({ type: 'status', connected: true });
        for (const guid of groups.keys()) send({ type: 'subscribe', guid });
        if (!first) emit({ type: 'resync' });
        break;
      }
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
  }

  function open(): void {
    retryTimer = null;
    if (!token) return;
    let sock: SocketLike;
    try {
      sock = factory(urlOf(token));
    } catch {
      return; // no WebSocket on this platform (server rendering, some test set-ups)
    }
    ws = sock;
    sock.onopen = () => {
      if (ws === sock) ping();
    };
    sock.onmessage = (ev) => {
      if (ws === sock) receive(ev.data);
    };
    sock.onerror = () => {
      // the close that follows decides what happens next
    };
    sock.onclose = () => {
      if (ws !== sock) return;
      ws = null;
      lost();
      attempt += 1;
      const pause = Math.min(MAX_PAUSE, 500 * 2 ** Math.min(attempt, 6)) * (0.75 + random() / 2);
      retryTimer = timers.setTimeout(open, pause);
    };
  }

  return {
    follow(next) {
      if (next === token) return;
      close();
      token = next;
      attempt = 0;
      open();
    },
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
    isReadOnly: () => readOnly,
    reconnectNow() {
      if (!token || ws || retryTimer === null) return;
      timers.clearTimeout(retryTimer);
      open();
    },
  };
}
