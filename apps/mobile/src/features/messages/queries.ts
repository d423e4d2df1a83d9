import { useEffect, useMemo } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  cometChatApi as chat,
  friendEndpoints as f,
  profileEndpoints,
  type CometMessage,
} from '@tt/protocol';
import { classifyConversation, inboxLists, type ConversationCategory } from '@tt/rules';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { currentToken } from '../../lib/token';

/**
 * The chat socket brings messages live (./live.ts); a slow refetch is only a safety net for what
 * a socket could not say (a phone that slept through a reconnect).
 */
export const INBOX_REFETCH_MS = 60_000;
export const CONVERSATION_REFETCH_MS = 60_000;
const PAGE = 50;

export const messageKeys = {
  me: ['messages', 'me'] as const,
  friends: (uuid: string) => ['messages', 'friends', uuid] as const,
  conversations: ['messages', 'conversations'] as const,
  thread: (uid: string) => ['messages', 'thread', uid] as const,
};

const signedIn = () => currentToken() !== null;

export function useMeQuery() {
  return useQuery({
    queryKey: messageKeys.me,
    queryFn: () => api.call(profileEndpoints.ownProfile, {}),
    enabled: signedIn(),
    staleTime: 60_000,
  });
}

export interface InboxRow {
  uid: string;
  name: string;
  unread: number;
  updatedAt: number;
  last: string;
  category: ConversationCategory;
}

/** The direct conversations, latest first, each in FRIENDS or OTHERS (CHAT-INBOX-1). */
export function useInboxQuery() {
  const me = useMeQuery();
  const uuid = me.data?.uuid ?? null;
  const friends = useQuery({
    queryKey: messageKeys.friends(uuid ?? ''),
    queryFn: async () => (await api.call(f.friendUuids, { params: { id: uuid! } })).friendsUuids,
    enabled: uuid !== null,
  });
  const q = useQuery({
    queryKey: messageKeys.conversations,
    queryFn: () => api.call(chat.conversations, { query: { per_page: PAGE } }),
    enabled: signedIn(),
    refetchInterval: INBOX_REFETCH_MS,
  });
  // Nobody is sorted before the friends list has answered (or failed): a friend's conversation
  // would show under OTHERS until it came.
  const answered = friends.data !== undefined || friends.isError || me.isError;
  const rows = useMemo<InboxRow[]>(() => {
    const lists = inboxLists(answered ? (friends.data ?? []) : null);
    return (q.data?.data ?? [])
      .filter((c) => c.conversationType === 'user')
      .map((c) => {
        const who = c.conversationWith as { uid: string; name: string };
        return {
          uid: who.uid,
          name: who.name,
          unread: c.unreadMessageCount,
          updatedAt: c.updatedAt,
          last: c.lastMessage?.data.text ?? '',
          category: classifyConversation(who.uid, lists),
        };
      })
      .sort((a, b) => b.updatedAt - a.updatedAt);
  }, [q.data, friends.data, answered]);
  /** The conversations and the friends list have answered (CHAT-INBOX-2 chooses then). */
  const ready = q.isSuccess && answered;
  return { ...q, rows, ready };
}

/**
 * The latest page of a direct conversation, oldest first; marked read when it opens and when a
 * message arrives while it is open.
 */
export function useThreadQuery(uid: string) {
  const q = useQuery({
    queryKey: messageKeys.thread(uid),
    queryFn: async () =>
      (await api.call(chat.userMessages, { params: { uid }, query: { per_page: PAGE } })).data,
    enabled: signedIn(),
    refetchInterval: CONVERSATION_REFETCH_MS,
  });
  const newest = q.data?.[q.data.length - 1]?.id;
  useEffect(() => {
    if (!signedIn() || newest === undefined) return;
    void api
      .call(chat.userRead, { params: { uid } })
      .then(() => queryClient.invalidateQueries({ queryKey: messageKeys.conversations }))
      .catch(() => undefined);
  }, [uid, newest]);
  const messages = useMemo(
    () => [...(q.data ?? [])].sort((a, b) => a.sentAt - b.sentAt || Number(a.id) - Number(b.id)),
    [q.data],
  );
  return { ...q, messages };
}

const newUuid = () =>
  'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0;
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });

/** Sends a text message, with the sender's card in its metadata as the web does. */
export function useSendMessageMutation(uid: string) {
  const me = useMeQuery().data;
  return useMutation({
    mutationFn: async (text: string) => {
      const uuid = newUuid();
      const chatMessage = {
        message: text,
        uuid,
        id: uuid,
        userUuid: me?.uuid,
        userName: me?.nickname,
        avatarId: me?.avatarId,
        ...(me?.color ? { color: me.color } : {}),
        type: 'user',
      };
      return (
        await api.call(chat.send, {
          body: {
            receiver: uid,
            receiverType: 'user',
            category: 'message',
            type: 'text',
            muid: uuid,
            data: { text, metadata: { chatMessage } },
          },
        })
      ).data;
    },
    onSuccess: (msg: CometMessage) => {
      queryClient.setQueryData<CometMessage[]>(messageKeys.thread(uid), (old) =>
        old?.some((m) => m.id === msg.id) ? old : [...(old ?? []), msg],
      );
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
    },
  });
}
