import type { DevicePlatform } from '@tt/protocol';

/**
 * Where a notification's link (a web path such as /rooms/<slug>, /messages/<uuid>,
 * /profile/<uuid>, as the server writes it) leads in the app; null for a link the app has no
 * screen for. Full URLs of the site are read by their path.
 */
export function routeForLink(link: string | null | undefined): string | null {
  if (!link) return null;
  let path = link.trim();
  const scheme = /^[a-z][\w+.-]*:\/\/[^/]*/i.exec(path);
  if (scheme) path = path.slice(scheme[0].length) || '/';
  path = path.split(/[?#]/)[0]!.replace(/\/+$/, '');
  const [, first, second] = path.split('/');
  const id = second ? encodeURIComponent(decodeURIComponent(second)) : '';
  switch (first) {
    case 'rooms':
    case 'room':
      return id ? `/room/${id}` : null;
    case 'messages':
      return id ? `/messages/${id}` : '/messages';
    case 'profile':
      return id ? `/profile/${id}` : null;
    case 'notifications':
      return '/notifications';
    default:
      return null;
  }
}

/** The link a push carries: FCM and APNs put it in the data as `link` (see the server's push/). */
export function linkOfPushData(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const link = (data as Record<string, unknown>).link;
  return typeof link === 'string' && link ? link : null;
}

/** The device platform the server knows for this phone; null where push is not registered (web). */
export function devicePlatformFor(os: string): Extract<DevicePlatform, 'ios' | 'android'> | null {
  return os === 'ios' || os === 'android' ? os : null;
}

/** The raw APNs / FCM token of getDevicePushTokenAsync(), or null when it is not one. */
export function rawDeviceToken(t: { type: string; data: unknown }): string | null {
  if (t.type !== 'ios' && t.type !== 'android') return null;
  return typeof t.data === 'string' && t.data.length >= 16 ? t.data : null;
}
