import { useEffect } from 'react';
import type { NotificationDto } from '@tt/protocol';
import { withLiveNotification } from '@tt/rules';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { chatSocket } from '../chat/socket';
import { notificationKeys, type Pages } from './queries';

/**
 * NOTIFY-LIVE-1: a notification arriving on the chat socket moves the unread count and shows at
 * the top of the lists at once; being connected (the first time too) and every reconnect fetch
 * what may have been missed meanwhile.
 */
export function useLiveNotifications(): void {
  const session = useSession();
  const signedIn = session.kind === 'user';
  useEffect(() => {
    if (!signedIn) return;
    return chatSocket.subscribe((e) => {
      if (e.type === 'resync') {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        return;
      }
      if (e.type === 'status' && e.connected) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
        return;
      }
      if (e.type !== 'notification') return;
      const n: NotificationDto = e.notification;
      queryClient.setQueryData<number>(notificationKeys.unread, (c) =>
        c === undefined ? c : c + 1,
      );
      queryClient.setQueriesData<Pages>({ queryKey: ['notifications', 'list'] }, (data) =>
        withLiveNotification(data, n),
      );
    });
  }, [signedIn]);
}
