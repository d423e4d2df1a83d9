import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotificationDto } from '@tt/protocol';
import { notificationText, timeAgo } from '@tt/rules';
import '../../styles/notifications.css';

/** A small line drawing per kind (24×24 paths; emoji fonts are not everywhere). */
const PERSON = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 20c1-4 4.5-6 8-6s7 2 8 6';
const ICONS: Record<NotificationDto['kind'], string> = {
  friendInvitation: `${PERSON}M19 3v6M16 6h6`,
  friendAccepted: `${PERSON}M15 6l2 2 4-4`,
  // NOTIFY-FAN-1: a person and a small heart.
  newFan: `${PERSON}M19 9l-2.5-2.5a1.4 1.4 0 0 1 2.5-1 1.4 1.4 0 0 1 2.5 1z`,
  djLive: 'M4 15v-3a8 8 0 0 1 16 0v3M4 15h3v5H4zM17 15h3v5h-3z',
  roomLive:
    'M12 14a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM7.8 7.8a6 6 0 0 0 0 8.4M16.2 7.8a6 6 0 0 1 0 8.4M5 5a10 10 0 0 0 0 14M19 5a10 10 0 0 1 0 14',
  eventStarted: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M9 15l2 2 4-4',
  mention: 'M16 12a4 4 0 1 1-1.2-2.8V13a2 2 0 0 0 4 0v-1a7 7 0 1 0-3 5.7',
  directMessage: 'M4 5h16v11H9l-5 4z',
  broadcast: 'M4 10v4h3l6 4V6L7 10zM17 9a4 4 0 0 1 0 6M19.5 6.5a8 8 0 0 1 0 11',
  custom: 'M12 3l2.2 5.6L20 9.3l-4.4 3.8L17 19l-5-3-5 3 1.4-5.9L4 9.3l5.8-.7z',
};

/** One notification: what happened, when, and a way to it; reading it marks it read. */
export function NotificationItem({
  n,
  onOpen,
}: {
  n: NotificationDto;
  onOpen: (n: NotificationDto) => void;
}) {
  const { t, i18n } = useTranslation();
  const { title, body } = notificationText(t, n);
  const inner = (
    <>
      <span className="notif-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="18" height="18" focusable="false">
          <path
            d={ICONS[n.kind]}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <span className="notif-text">
        <strong>{title}</strong>
        <span>{body}</span>
        <time dateTime={n.createdAt}>{timeAgo(n.createdAt, i18n.language)}</time>
      </span>
      {n.readAt ? null : <span className="notif-dot" aria-label={t('notifications.unread')} />}
    </>
  );
  return (
    <li className={`notif-item${n.readAt ? '' : ' is-unread'}`} data-testid="notification">
      {n.link ? (
        <Link to={n.link} onClick={() => onOpen(n)} className="notif-link">
          {inner}
        </Link>
      ) : (
        <button type="button" onClick={() => onOpen(n)} className="notif-link">
          {inner}
        </button>
      )}
    </li>
  );
}
