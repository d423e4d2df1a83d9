import { useEffect, useRef } from 'react';
import { createChatSocket, type ChatEvent, type ChatListener } from '@tt/room-client';
import { currentToken, useSession } from '../../lib/session';
import { gateway } from '../../lib/socket/gateway';

/**
 * The app's chat (CHAT-LIVE-1..3): direct messages reach it wherever the user is; room chats
 * arrive once subscribed. The client itself (reconnects with a growing pause, subscribes again,
 * `resync` after a reconnect and after each `subscribed`) is @tt/room-client's createChatSocket,
 * shared with the mobile app; it rides on the page's one socket (GATEWAY-CLIENT-1, the gateway),
 * with the live room.
 */
export type { ChatEvent };

const chat = createChatSocket({ gateway });

/**
 * Keeps the page's socket on the session's token while the app runs (mounted once, in the
 * shell): the room and the chat share it, so both follow the same token, currentToken().
 */
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
