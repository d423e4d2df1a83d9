import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, type InfiniteData } from '@tanstack/react-query';
import {
  notificationCentreEndpoints as c,
  type NotificationPageDto,
  type NotificationSettingsDto,
} from '@tt/protocol';
import { liveNotificationStep, withLiveNotification } from '@tt/rules';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useIsSignedIn } from '../../lib/session';
import { subscribeChatEvents } from '../chat/chatSocket';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (unreadOnly: boolean) => ['notifications', 'list', unreadOnly] as const,
  unread: ['notifications', 'unread'] as const,
  settings: ['notifications', 'settings'] as const,
};

const PAGE = 20;
type Pages = InfiniteData<NotificationPageDto, string | undefined>;

/** The bell's count (NOTIFY-CENTRE-1); moved live by useLiveNotifications. */
export function useUnreadCountQuery() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async () => (await api.call(c.unreadCount, {})).unread,
    enabled: signedIn,
    staleTime: 60_000,
  });
}

/** The notification centre, newest first, a page at a time. */
export function useNotificationsQuery(unreadOnly = false, limit = PAGE, wanted = true) {
  const signedIn = useIsSignedIn();
  return useInfiniteQuery({
    queryKey: [...notificationKeys.list(unreadOnly), limit],
    queryFn: ({ pageParam }) =>
      api.call(c.list, {
        query: { limit, before: pageParam, unreadOnly: unreadOnly ? 'true' : 'false' },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: signedIn && wanted,
  });
}

/** Marks items (or everything) read, at once on screen (NOTIFY-CENTRE-2). */
export function useMarkReadMutation() {
  return useMutation({
    mutationFn: (ids: string[] | 'all') =>
      api.call(c.markRead, { body: ids === 'all' ? { all: true } : { ids } }),
    onMutate: (ids) => {
      const now = new Date().toISOString();
      let marked = 0;
      queryClient.setQueriesData<Pages>({ queryKey: ['notifications', 'list'] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                notifications: p.notifications.map((n) => {
                  if (n.readAt || (ids !== 'all' && !ids.includes(n.id))) return n;
                  marked++;
                  return { ...n, readAt: now };
                }),
              })),
            }
          : data,
      );
      queryClient.setQueryData<number>(notificationKeys.unread, (n) =>
        ids === 'all' ? 0 : Math.max(0, (n ?? 0) - (marked ? ids.length : 0)),
      );
    },
    onSuccess: ({ unread }) => queryClient.setQueryData(notificationKeys.unread, unread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications', 'list'] }),
  });
}

/**
 * NOTIFY-LIVE-1: a notification arriving on the app socket moves the count and shows at the top of
 * the lists at once; a reconnect fetches what was missed.
 */
export function useLiveNotifications(): void {
  const signedIn = useIsSignedIn();
  useEffect(() => {
    if (!signedIn) return;
    return subscribeChatEvents((e) => {
      // A reconnect refetches everything; being connected (the first time too) the count: what
      // arrived between its first fetch and the socket being ready would otherwise be missed.
      const step = liveNotificationStep(e);
      if (!step) return;
      if ('refetch' in step) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys[step.refetch] });
        return;
      }
      queryClient.setQueryData<number>(notificationKeys.unread, (c0) => (c0 ?? 0) + 1);
      // A count fetched before this item was made may still be on its way and would overwrite the
      // +1: the count is read again (an in-flight read is replaced), so it settles on the truth.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
      queryClient.setQueriesData<Pages>({ queryKey: ['notifications', 'list'] }, (data) =>
        withLiveNotification(data, step.add),
      );
    });
  }, [signedIn]);
}

export function useNotificationSettingsQuery() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: () => api.call(c.settings, {}),
    enabled: signedIn,
  });
}

type Change = Partial<
  Record<keyof NotificationSettingsDto['kinds'], { app?: boolean; push?: boolean }>
>;

/** Turns a kind on or off at once on screen; put back if the server refuses. */
export function useUpdateNotificationSettingsMutation() {
  return useMutation({
    mutationFn: (kinds: Change) => api.call(c.updateSettings, { body: { kinds } }),
    onMutate: (kinds) => {
      const before = queryClient.getQueryData<NotificationSettingsDto>(notificationKeys.settings);
      if (before) {
        const next = structuredClone(before);
        for (const [k, v] of Object.entries(kinds)) {
          const key = k as keyof NotificationSettingsDto['kinds'];
          next.kinds[key] = { ...next.kinds[key], ...v };
        }
        queryClient.setQueryData(notificationKeys.settings, next);
      }
      return { before };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.before) queryClient.setQueryData(notificationKeys.settings, ctx.before);
    },
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.settings, data),
  });
}
