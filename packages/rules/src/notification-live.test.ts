import { describe, expect, it } from 'vitest';
import type { NotificationDto, NotificationPageDto } from '@tt/protocol';
import { liveNotificationStep, withLiveNotification } from './notification-live';

const note = (id: string) => ({ id, kind: 'custom', title: id, body: '' }) as NotificationDto;
const page = (ids: string[], unread: number): NotificationPageDto => ({
  notifications: ids.map(note),
  next: null,
  unread,
});

describe('live notifications in a paged list', () => {
  it('NOTIFY-LIVE-1: a new one goes on top of the first page and its unread count moves', () => {
    const data = { pages: [page(['b'], 1), page(['c'], 1)], pageParams: [undefined, 'b'] };
    const next = withLiveNotification(data, note('a'));
    expect(next?.pages.map((p) => p.notifications.map((n) => n.id))).toEqual([['a', 'b'], ['c']]);
    expect(next?.pages[0].unread).toBe(2);
    expect(next?.pageParams).toEqual([undefined, 'b']);
  });

  it('NOTIFY-LIVE-1: one already on the first page, or a list not fetched, stays as it was', () => {
    const data = { pages: [page(['a'], 1)] };
    expect(withLiveNotification(data, note('a'))).toBe(data);
    expect(withLiveNotification(undefined, note('a'))).toBeUndefined();
    const empty = { pages: [] as NotificationPageDto[] };
    expect(withLiveNotification(empty, note('a'))).toBe(empty);
  });

  it('NOTIFY-LIVE-1: a reconnect refetches all, being connected the count, a frame adds one', () => {
    expect(liveNotificationStep({ type: 'resync' })).toEqual({ refetch: 'all' });
    expect(liveNotificationStep({ type: 'status', connected: true })).toEqual({
      refetch: 'unread',
    });
    expect(liveNotificationStep({ type: 'status', connected: false })).toBeNull();
    const n = note('a');
    expect(liveNotificationStep({ type: 'notification', notification: n })).toEqual({ add: n });
    expect(liveNotificationStep({ type: 'message' })).toBeNull();
  });

  it('NOTIFY-LIVE-2: a frame of an item the server marked read refetches the lists and count', () => {
    const read = { ...note('a'), readAt: '2026-01-01T00:00:00Z' };
    expect(liveNotificationStep({ type: 'notification', notification: read })).toEqual({
      refetch: 'all',
    });
  });
});
