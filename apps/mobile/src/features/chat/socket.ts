import { useEffect, useRef, useSyncExternalStore } from 'react';
import { AppState } from 'react-native';
import { createChatSocket, type ChatEvent, type ChatListener } from '@tt/room-client';
import { gateway } from '../../lib/gateway';
import { useSession } from '../../lib/session';

/**
 * The app's chat (CHAT-LIVE-1..3, @tt/room-client's createChatSocket, the same client as the
 * web's) on the app's one socket with the live room (GATEWAY-CLIENT-1, lib/gateway.ts): direct
 * messages and notifications reach it wherever the user is; a room's chat arrives while its group
 * is subscribed. A guest connects with the guest token (read only).
 */
export const chatSocket = createChatSocket({ gateway });

export type { ChatEvent };

/**
 * Keeps the app's socket (room and chat) on the session's token (a user's, or a guest's: read
 * only), closed when signed out; back in the foreground, a socket waiting to reconnect tries at
 * once.
 */
export function useChatConnection(): void {
  const session = useSession();
  const token = session.kind === 'signedOut' ? null : session.token;
  useEffect(() => {
    chatSocket.follow(token);
  }, [token]);
  useEffect(() => {
    const sub = AppState.addEventListener('change', (s) => {
      if (s === 'active') chatSocket.reconnectNow();
    });
    return () => {
      sub.remove();
      chatSocket.follow(null);
    };
  }, []);
}

/** Calls `listener` for every chat event while mounted (the latest listener is used). */
export function useChatEvents(listener: ChatListener): void {
  const ref = useRef(listener);
  useEffect(() => {
    ref.current = listener;
  });
  useEffect(() => chatSocket.subscribe((e) => ref.current(e)), []);
}

/** Receives a room's chat while mounted and `guid` is set (the server checks CHAT-READ-1). */
export function useChatGroup(guid: string | null): void {
  useEffect(() => (guid ? chatSocket.subscribeGroup(guid) : undefined), [guid]);
}

const onStatus = (fn: () => void) =>
  chatSocket.subscribe((e) => {
    if (e.type === 'status') fn();
  });

/** Whether the chat socket is connected now. */
export function useChatConnected(): boolean {
  return useSyncExternalStore(onStatus, chatSocket.isConnected, chatSocket.isConnected);
}
