import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { setTitleUnread } from '../../ui/documentTitle';
import { useUnreadDirectCount } from './queries';

/** The header's way to the inbox, with the unread count of direct messages. */
export function InboxLink() {
  const { t } = useTranslation();
  const unread = useUnreadDirectCount();
  // CHAT-INBOX-3: the same total in front of the tab title; signing out (unmount) restores it.
  useEffect(() => {
    setTitleUnread(unread);
    return () => setTitleUnread(0);
  }, [unread]);
  return (
    <NavLink
      to="/messages"
      className="nav-inbox"
      aria-label={unread ? t('messages.inboxUnread', { count: unread }) : t('messages.inbox')}
      data-testid="nav-inbox"
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-5 4V6a1 1 0 0 1 1-1z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {unread ? (
        <span className="nav-badge" data-testid="nav-inbox-count">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
