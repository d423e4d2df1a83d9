import { useInfiniteQuery, useMutation, useQuery, type InfiniteData } from '@tanstack/react-query';
import {
  notificationCentreEndpoints as c,
  type NotificationPageDto,
  type NotificationSettingsDto,
} from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { currentToken } from '../../lib/token';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (unreadOnly: boolean) => ['notifications', 'list', unreadOnly] as const,
  unread: ['notifications', 'unread'] as const,
  settings: ['notifications', 'settings'] as const,
};

const PAGE = 20;
/**
 * NOTIFY-LIVE-1: new notifications come live on the chat socket (./live.ts); a slow refetch is only
 * a safety net.
 */
export const REFETCH_MS = 60_000;
export type Pages = InfiniteData<NotificationPageDto, string | undefined>;

const signedIn = () => currentToken() !== null;

/** The unread count (NOTIFY-CENTRE-1). */
export function useUnreadCountQuery() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async () => (await api.call(c.unreadCount, {})).unread,
    enabled: signedIn(),
    refetchInterval: REFETCH_MS,
  });
}

/** The notification centre, newest first, a page at a time. */
export function useNotificationsQuery(unreadOnly = false) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(unreadOnly),
    queryFn: ({ pageParam }) =>
      api.call(c.list, {
        query: { limit: PAGE, before: pageParam, unreadOnly: unreadOnly ? 'true' : 'false' },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: signedIn(),
    refetchInterval: REFETCH_MS,
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

export function useNotificationSettingsQuery() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: () => api.call(c.settings, {}),
    enabled: signedIn(),
  });
}

type Change = Partial<
  Record<keyof NotificationSettingsDto['kinds'], { app?: boolean; push?: boolean }>
>;

/** Turns a kind on or off at once on screen; put back if the server refuses (NOTIFY-SET-1). */
export function useUpdateNotificationSettingsMutation() {
  return useMutation({
    mutationFn: (kinds: Change) => api.call(c.updateSettings, { body: { kinds } }),
    onMutate: (kinds) => {
      const before = queryClient.getQueryData<NotificationSettingsDto>(notificationKeys.settings);
      if (before) {
        const next = JSON.parse(JSON.stringify(before)) as NotificationSettingsDto;
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
