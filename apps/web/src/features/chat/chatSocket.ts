import { useEffect, useRef } from 'react';
import { CHAT_SOCKET_PATH } from '@tt/protocol';
import { createChatSocket, type ChatEvent, type ChatListener } from '@tt/room-client';
import { currentToken, useSession } from '../../lib/session';

/**
 * The app's one chat socket (CHAT-LIVE-1..3): direct messages reach it wherever the user is;
 * room chats arrive once subscribed. The client itself (reconnects with a growing pause,
 * subscribes again, `resync` after a reconnect and after each `subscribed`) is @tt/room-client's
 * createChatSocket, shared with the mobile app; this file binds it to the page's origin and the
 * session.
 */
export type { ChatEvent };

const chat = createChatSocket({
  url: (t) => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}${CHAT_SOCKET_PATH}?token=${encodeURIComponent(t)}`;
  },
});

/** Keeps the chat socket connected while the app runs (mounted once, in the shell). */
export function useChatConnection(): void {
  const t = useSession((s) => s.accessToken ?? s.guestToken);
  useEffect(() => {
    chat.follow(t ?? currentToken());
  }, [t]);
  useEffect(() => () => chat.follow(null), []);
}

/** Receives a room's chat while mounted (CHAT-READ-1 is checked by the server). */
export function subscribeGroup(guid: string): () => void {
  return chat.subscribeGroup(guid);
}

export function subscribeChatEvents(listener: ChatListener): () => void {
  return chat.subscribe(listener);
}

/** Calls `listener` for every chat event while mounted (the latest listener is used). */
export function useChatEvents(listener: ChatListener): void {
  const ref = useRef(listener);
  useEffect(() => {
    ref.current = listener;
  });
  useEffect(() => subscribeChatEvents((e) => ref.current(e)), []);
}

export const chatSocketConnected = (): boolean => chat.isConnected();
