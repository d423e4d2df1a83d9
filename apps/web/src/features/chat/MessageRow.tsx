import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canEdit, canRecall } from '@tt/rules';
import { clockTime } from '../../lib/time';
import { Avatar } from '../../entities/avatar/Avatar';
import { AddToCrateMenu } from '../crates/AddToCrateMenu';
import { togglePreview, usePreview } from '../../entities/song/preview';
import { previewOf } from '../../entities/song/song';
import { mentionsMe, textParts, type ChatItem } from './model';
import { cardSong, type ChatMusicCard } from './music';
import { QUICK_REACTIONS } from './Pickers';

export interface RowActions {
  onReact: (item: ChatItem, reaction: string) => void;
  onReply: (item: ChatItem) => void;
  onRecall: (item: ChatItem) => void;
  onDelete: (item: ChatItem) => void;
  onReport: (item: ChatItem) => void;
  onRetry: (item: ChatItem) => void;
  onEdit: (item: ChatItem) => void;
}

function SongCard({ info }: { info: ChatMusicCard }) {
  const { t } = useTranslation();
  const key = `chat:${info.trackInfo.isrc}:${info.trackInfo.id ?? ''}`;
  const playing = usePreview((s) => s.playing === key);
  const preview = info.song ? previewOf(info.song) : null;
  const song = cardSong(info);
  const name = `${info.trackInfo.title} – ${info.trackInfo.userName}`;
  return (
    <div className="chat-song" data-testid="chat-song">
      {info.trackInfo.artwork ? (
        <img src={info.trackInfo.artwork} alt="" width={48} height={48} />
      ) : (
        <span className="chat-song-art" />
      )}
      <span className="chat-song-text">
        <strong>{info.trackInfo.title}</strong>
        <span className="muted">{info.trackInfo.userName}</span>
      </span>
      {preview ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-pressed={playing}
          aria-label={
            playing ? t('search.stopPreview', { name }) : t('search.playPreview', { name })
          }
          onClick={() => void togglePreview(key, preview)}
        >
          {playing ? '❚❚' : '▶'}
        </button>
      ) : null}
      {song ? <AddToCrateMenu song={song} /> : null}
    </div>
  );
}

/** One message: who, when, what (text stays text: CHAT-TEXT-1), reactions and actions. */
export const MessageRow = memo(function MessageRow({
  item,
  me,
  isModerator,
  canWrite,
  now,
  actions,
}: {
  item: ChatItem;
  me: string | null;
  isModerator: boolean;
  canWrite: boolean;
  now: number;
  actions: RowActions;
}) {
  const { t, i18n } = useTranslation();
  const [menu, setMenu] = useState(false);
  if (item.type === 'room') {
    return (
      <li className="chat-system" data-testid="chat-system">
        <span>{item.text}</span>
      </li>
    );
  }
  const mine = item.sender === me;
  const confirmed = item.send === 'sent';
  const recallable =
    confirmed &&
    canRecall(
      {
        sender: item.sender,
        type: item.imageUrls.length ? 'image' : 'text',
        sentAtMs: item.sentAtMs,
        deleted: item.deleted,
      },
      me ?? '',
      now,
    );
  // CHAT-EDIT-1: own text messages (not GIFs or images), within the edit window.
  const editable =
    confirmed &&
    !item.gif &&
    item.imageUrls.length === 0 &&
    canEdit(
      { sender: item.sender, type: 'text', sentAtMs: item.sentAtMs, deleted: item.deleted },
      me ?? '',
      now,
    );
  const reactions = Object.entries(item.reactions).filter(([, users]) => users.length > 0);
  return (
    <li
      className={`chat-msg ${mine ? 'is-mine' : ''} ${mentionsMe(item, me) ? 'is-mention' : ''} ${item.send !== 'sent' ? `is-${item.send}` : ''}`}
      data-testid="chat-message"
      data-uuid={item.uuid}
    >
      <Avatar
        name={item.userName}
        picture={item.picture}
        color={item.color}
        avatarId={item.avatarId}
        size={32}
      />
      <div className="chat-body">
        <div className="chat-meta">
          <strong style={item.color ? { color: item.color } : undefined}>{item.userName}</strong>
          <time className="muted" dateTime={new Date(item.sentAtMs).toISOString()}>
            {clockTime(item.sentAtMs, i18n.language)}
          </time>
          {item.edited && !item.deleted ? <span className="muted">{t('chat.edited')}</span> : null}
        </div>
        {item.replyTo ? (
          <blockquote className="chat-quote">
            <strong>{item.replyTo.userName}</strong> {item.replyTo.message}
          </blockquote>
        ) : null}
        {item.deleted ? (
          <p className="chat-text muted" data-testid="chat-deleted">
            <em>{t('chat.deleted')}</em>
          </p>
        ) : (
          <>
            {item.text ? (
              <p className="chat-text">
                {textParts(item.text, item.mentions).map((p, i) =>
                  p.mention ? (
                    <span
                      key={i}
                      className={`chat-mention ${p.mention.userUuid === me ? 'is-me' : ''}`}
                    >
                      {p.text}
                    </span>
                  ) : p.link ? (
                    <a key={i} href={p.link} target="_blank" rel="noopener noreferrer nofollow">
                      {p.text}
                    </a>
                  ) : (
                    <span key={i}>{p.text}</span>
                  ),
                )}
              </p>
            ) : null}
            {item.gif ? (
              <img
                className="chat-gif"
                src={item.gif.url}
                alt={item.gif.title ?? t('chat.gif')}
                loading="lazy"
              />
            ) : null}
            {item.imageUrls.map((u) => (
              <a key={u} href={u} target="_blank" rel="noopener noreferrer">
                <img className="chat-image" src={u} alt={t('chat.image')} loading="lazy" />
              </a>
            ))}
            {(item.songs as ChatMusicCard[]).map((s, i) => (
              <SongCard key={i} info={s} />
            ))}
          </>
        )}
        {reactions.length ? (
          <div className="chat-reactions">
            {reactions.map(([r, users]) => (
              <button
                key={r}
                type="button"
                className={`chat-reaction ${me && users.includes(me) ? 'is-mine' : ''}`}
                disabled={!canWrite || !confirmed}
                onClick={() => actions.onReact(item, r)}
                aria-label={t('chat.reactionCount', { reaction: r, count: users.length })}
                data-testid="chat-reaction"
              >
                {r} <span>{users.length}</span>
              </button>
            ))}
          </div>
        ) : null}
        {item.send === 'failed' ? (
          <p className="chat-failed">
            {t('chat.notSent')}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => actions.onRetry(item)}
              data-testid="chat-retry"
            >
              {t('chat.retry')}
            </button>
          </p>
        ) : null}
      </div>
      {confirmed && !item.deleted && canWrite ? (
        <div className={`chat-actions ${menu ? 'is-open' : ''}`}>
          {QUICK_REACTIONS.slice(0, 3).map((r) => (
            <button
              key={r}
              type="button"
              onClick={() => actions.onReact(item, r)}
              aria-label={t('chat.react', { reaction: r })}
              data-testid="chat-quick-react"
            >
              {r}
            </button>
          ))}
          <button
            type="button"
            onClick={() => setMenu((m) => !m)}
            aria-expanded={menu}
            aria-label={t('chat.more')}
            data-testid="chat-more"
          >
            ⋯
          </button>
          {menu ? (
            <div className="chat-menu" role="menu" onClick={() => setMenu(false)}>
              {QUICK_REACTIONS.slice(3).map((r) => (
                <button
                  key={r}
                  type="button"
                  role="menuitem"
                  onClick={() => actions.onReact(item, r)}
                >
                  {r}
                </button>
              ))}
              <button type="button" role="menuitem" onClick={() => actions.onReply(item)}>
                {t('chat.reply')}
              </button>
              {editable ? (
                <button
                  type="button"
                  role="menuitem"
                  onClick={() => actions.onEdit(item)}
                  data-testid="chat-edit"
                >
                  {t('chat.edit')}
                </button>
              ) : null}
              {recallable ? (
                <button
                  type="button"
                  role="menuitem"
                  onClick={() => actions.onRecall(item)}
                  data-testid="chat-recall"
                >
                  {t('chat.recall')}
                </button>
              ) : null}
              {isModerator && !mine ? (
                <button
                  type="button"
                  role="menuitem"
                  className="danger"
                  onClick={() => actions.onDelete(item)}
                  data-testid="chat-delete"
                >
                  {t('chat.delete')}
                </button>
              ) : null}
              {!mine ? (
                <button
                  type="button"
                  role="menuitem"
                  onClick={() => actions.onReport(item)}
                  data-testid="chat-report"
                >
                  {t('chat.report')}
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </li>
  );
});
