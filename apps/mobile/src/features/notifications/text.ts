import type { TFunction } from 'i18next';
import type { NotificationDto } from '@tt/protocol';

/**
 * What a notification says, in the reader's language: the kinds the app knows are written from
 * their params; messages people sent (custom, broadcast) are shown as sent. Same as the web.
 */
export function notificationText(
  t: TFunction,
  n: NotificationDto,
): { title: string; body: string } {
  const p = { name: n.params.name ?? '', room: n.params.room ?? '' };
  switch (n.kind) {
    case 'friendInvitation':
    case 'friendAccepted':
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
