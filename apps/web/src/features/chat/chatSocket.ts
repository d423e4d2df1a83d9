import { useEffect, useRef } from 'react';
import { CHAT_SOCKET_PATH, type ChatServerFrame } from '@tt/protocol';
import { currentToken, useSession } from '../../lib/session';

/**
 * The app's one chat socket (CHAT-LIVE-1..3): direct messages reach it wherever the user is;
 * room chats arrive once subscribed. It reconnects with a growing pause, subscribes again, and
 * tells listeners to catch up (`resync`) so nothing sent while it was away is lost; each `subscribed`
 * does the same, for what was sent between the first page and the subscription.
 */
export type ChatEvent =
  | Extract<
      ChatServerFrame,
      { type: 'message' | 'edited' | 'deleted' | 'reaction' | 'notification' }
    >
  | { type: 'resync' }
  | { type: 'status'; connected: boolean };

type Listener = (e: ChatEvent) => void;

const listeners = new Set<Listener>();
const groups = new Map<string, number>();
let ws: WebSocket | null = null;
let token: string | null = null;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let pingTimer: ReturnType<typeof setInterval> | null = null;
let connected = false;

const emit = (e: ChatEvent) => {
  for (const l of [...listeners]) l(e);
};

function send(frame: object): void {
  if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
}

function socketUrl(t: string): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}${CHAT_SOCKET_PATH}?token=${encodeURIComponent(t)}`;
}

function close(): void {
  if (retryTimer) clearTimeout(retryTimer);
  if (pingTimer) clearInterval(pingTimer);
  retryTimer = null;
  pingTimer = null;
  const old = ws;
  ws = null;
  if (old) {
    old.onclose = null;
    old.close();
  }
  if (connected) {
    connected = false;
    emit({ type: 'status', connected: false });
  }
}

function open(): void {
  if (!token || typeof WebSocket === 'undefined') return;
  const sock = new WebSocket(socketUrl(token));
  ws = sock;
  sock.onmessage = (ev) => {
    let frame: ChatServerFrame;
    try {
      frame = JSON.parse(String(ev.data)) as ChatServerFrame;
    } catch {
      return;
    }
    switch (frame.type) {
      case 'ready': {
        const first = attempt === 0 && !connected;
        attempt = 0;
        connected = true;
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
  };
  sock.onclose = () => {
    if (ws !== sock) return;
    ws = null;
    if (pingTimer) clearInterval(pingTimer);
    if (connected) {
      connected = false;
      emit({ type: 'status', connected: false });
    }
    attempt += 1;
    const pause = Math.min(30_000, 500 * 2 ** Math.min(attempt, 6)) * (0.75 + Math.random() / 2);
    retryTimer = setTimeout(open, pause);
  };
  pingTimer = setInterval(() => send({ type: 'ping' }), 25_000);
}

/** Follows the session: connects with its token, reconnects when it changes, closes without. */
function follow(next: string | null): void {
  if (next === token) return;
  close();
  token = next;
  attempt = 0;
  open();
}

/** Keeps the chat socket connected while the app runs (mounted once, in the shell). */
export function useChatConnection(): void {
  const t = useSession((s) => s.accessToken ?? s.guestToken);
  useEffect(() => {
    follow(t ?? currentToken());
  }, [t]);
  useEffect(() => () => follow(null), []);
}

/** Receives a room's chat while mounted (CHAT-READ-1 is checked by the server). */
export function subscribeGroup(guid: string): () => void {
  const key = guid.toLowerCase();
  groups.set(key, (groups.get(key) ?? 0) + 1);
  if (groups.get(key) === 1) send({ type: 'subscribe', guid: key });
  return () => {
    const n = (groups.get(key) ?? 1) - 1;
    if (n > 0) groups.set(key, n);
    else {
      groups.delete(key);
      send({ type: 'unsubscribe', guid: key });
    }
  };
}

export function subscribeChatEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` for every chat event while mounted (the latest listener is used). */
export function useChatEvents(listener: Listener): void {
  const ref = useRef(listener);
  useEffect(() => {
    ref.current = listener;
  });
  useEffect(() => subscribeChatEvents((e) => ref.current(e)), []);
}

export const chatSocketConnected = (): boolean => connected;
