import type { NotificationDto, NotificationPageDto } from '@tt/protocol';

/**
 * What an app-socket event means for the notification centre (NOTIFY-LIVE-1): after a reconnect
 * everything may be behind (`refetch: 'all'`); once connected, the first time too, the count may
 * have missed what came before the socket was ready (`refetch: 'unread'`); a notification frame
 * adds one (`add`), unless it is already read: items the server marked read (NOTIFY-LIVE-2, a
 * DM read in the chat) refetch the lists and the count; other events mean nothing here (null).
 */
export type LiveNotificationStep = { refetch: 'all' | 'unread' } | { add: NotificationDto } | null;

/** The events of the app (chat) socket, as far as the notification centre reads them. */
export interface LiveEventLike {
  type: string;
  connected?: boolean;
  notification?: NotificationDto;
}

export function liveNotificationStep(e: LiveEventLike): LiveNotificationStep {
  if (e.type === 'resync') return { refetch: 'all' };
  if (e.type === 'status' && e.connected) return { refetch: 'unread' };
  if (e.type === 'notification' && e.notification) {
    return e.notification.readAt ? { refetch: 'all' } : { add: e.notification };
  }
  return null;
}

/**
 * NOTIFY-LIVE-1: a notification that arrives live goes on top of the first page of a list held
 * as pages (newest first), and the page's unread count moves with it; a list without pages, or
 * whose first page already holds it, is answered as it was (the same object).
 */
export function withLiveNotification<D extends { pages: readonly NotificationPageDto[] }>(
  data: D | undefined,
  n: NotificationDto,
): D | undefined {
  const first = data?.pages[0];
  if (!data || !first || first.notifications.some((x) => x.id === n.id)) return data;
  return {
    ...data,
    pages: [
      { ...first, unread: first.unread + 1, notifications: [n, ...first.notifications] },
      ...data.pages.slice(1),
    ],
  };
}
