import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { openingInboxTab, type ConversationCategory } from '@tt/rules';
import { clockTime } from '../../lib/time';
import { Avatar } from '../../entities/avatar/Avatar';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ChatConversation } from '../chat/ChatConversation';
import { toChatItem } from '../chat/model';
import { usePublicProfile } from '../../entities/user/queries';
import {
  useInboxQuery,
  useMarkConversationRead,
  useRefreshOnDirectMessages,
  type InboxRow,
} from './queries';
import '../../styles/messages.css';

const TABS: Exclude<ConversationCategory, 'UNSET'>[] = ['FRIENDS', 'OTHERS'];

/** One line of the inbox: the other person, the last message as text, when, unread count. */
function Row({ row, active }: { row: InboxRow; active: boolean }) {
  const { t, i18n } = useTranslation();
  const profile = usePublicProfile(row.uid);
  const last = row.last ? toChatItem(row.last) : null;
  const preview = !last
    ? ''
    : last.deleted
      ? t('chat.deleted')
      : last.text || (last.gif ? t('chat.gif') : last.imageUrls.length ? t('chat.image') : '');
  const when = new Date(row.updatedAt * 1000);
  const sameDay = when.toDateString() === new Date().toDateString();
  return (
    <li>
      <Link
        to={`/messages/${row.uid}`}
        className={`inbox-row ${active ? 'is-active' : ''} ${row.unread ? 'is-unread' : ''}`}
        data-testid="inbox-row"
      >
        <Avatar
          name={profile.data?.nickname ?? row.name}
          picture={profile.data?.profilePicture || null}
          color={profile.data?.color}
          avatarId={profile.data?.avatarId}
          size={44}
        />
        <span className="inbox-text">
          <strong>{profile.data?.nickname ?? row.name}</strong>
          <span className="muted">{preview}</span>
        </span>
        <span className="inbox-side">
          <time className="muted" dateTime={when.toISOString()}>
            {sameDay
              ? clockTime(when, i18n.language)
              : when.toLocaleDateString(i18n.language, { month: 'short', day: 'numeric' })}
          </time>
          {row.unread ? (
            <span
              className="badge"
              data-testid="inbox-unread"
              aria-label={t('messages.unread', { count: row.unread })}
            >
              {row.unread}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

function Conversation({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const profile = usePublicProfile(uid);
  useMarkConversationRead(uid);
  const name = profile.data?.nickname ?? t('room.someone');
  return (
    <div className="dm-view">
      <header className="dm-head">
        <Link
          to="/messages"
          className="dm-back"
          aria-label={t('messages.back')}
          data-testid="dm-back"
        >
          ←
        </Link>
        <Link to={`/profile/${uid}`} className="dm-who">
          <Avatar
            name={name}
            picture={profile.data?.profilePicture || null}
            color={profile.data?.color}
            avatarId={profile.data?.avatarId}
            size={36}
          />
          <strong data-testid="dm-name">{name}</strong>
        </Link>
      </header>
      <ChatConversation key={uid} target={{ kind: 'user', uid }} className="dm-chat" />
    </div>
  );
}

/** Direct messages: the inbox (FRIENDS and OTHERS, CHAT-INBOX-1) and the open conversation. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const { uid } = useParams();
  useDocumentTitle(t('messages.title'));
  const inbox = useInboxQuery();
  useRefreshOnDirectMessages();
  // CHAT-INBOX-2: open on the list with unread messages once the inbox has answered; a list the
  // person picks stays picked.
  const [chosen, setTab] = useState<(typeof TABS)[number] | null>(null);
  const [opening, setOpening] = useState<(typeof TABS)[number] | null>(null);
  useEffect(() => {
    if (opening === null && inbox.ready) setOpening(openingInboxTab(inbox.rows));
  }, [opening, inbox.ready, inbox.rows]);
  const tab = chosen ?? opening ?? openingInboxTab(inbox.rows);
  const rows = inbox.rows.filter((r) => r.category === tab);
  const unreadIn = (c: string) =>
    inbox.rows.filter((r) => r.category === c).reduce((n, r) => n + r.unread, 0);

  return (
    <div
      className={`container messages-page ${uid ? 'has-conversation' : ''}`}
      data-testid="messages-page"
    >
      <aside className="inbox" aria-label={t('messages.inbox')}>
        <h1>{t('messages.title')}</h1>
        <div className="inbox-tabs" role="tablist">
          {TABS.map((c) => (
            <button
              key={c}
              type="button"
              role="tab"
              aria-selected={tab === c}
              className={tab === c ? 'is-active' : ''}
              onClick={() => setTab(c)}
              data-testid={`inbox-tab-${c}`}
            >
              {t(`messages.category.${c}`)}
              {unreadIn(c) ? <span className="badge">{unreadIn(c)}</span> : null}
            </button>
          ))}
        </div>
        {inbox.isLoading ? <p className="muted">{t('common.loading')}</p> : null}
        {!inbox.isLoading && rows.length === 0 ? (
          <p className="inbox-empty muted">
            {tab === 'FRIENDS' ? t('messages.noFriends') : t('messages.empty')}
          </p>
        ) : null}
        <ul className="inbox-list">
          {rows.map((r) => (
            <Row key={r.uid} row={r} active={r.uid === uid} />
          ))}
        </ul>
      </aside>
      <section className="dm-pane">
        {uid ? (
          <Conversation uid={uid} />
        ) : (
          <div className="dm-placeholder">
            <p className="muted">{t('messages.pick')}</p>
          </div>
        )}
      </section>
    </div>
  );
}
