import { useCallback, useEffect, useMemo } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  chatEndpoints,
  cometChatApi,
  gifEndpoints,
  playlistSongDataEndpoints,
  type CometMessage,
} from '@tt/protocol';
import { CHAT_SEND_RETRIES, canBecomeMusicInfo, resolvableChatLinks } from '@tt/rules';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { useOwnProfile } from '../../entities/user/queries';
import { useMe } from '../../entities/room/hooks';
import { chatCall } from './api';
import { subscribeGroup, useChatEvents } from './chatSocket';
import {
  localItem,
  newUuid,
  sendBody,
  targetKey,
  toChatItem,
  type ChatTarget,
  type Draft,
  type Sender,
} from './model';
import { toMusicInfo } from './music';
import { conversationOf, itemsOf, keyOfMessage, useChatStore } from './store';

/** Messages per history page (CHAT-PAGE-1 allows up to 100). */
export const CHAT_PAGE = 50;

export const chatKeys = {
  conversations: ['chat', 'conversations'] as const,
  gifs: (q: string) => ['chat', 'gifs', q] as const,
};

function fetchPage(target: ChatTarget, query: { id?: number; affix?: 'append' | 'prepend' }) {
  const q = { per_page: CHAT_PAGE, ...query };
  return target.kind === 'group'
    ? chatCall(cometChatApi.groupMessages, { params: { guid: target.guid }, query: q })
    : chatCall(cometChatApi.userMessages, { params: { uid: target.uid }, query: q });
}

const serverIds = (items: { id: string | number; send: string }[]) =>
  items.filter((m) => m.send === 'sent').map((m) => Number(m.id));

/** Fetches what came after the newest message held (after a reconnect: nothing is lost). */
async function catchUp(target: ChatTarget): Promise<void> {
  const key = targetKey(target);
  const conv = useChatStore.getState().conversations[key];
  const ids = serverIds(conv?.items ?? []);
  if (ids.length === 0) {
    // Nothing held yet: once the first page is in, the latest page is what was missed.
    if (!conv?.loaded) return;
    const page = await fetchPage(target, {});
    useChatStore.getState().upsert(key, itemsOf(page.data));
    return;
  }
  let after = Math.max(...ids);
  for (let i = 0; i < 6; i++) {
    const page = await fetchPage(target, { id: after, affix: 'append' });
    useChatStore.getState().upsert(key, itemsOf(page.data));
    if (page.data.length < CHAT_PAGE) return;
    after = Number(page.data[page.data.length - 1].id);
  }
}

/**
 * A conversation's messages: the latest page on first view, older pages on demand, live
 * messages from the chat socket, and a catch-up after every reconnect.
 */
export function useChatMessagesQuery(target: ChatTarget, enabled = true) {
  const key = targetKey(target);
  const conv = useChatStore(conversationOf(key));
  const me = useMe().uuid;
  const groupGuid = target.kind === 'group' ? target.guid : null;

  useEffect(() => {
    if (!enabled) return;
    const unsubscribe = groupGuid ? subscribeGroup(groupGuid) : () => {};
    const store = useChatStore.getState();
    if (store.conversations[key]?.loaded) {
      void catchUp(target).catch(() => {});
    } else {
      void fetchPage(target, {})
        .then((page) => {
          store.upsert(key, itemsOf(page.data));
          store.patch(key, () => ({ loaded: true, hasOlder: page.data.length >= CHAT_PAGE }));
        })
        .catch(() => store.patch(key, () => ({ loaded: true, hasOlder: false })));
    }
    return unsubscribe;
    // target is described by key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled, groupGuid]);

  useChatEvents((e) => {
    if (!enabled) return;
    if (e.type === 'resync') void catchUp(target).catch(() => {});
    if (e.type === 'message' || e.type === 'edited' || e.type === 'deleted') {
      if (keyOfMessage(e.message, me) === key) {
        useChatStore.getState().upsert(key, [toChatItem(e.message)]);
      }
    }
    if (e.type === 'reaction') {
      useChatStore.getState().reaction(e.messageId, e.reaction, e.uid, e.action === 'added');
    }
  });

  const loadOlder = useCallback(async () => {
    const store = useChatStore.getState();
    const c = store.conversations[key];
    if (!c || c.loadingOlder || !c.hasOlder) return;
    const ids = serverIds(c.items);
    if (ids.length === 0) return;
    store.patch(key, () => ({ loadingOlder: true }));
    try {
      const page = await fetchPage(target, { id: Math.min(...ids), affix: 'prepend' });
      store.upsert(key, itemsOf(page.data), 'before');
      store.patch(key, () => ({ hasOlder: page.data.length >= CHAT_PAGE, loadingOlder: false }));
    } catch {
      store.patch(key, () => ({ loadingOlder: false }));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return { ...conv, loadOlder };
}

/** Who I am in chat: my profile's name, avatar and colour (the server fills what is missing). */
export function useChatSender(): Sender | null {
  const me = useMe();
  const { data } = useOwnProfile();
  return useMemo(() => {
    if (!me.uuid || me.isGuest) return null;
    return {
      uuid: me.uuid,
      userName: data?.nickname ?? 'me',
      avatarId: data?.avatarId || 'default',
      color: data?.color,
      picture: data?.profilePicture || undefined,
    };
  }, [me.uuid, me.isGuest, data]);
}

/** Music-info attachments for the song links of a text (CHAT-LINK-1..3; gifs are not scanned). */
async function resolveSongs(text: string, isGif: boolean) {
  const links = resolvableChatLinks(text, { isGif }).slice(0, 3);
  const found = await Promise.all(
    links.map((link) =>
      api
        .call(playlistSongDataEndpoints.byLink, { params: { link }, query: {} })
        .then((song) => (canBecomeMusicInfo(song) ? toMusicInfo(song, link) : null))
        .catch(() => null),
    ),
  );
  return found.filter((s) => s !== null);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sending: the message shows at once with id −1, then the server's copy takes its place. A failed
 * send is tried again up to CHAT_SEND_RETRIES times; then it shows a retry button. A refusal
 * (4xx) is not retried: its reason is shown.
 */
export function useSendChatMessage(target: ChatTarget) {
  const sender = useChatSender();
  const key = targetKey(target);

  const attempt = useCallback(
    async (uuid: string, draft: Draft, me: Sender): Promise<void> => {
      const store = useChatStore.getState();
      for (let i = 1; i <= CHAT_SEND_RETRIES; i++) {
        try {
          const res = await chatCall(cometChatApi.send, {
            body: sendBody(target, uuid, me, draft),
          });
          useChatStore.getState().upsert(key, [toChatItem(res.data)]);
          void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
          return;
        } catch (err) {
          const status = (err as { status?: number }).status ?? 0;
          const final =
            (status >= 400 && status < 500 && status !== 429) || i === CHAT_SEND_RETRIES;
          if (final) {
            const refused = status >= 400 && status < 500 && status !== 429;
            // A refusal (muted, blocked, too long) is shown and the copy goes; a failure keeps
            // the copy with a retry button.
            store.patch(key, (c) => ({
              items: refused
                ? c.items.filter((m) => m.uuid !== uuid)
                : c.items.map((m) => (m.uuid === uuid ? { ...m, send: 'failed', attempts: i } : m)),
            }));
            throw err;
          }
          await pause(800 * i);
        }
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );

  const send = useCallback(
    async (draft: Draft, uuid = newUuid()): Promise<void> => {
      if (!sender) return;
      const store = useChatStore.getState();
      const songs = draft.songs ?? (await resolveSongs(draft.text, Boolean(draft.gif)));
      const full = { ...draft, songs };
      store.upsert(key, [{ ...localItem(uuid, sender, full, Date.now()), draft: full }]);
      await attempt(uuid, full, sender);
    },
    [sender, key, attempt],
  );

  /** The retry button: sends the failed message again (same uuid: stored once, CHAT-IDEMP-1). */
  const retry = useCallback(
    async (uuid: string) => {
      const item = useChatStore.getState().conversations[key]?.items.find((m) => m.uuid === uuid);
      if (!item?.draft || !sender) return;
      useChatStore.getState().patch(key, (c) => ({
        items: c.items.map((m) => (m.uuid === uuid ? { ...m, send: 'sending' } : m)),
      }));
      await attempt(uuid, item.draft, sender);
    },
    [key, sender, attempt],
  );

  return { send, retry, canSend: sender !== null };
}

/** Joins a room's chat (CHAT-JOIN-1; joining again changes nothing). */
export function useJoinChatMutation() {
  return useMutation({
    mutationFn: (guid: string) =>
      chatCall(cometChatApi.join, { params: { guid }, body: undefined }),
  });
}

/** Reactions toggle (CHAT-REACT-1): added when absent, removed when present. */
export function useReactMutation() {
  return useMutation({
    mutationFn: ({ id, reaction, mine }: { id: string; reaction: string; mine: boolean }) =>
      mine
        ? chatCall(cometChatApi.unreact, { params: { id, reaction } })
        : chatCall(cometChatApi.react, { params: { id, reaction } }),
  });
}

/** Recall (own, 20 s: CHAT-RECALL-1) or moderator delete (CHAT-MOD-1). */
export function useDeleteMessageMutation() {
  return useMutation({
    mutationFn: (m: { id: string; key: string }) =>
      chatCall(cometChatApi.delete, { params: { id: m.id } }).then((res) => {
        useChatStore.getState().upsert(m.key, [toChatItem(res.data as CometMessage)]);
      }),
  });
}

export function useEditMessageMutation() {
  return useMutation({
    mutationFn: (m: { id: string; key: string; text: string; metadata: Record<string, unknown> }) =>
      chatCall(cometChatApi.edit, {
        params: { id: m.id },
        body: { data: { text: m.text, metadata: m.metadata } },
      }).then((res) => useChatStore.getState().upsert(m.key, [toChatItem(res.data)])),
  });
}

/** Reports a message and hides it for the reporter (CHAT-REPORT-1). */
export function useReportMutation() {
  return useMutation({
    mutationFn: (m: { id: string; reportIdentifier: string; reason?: string }) =>
      api
        .call(chatEndpoints.report, { body: { messageId: m.id, reason: m.reason } })
        .then(() => useChatStore.getState().hide(m.reportIdentifier)),
  });
}

export function useUploadChatImageMutation() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.call(chatEndpoints.uploadImage, { body: form } as never);
    },
  });
}

export function useMarkReadMutation() {
  return useMutation({
    mutationFn: (target: ChatTarget) =>
      target.kind === 'group'
        ? chatCall(cometChatApi.groupRead, { params: { guid: target.guid } })
        : chatCall(cometChatApi.userRead, { params: { uid: target.uid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.conversations }),
  });
}

/** The caller's conversations, latest first (the DM inbox and the unread count). */
export function useConversationsQuery(enabled = true) {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useQuery({
    queryKey: chatKeys.conversations,
    queryFn: () => chatCall(cometChatApi.conversations, { query: { per_page: 50 } }),
    enabled: signedIn && enabled,
    staleTime: 15_000,
    refetchOnWindowFocus: true,
  });
}

/** GIF search (CHAT-GIF-*): `enabled: false` while the platform has no GIF provider. */
export function useGifSearchQuery(q: string, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.gifs(q),
    queryFn: () => api.call(gifEndpoints.search, { query: { q, limit: 24 } }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
