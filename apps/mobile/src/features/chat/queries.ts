import { useCallback, useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { cometChatApi as chat } from '@tt/protocol';
import { CHAT_SEND_RETRIES } from '@tt/rules';
import { api, ApiError } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import {
  applyReaction,
  localItem,
  newUuid,
  sendBody,
  toChatItem,
  upsertItems,
  type ChatItem,
  type Mention,
  type Sender,
} from './model';
import { useChatEvents, useChatGroup } from './socket';
import { trustTextOfError } from '../trust/text';

/** Messages per history page (CHAT-PAGE-1 allows up to 100). */
export const CHAT_PAGE = 50;

export const chatKeys = {
  room: (guid: string) => ['chat', 'room', guid.toLowerCase()] as const,
};

const NONE: ChatItem[] = [];

const itemsOf = (guid: string) => queryClient.getQueryData<ChatItem[]>(chatKeys.room(guid));
const update = (guid: string, fn: (items: ChatItem[]) => ChatItem[]) =>
  queryClient.setQueryData<ChatItem[]>(chatKeys.room(guid), (old) => fn(old ?? []));

const page = (guid: string, query: { id?: number; affix?: 'append' } = {}) =>
  api.call(chat.groupMessages, { params: { guid }, query: { per_page: CHAT_PAGE, ...query } });

/** What came after the newest message held (CHAT-LIVE-3: after a reconnect nothing is lost). */
async function catchUp(guid: string): Promise<void> {
  const held = itemsOf(guid);
  if (!held) return; // the first page is still on its way
  const ids = held.filter((m) => m.send === 'sent').map((m) => Number(m.id));
  if (ids.length === 0) {
    const latest = await page(guid);
    update(guid, (items) => upsertItems(items, latest.data.map(toChatItem)));
    return;
  }
  let after = Math.max(...ids);
  for (let i = 0; i < 6; i++) {
    const next = await page(guid, { id: after, affix: 'append' });
    update(guid, (items) => upsertItems(items, next.data.map(toChatItem)));
    if (next.data.length < CHAT_PAGE) return;
    after = Number(next.data[next.data.length - 1].id);
  }
}

/**
 * A room's chat: the latest page, then live from the chat socket while shown (its group is
 * subscribed; every `resync` fetches what came after the newest message held).
 */
export function useRoomChatQuery(guid: string | null) {
  const q = useQuery({
    queryKey: chatKeys.room(guid ?? ''),
    queryFn: async () => {
      const latest = await page(guid!);
      return upsertItems(itemsOf(guid!) ?? [], latest.data.map(toChatItem));
    },
    enabled: guid !== null,
    staleTime: Infinity,
  });
  useChatGroup(guid);
  useChatEvents((e) => {
    if (!guid) return;
    if (e.type === 'resync') void catchUp(guid).catch(() => undefined);
    if (e.type === 'message' || e.type === 'edited' || e.type === 'deleted') {
      const m = e.message;
      if (m.receiverType !== 'group' || m.receiver.toLowerCase() !== guid.toLowerCase()) return;
      if (itemsOf(guid)) update(guid, (items) => upsertItems(items, [toChatItem(m)]));
    }
    if (e.type === 'reaction' && itemsOf(guid)) {
      update(guid, (items) =>
        applyReaction(items, e.messageId, e.reaction, e.uid, e.action === 'added'),
      );
    }
  });
  return { ...q, items: q.data ?? NONE };
}

/** Joins a room's chat once per room and user, so they may write (CHAT-JOIN-1; again is fine). */
export function useJoinRoomChat(guid: string | null, writer: boolean): void {
  useEffect(() => {
    if (!guid || !writer) return;
    api.call(chat.join, { params: { guid }, body: undefined }).catch(() => undefined);
  }, [guid, writer]);
}

/** A refusal (4xx): shown as the server's message, never tried again. */
export const isRefusal = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status >= 400 && err.status < 500;

/**
 * The server's words for a refusal: the chat routes answer CometChat's body
 * `{ error: { code, message } }` (CHAT-API-2), the platform's `{ message }`.
 */
export function refusalText(err: ApiError): string {
  // TRUST-7: a new account's limits, in the app's language with how far they are.
  const trust = trustTextOfError(err);
  if (trust) return trust;
  const m = (err.body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof m === 'string' && m ? m : err.displayText;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sending (CHAT-WEB-1): the message shows at once with id −1, then the server's copy takes its
 * place. A refusal (rate limit, muted, banned: 4xx) takes the copy away and is thrown for the
 * composer to show; a failure (no answer, 5xx) is tried CHAT_SEND_RETRIES times with the same
 * uuid (stored once: CHAT-IDEMP-1), then the copy shows a retry button.
 */
export function useSendRoomChat(guid: string | null, sender: Sender | null) {
  const attempt = useCallback(async (g: string, item: ChatItem, me: Sender) => {
    for (let i = 1; i <= CHAT_SEND_RETRIES; i++) {
      try {
        const res = await api.call(chat.send, {
          body: sendBody(g, item.uuid, me, item.text, item.mentions),
        });
        update(g, (items) => upsertItems(items, [toChatItem(res.data)]));
        return;
      } catch (err) {
        if (isRefusal(err)) {
          update(g, (items) => items.filter((m) => m.uuid !== item.uuid));
          throw err;
        }
        if (i === CHAT_SEND_RETRIES) {
          update(g, (items) =>
            items.map((m) => (m.uuid === item.uuid ? { ...m, send: 'failed' } : m)),
          );
          throw err;
        }
        await pause(800 * i);
      }
    }
  }, []);

  const send = useCallback(
    async (text: string, mentions: Mention[]) => {
      if (!guid || !sender) return;
      const item = localItem(newUuid(), sender, text, mentions, Date.now());
      update(guid, (items) => [...items, item]);
      await attempt(guid, item, sender);
    },
    [guid, sender, attempt],
  );

  /** The retry button: the same uuid again. */
  const retry = useCallback(
    async (item: ChatItem) => {
      if (!guid || !sender) return;
      update(guid, (items) =>
        items.map((m) => (m.uuid === item.uuid ? { ...m, send: 'sending' } : m)),
      );
      await attempt(guid, item, sender);
    },
    [guid, sender, attempt],
  );

  return { send, retry };
}

/** Reactions toggle (CHAT-REACT-1): added when absent, removed when mine already. */
export function useReactMutation(guid: string | null) {
  return useMutation({
    mutationFn: ({ id, reaction, mine }: { id: string; reaction: string; mine: boolean }) =>
      mine
        ? api.call(chat.unreact, { params: { id, reaction } })
        : api.call(chat.react, { params: { id, reaction } }),
    onSuccess: (res) => {
      if (guid) update(guid, (items) => upsertItems(items, [toChatItem(res.data)]));
    },
  });
}
