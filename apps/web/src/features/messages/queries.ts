import { useEffect, useMemo, useRef } from 'react';
import type { CometConversation } from '@tt/protocol';
import { classifyConversation, inboxLists, type ConversationCategory } from '@tt/rules';
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

/** The lists a conversation is sorted by (CHAT-INBOX-1), from the friends list. */
function useSocialLists() {
  const me = useMe();
  const friends = useFriendUuidsQuery(!me.isGuest && me.uuid ? me.uuid : null);
  // Nobody is sorted before the friends list has answered (a failed list sorts everyone into
  // OTHERS). Before, a conversation that answered first was sorted against an empty list, so a
  // friend's unread message showed under OTHERS, and the inbox, not yet settled, opened there
  // until the friends list came (CI).
  const answered = friends.data !== undefined || friends.isError || !friends.isEnabled;
  const lists = useMemo(
    () => inboxLists(answered ? (friends.data ?? []) : null),
    [answered, friends.data],
  );
  return { lists, ready: answered };
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
