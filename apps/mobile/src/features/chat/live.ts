import { useLiveDirectMessages } from '../messages/live';
import { useLiveNotifications } from '../notifications/live';
import { useChatConnection } from './socket';

/**
 * The app's live updates, mounted once in the root layout: the one chat socket (while signed in,
 * or read only with a guest's token), direct messages and notifications from it.
 */
export function useChatLive(): void {
  useChatConnection();
  useLiveDirectMessages();
  useLiveNotifications();
}
