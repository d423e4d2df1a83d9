import type { NotificationDto } from '@tt/protocol';

/** A translate function: the web's and the app's i18next `t`. */
export type Translate = (key: string, params: Record<string, string>) => string;

/**
 * What a notification says, in the reader's language, for the web and the mobile app alike: the
 * kinds the apps know are written from their params (keys `notifications.kinds.<kind>.*`);
 * messages people sent (custom, broadcast) are shown as sent.
 */
export function notificationText(
  t: Translate,
  n: NotificationDto,
): { title: string; body: string } {
  const p = { name: n.params.name ?? '', room: n.params.room ?? '' };
  switch (n.kind) {
    case 'friendInvitation':
    case 'friendAccepted':
    case 'newFan':
    case 'djLive':
    case 'roomLive':
    case 'eventStarted':
    case 'directMessage':
      return {
        title: t(`notifications.kinds.${n.kind}.title`, p),
        body: t(`notifications.kinds.${n.kind}.body`, p),
      };
    case 'mention':
      return {
        title: p.room
          ? t('notifications.kinds.mention.titleRoom', p)
          : t('notifications.kinds.mention.title', p),
        body: t('notifications.kinds.mention.body', p),
      };
    default:
      return { title: n.title, body: n.body };
  }
}

/** "2 min ago", in the reader's language. */
export function timeAgo(iso: string, lang: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(Math.round(seconds), 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86400), 'day');
}
