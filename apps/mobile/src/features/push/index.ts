import { useEffect } from 'react';
import { Platform } from 'react-native';
import * as Notifications from 'expo-notifications';
import { router } from 'expo-router';
import { deviceEndpoints, serviceBase } from '@tt/protocol';
import { i18n } from '../../i18n';
import { api } from '../../lib/api';
import '../notifications/i18n';
import { devicePlatformFor, linkOfPushData, rawDeviceToken, routeForLink } from './links';

export { devicePlatformFor, linkOfPushData, rawDeviceToken, routeForLink } from './links';

export const ANDROID_CHANNEL_ID = 'default';

/** The token registered with the server by this app run, removed again on sign-out. */
let registered: string | null = null;

/** Android 8+ shows nothing without a channel. */
export async function setupAndroidChannel(): Promise<void> {
  if (Platform.OS !== 'android') return;
  await Notifications.setNotificationChannelAsync(ANDROID_CHANNEL_ID, {
    // The channel's name shows in Android's settings for the app.
    name: i18n.t('notifications.title'),
    importance: Notifications.AndroidImportance.HIGH,
  });
}

/**
 * After sign-in: asks for permission and registers this phone's raw APNs/FCM token with the
 * server (POST /devices). Does nothing on the web build or when permission is refused.
 * Returns the registered token or null.
 */
export async function registerPush(): Promise<string | null> {
  const devicePlatform = devicePlatformFor(Platform.OS);
  if (!devicePlatform) return null;
  await setupAndroidChannel();
  let perm = await Notifications.getPermissionsAsync();
  if (!perm.granted && perm.canAskAgain) perm = await Notifications.requestPermissionsAsync();
  if (!perm.granted) return null;
  const token = rawDeviceToken(await Notifications.getDevicePushTokenAsync());
  if (!token) return null;
  await api.call(deviceEndpoints.register, { body: { token, devicePlatform } });
  registered = token;
  return token;
}

/** Before sign-out (the token is still valid): removes this phone from the caller's devices. */
export async function unregisterPush(): Promise<void> {
  const token = registered;
  registered = null;
  if (!token || !devicePlatformFor(Platform.OS)) return;
  try {
    // Not api.call: its path builder turns ':' (every FCM token has one) into '_'.
    const d = deviceEndpoints.remove;
    const path = d.path.replace('{token}', encodeURIComponent(token));
    await api.raw({ method: d.method, path: serviceBase(d.service) + path });
  } catch {
    // Signed out anyway: the server drops tokens the push service reports gone.
  }
}

/** Opens the screen a notification's link leads to. */
export function openLink(link: string | null | undefined): boolean {
  const route = routeForLink(link);
  if (!route) return false;
  router.push(route as never);
  return true;
}

/** Tapping a push (also the one that launched the app) opens its room or conversation. */
export function usePushResponses(): void {
  useEffect(() => {
    if (!devicePlatformFor(Platform.OS)) return;
    const open = (r: Notifications.NotificationResponse | null) => {
      if (r) openLink(linkOfPushData(r.notification.request.content.data));
    };
    void Notifications.getLastNotificationResponseAsync?.().then(open, () => undefined);
    const sub = Notifications.addNotificationResponseReceivedListener(open);
    return () => sub.remove();
  }, []);
}

/**
 * Registers the device while signed in: call with the current token (src/lib/token.ts). A change
 * to a token registers; a change to null unregisters.
 */
export function usePushRegistration(authToken: string | null): void {
  useEffect(() => {
    if (!authToken) return;
    void registerPush().catch(() => null);
  }, [authToken]);
}
