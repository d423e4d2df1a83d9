import type { NotificationDto, NotificationPageDto } from '@tt/protocol';

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
