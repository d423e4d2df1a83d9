import { useEffect, useMemo, useRef } from 'react';
import type { CometConversation } from '@tt/protocol';
import { classifyConversation, type ConversationCategory } from '@tt/rules';
import { queryClient } from '../../lib/queryClient';
import { useFriendUuidsQuery } from '../friends/queries';
import { useMe } from '../../entities/room/hooks';
import { useChatEvents } from '../chat/chatSocket';
import { chatKeys, useConversationsQuery, useMarkReadMutation } from '../chat/queries';

export interface InboxRow {
  uid: string;
  name: string;
  avatarId?: string;
  unread: number;
  updatedAt: number;
  last: CometConversation['lastMessage'];
  category: ConversationCategory;
}

/**
 * The friends list and followed DJs (CHAT-INBOX-1): friends from the social graph; following DJs
 * is not built yet, so that list is empty.
 */
const NO_ONE: ReadonlySet<string> = new Set();
function useSocialLists() {
  const me = useMe();
  const friends = useFriendUuidsQuery(!me.isGuest && me.uuid ? me.uuid : null);
  const lists = useMemo(
    () => ({ friends: friends.data ? new Set(friends.data) : NO_ONE, followedDjs: NO_ONE }),
    [friends.data],
  );
  return { lists, ready: !friends.isLoading };
}

/** The direct conversations, latest first, each with its list (FRIENDS or OTHERS). */
export function useInboxQuery() {
  const q = useConversationsQuery();
  const { lists, ready: listsReady } = useSocialLists();
  const rows = useMemo<InboxRow[]>(
    () =>
      (q.data?.data ?? [])
        .filter((c) => c.conversationType === 'user')
        .map((c) => {
          const who = c.conversationWith as { uid: string; name: string; avatar?: string };
          return {
            uid: who.uid,
            name: who.name,
            avatarId: who.avatar,
            unread: c.unreadMessageCount,
            updatedAt: c.updatedAt,
            last: c.lastMessage,
            category: classifyConversation(who.uid, lists),
          };
        })
        .sort((a, b) => b.updatedAt - a.updatedAt),
    [q.data, lists],
  );
  /** The conversations and the social lists have answered (CHAT-INBOX-2 chooses then). */
  const ready = q.isSuccess && listsReady;
  return { ...q, rows, ready };
}

/** Unread direct messages in all, for the header badge; refreshed live by the chat socket. */
export function useUnreadDirectCount(): number {
  const { rows } = useInboxQuery();
  useRefreshOnDirectMessages();
  return rows.reduce((n, r) => n + r.unread, 0);
}

/** A direct message arriving (or changing) refreshes the conversation list, at most every 500 ms. */
export function useRefreshOnDirectMessages(): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useChatEvents((e) => {
    const direct =
      ((e.type === 'message' || e.type === 'edited' || e.type === 'deleted') &&
        e.message.receiverType === 'user') ||
      e.type === 'resync';
    if (!direct || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    }, 500);
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}

/** Marks a direct conversation read when it opens and whenever a message arrives while open. */
export function useMarkConversationRead(uid: string): void {
  const me = useMe().uuid;
  const read = useMarkReadMutation();
  useEffect(() => {
    read.mutate({ kind: 'user', uid });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uid]);
  useChatEvents((e) => {
    if (e.type === 'message' && e.message.receiverType === 'user' && e.message.sender === uid) {
      if (e.message.receiver === me) read.mutate({ kind: 'user', uid });
    }
  });
}
