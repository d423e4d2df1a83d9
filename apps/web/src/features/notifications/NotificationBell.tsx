import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotificationDto } from '@tt/protocol';
import { NotificationItem } from './NotificationItem';
import {
  useLiveNotifications,
  useMarkReadMutation,
  useNotificationsQuery,
  useUnreadCountQuery,
} from './queries';

/** The header's bell: the unread count, live, and the latest few in a panel. */
export function NotificationBell() {
  const { t } = useTranslation();
  useLiveNotifications();
  const unread = useUnreadCountQuery().data ?? 0;
  const [open, setOpen] = useState(false);
  // The latest few are fetched when the panel opens (the count alone is on every page).
  const latest = useNotificationsQuery(false, 6, open);
  const markRead = useMarkReadMutation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);
  const items = latest.data?.pages[0]?.notifications ?? [];
  const opened = (n: NotificationDto) => {
    if (!n.readAt) markRead.mutate([n.id]);
    setOpen(false);
  };
  return (
    <div className="notif-bell" ref={box}>
      <button
        type="button"
        className="nav-inbox"
        aria-expanded={open}
        aria-label={
          unread ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')
        }
        onClick={() => setOpen(!open)}
        data-testid="nav-bell"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.5L4.5 16h15L18 12.5V9a6 6 0 0 0-6-6zM10 19a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        </svg>
        {unread ? (
          <span className="nav-badge" data-testid="nav-bell-count">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="notif-panel" role="dialog" aria-label={t('notifications.title')}>
          <div className="notif-panel-head">
            <strong>{t('notifications.title')}</strong>
            {unread ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => markRead.mutate('all')}
              >
                {t('notifications.markAll')}
              </button>
            ) : null}
          </div>
          {items.length ? (
            <ul className="notif-list">
              {items.map((n) => (
                <NotificationItem key={n.id} n={n} onOpen={opened} />
              ))}
            </ul>
          ) : (
            <p className="notif-empty">{t('notifications.empty')}</p>
          )}
          <div className="notif-panel-foot">
            <Link to="/notifications" onClick={() => setOpen(false)} data-testid="bell-see-all">
              {t('notifications.seeAll')}
            </Link>
            <Link to="/settings/notifications" onClick={() => setOpen(false)}>
              {t('notifications.settingsLink')}
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
