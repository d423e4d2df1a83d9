import { useEffect, useRef } from 'react';
import type { CometMessage, EndpointResponse } from '@tt/protocol';
import { cometChatApi } from '@tt/protocol';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { useChatEvents } from '../chat/socket';
import { messageKeys } from './queries';

type Conversations = EndpointResponse<typeof cometChatApi.conversations>;

/** A message in a thread: replaced by id (edited, deleted), else added. */
function upsert(thread: CometMessage[], m: CometMessage): CometMessage[] {
  return thread.some((x) => x.id === m.id)
    ? thread.map((x) => (x.id === m.id ? m : x))
    : [...thread, m];
}

/**
 * Direct messages live from the chat socket (CHAT-LIVE-1, CHAT-INBOX-1): a message shows at once
 * in its open conversation and moves its row to the top of the inbox (one more unread when it is
 * theirs); the inbox is then fetched again (at most every 500 ms) for the server's counts. After a
 * reconnect (`resync`) every direct-message answer is fetched again.
 */
export function useLiveDirectMessages(): void {
  const session = useSession();
  const me = session.kind === 'user' ? session.uuid : null;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshInbox = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
    }, 500);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useChatEvents((e) => {
    if (!me) return;
    if (e.type === 'resync') {
      void queryClient.invalidateQueries({ queryKey: ['messages'] });
      return;
    }
    if (e.type !== 'message' && e.type !== 'edited' && e.type !== 'deleted') return;
    const m = e.message;
    if (m.receiverType !== 'user') return;
    const other = m.sender === me ? m.receiver : m.sender;
    queryClient.setQueryData<CometMessage[]>(messageKeys.thread(other), (old) =>
      old ? upsert(old, m) : old,
    );
    if (e.type === 'message') {
      queryClient.setQueryData<Conversations>(messageKeys.conversations, (old) =>
        old
          ? {
              ...old,
              data: old.data.map((c) =>
                c.conversationType === 'user' &&
                (c.conversationWith as { uid?: string }).uid === other
                  ? {
                      ...c,
                      lastMessage: m,
                      updatedAt: Math.max(c.updatedAt, m.sentAt),
                      unreadMessageCount: c.unreadMessageCount + (m.sender === me ? 0 : 1),
                    }
                  : c,
              ),
            }
          : old,
      );
    }
    refreshInbox();
  });
}
