import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotificationDto } from '@tt/protocol';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { NotificationItem } from './NotificationItem';
import { useMarkReadMutation, useNotificationsQuery, useUnreadCountQuery } from './queries';

/** The notification centre: everything, or only what is unread, a page at a time. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notifications.title'));
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotificationsQuery(unreadOnly);
  const unread = useUnreadCountQuery().data ?? 0;
  const markRead = useMarkReadMutation();
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const opened = (n: NotificationDto) => {
    if (!n.readAt) markRead.mutate([n.id]);
  };
  return (
    <div className="container notif-page" data-testid="notifications-page">
      <div className="notif-page-head">
        <h1>{t('notifications.title')}</h1>
        <div className="notif-page-actions">
          <div className="tabs" role="tablist">
            <button
              type="button"
              role="tab"
              aria-selected={!unreadOnly}
              onClick={() => setUnreadOnly(false)}
            >
              {t('notifications.all')}
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={unreadOnly}
              onClick={() => setUnreadOnly(true)}
            >
              {t('notifications.unreadTab', { count: unread })}
            </button>
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={!unread}
            onClick={() => markRead.mutate('all')}
            data-testid="mark-all-read"
          >
            {t('notifications.markAll')}
          </button>
          <Link className="btn btn-ghost btn-sm" to="/settings/notifications">
            {t('notifications.settingsLink')}
          </Link>
        </div>
      </div>
      {list.isLoading ? <p className="notif-empty">{t('notifications.loading')}</p> : null}
      {!list.isLoading && items.length === 0 ? (
        <div className="notif-empty-card">
          <p>{unreadOnly ? t('notifications.emptyUnread') : t('notifications.emptyAll')}</p>
          <Link className="btn btn-primary btn-sm" to="/rooms">
            {t('notifications.browseRooms')}
          </Link>
        </div>
      ) : (
        <ul className="notif-list notif-list-page">
          {items.map((n) => (
            <NotificationItem key={n.id} n={n} onOpen={opened} />
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <button
          type="button"
          className="btn btn-ghost"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('notifications.more')}
        </button>
      ) : null}
    </div>
  );
}
