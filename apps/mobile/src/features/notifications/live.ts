import { useEffect } from 'react';
import { liveNotificationStep, withLiveNotification } from '@tt/rules';
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
      const step = liveNotificationStep(e);
      if (!step) return;
      if ('refetch' in step) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys[step.refetch] });
        return;
      }
      queryClient.setQueryData<number>(notificationKeys.unread, (c) =>
        c === undefined ? c : c + 1,
      );
      queryClient.setQueriesData<Pages>({ queryKey: ['notifications', 'list'] }, (data) =>
        withLiveNotification(data, step.add),
      );
    });
  }, [signedIn]);
}
