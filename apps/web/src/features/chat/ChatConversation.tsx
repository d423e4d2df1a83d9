import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/errors';
import { useMe, useNow } from '../../entities/room/hooks';
import { TrustNote } from '../trust/TrustNote';
import { Composer, type MentionCandidate } from './Composer';
import { MessageRow, type RowActions } from './MessageRow';
import {
  sendBody,
  targetKey,
  type ChatItem,
  type ChatReply,
  type ChatTarget,
  type Draft,
} from './model';
import {
  useChatMessagesQuery,
  useChatSender,
  useDeleteMessageMutation,
  useEditMessageMutation,
  useGifSearchQuery,
  useReactMutation,
  useReportMutation,
  useSendChatMessage,
} from './queries';
import '../../styles/chat.css';

const NO_PEOPLE: MentionCandidate[] = [];
const NO_ITEMS: ChatItem[] = [];

/** Within this many pixels of the bottom, the list follows new messages. */
const STICK_PX = 80;

/**
 * A conversation (a room's chat or a direct one): history that loads older pages when scrolled
 * to the top, live messages, an unread marker for what arrived while scrolled up, and the
 * message box. `readOnly` replaces the box (guests, muted users) with its content.
 */
export function ChatConversation({
  target,
  title,
  className = '',
  people = NO_PEOPLE,
  isModerator = false,
  readOnly,
  extraItems = NO_ITEMS,
}: {
  target: ChatTarget;
  title?: string;
  className?: string;
  people?: MentionCandidate[];
  isModerator?: boolean;
  readOnly?: ReactNode;
  /** Local lines (system messages) shown among the messages by time. */
  extraItems?: ChatItem[];
}) {
  const { t } = useTranslation();
  const toText = useErrorText();
  const me = useMe();
  const now = useNow(5_000);
  const conv = useChatMessagesQuery(target);
  const { send, retry, canSend } = useSendChatMessage(target);
  const react = useReactMutation();
  const del = useDeleteMessageMutation();
  const report = useReportMutation();
  const edit = useEditMessageMutation();
  const sender = useChatSender();
  const [editing, setEditing] = useState<ChatItem | null>(null);
  const gifs = useGifSearchQuery('', canSend && !readOnly);
  const [replyTo, setReplyTo] = useState<ChatReply | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [unreadFrom, setUnreadFrom] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const prevHeight = useRef(0);
  const prevFirst = useRef<string | null>(null);
  const prevLast = useRef<string | null>(null);
  const key = targetKey(target);

  const faces = useMemo(() => new Map(people.map((p) => [p.uuid, p])), [people]);
  const items = useMemo(() => {
    const all = extraItems.length
      ? [...conv.items, ...extraItems].sort((a, b) => a.sentAtMs - b.sentAtMs)
      : conv.items;
    return faces.size ? all.map((m) => withFace(m, faces.get(m.sender))) : all;
  }, [conv.items, extraItems, faces]);

  // Keep the view where it was: at the bottom when following, in place when a page is prepended.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const first = items[0]?.uuid ?? null;
    const last = items[items.length - 1] ?? null;
    if (prevFirst.current && first !== prevFirst.current && prevHeight.current) {
      el.scrollTop += el.scrollHeight - prevHeight.current;
    } else if (last && last.uuid !== prevLast.current) {
      if (stuck.current || last.sender === me.uuid) {
        el.scrollTop = el.scrollHeight;
      } else if (!unreadFrom && prevLast.current) {
        setUnreadFrom(last.uuid);
      }
    }
    prevFirst.current = first;
    prevLast.current = last?.uuid ?? null;
    prevHeight.current = el.scrollHeight;
  }, [items, me.uuid, unreadFrom]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    if (stuck.current && unreadFrom) setUnreadFrom(null);
    if (el.scrollTop < 120 && conv.hasOlder && !conv.loadingOlder) {
      prevHeight.current = el.scrollHeight;
      void conv.loadOlder();
    }
  };

  const jumpDown = () => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
    setUnreadFrom(null);
  };

  const fail = useCallback((err: unknown) => setNotice(toText(err)), [toText]);

  const actions: RowActions = useMemo(
    () => ({
      onReact: (item, reaction) => {
        const mine = me.uuid !== null && (item.reactions[reaction] ?? []).includes(me.uuid);
        react.mutate({ id: String(item.id), reaction, mine }, { onError: fail });
      },
      onReply: (item) =>
        setReplyTo({
          id: String(item.id),
          userName: item.userName,
          message: (item.text || item.gif?.title || t('chat.image')).slice(0, 140),
        }),
      onRecall: (item) => del.mutate({ id: String(item.id), key }, { onError: fail }),
      onDelete: (item) => {
        if (window.confirm(t('chat.confirmDelete'))) {
          del.mutate({ id: String(item.id), key }, { onError: fail });
        }
      },
      onReport: (item) => {
        if (window.confirm(t('chat.confirmReport'))) {
          report.mutate(
            { id: String(item.id), reportIdentifier: item.reportIdentifier ?? String(item.id) },
            { onSuccess: () => setNotice(t('chat.reported')), onError: fail },
          );
        }
      },
      onRetry: (item) => void retry(item.uuid).catch(fail),
      onEdit: (item) => setEditing(item),
    }),
    // The mutations' identities are stable; `key` and `me` name the conversation and the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [me.uuid, key, retry, fail, t],
  );

  return (
    <section
      className={`chat ${className}`}
      aria-label={title ?? t('chat.title')}
      data-testid="chat"
    >
      {title ? <h2 className="chat-title">{title}</h2> : null}
      <div className="chat-list" ref={list} onScroll={onScroll} data-testid="chat-list">
        {conv.loadingOlder ? <p className="chat-loading muted">{t('chat.loadingOlder')}</p> : null}
        {!conv.hasOlder && conv.loaded && items.length > 0 ? (
          <p className="chat-start muted">{t('chat.start')}</p>
        ) : null}
        {conv.loaded && items.length === 0 ? (
          <p className="chat-empty muted" data-testid="chat-empty">
            {t('chat.empty')}
          </p>
        ) : null}
        <ul>
          {items.map((item) => (
            <MessageGroup key={item.uuid} marker={item.uuid === unreadFrom}>
              <MessageRow
                item={item}
                me={me.uuid}
                isModerator={isModerator}
                canWrite={canSend && !readOnly}
                now={now}
                actions={actions}
              />
            </MessageGroup>
          ))}
        </ul>
      </div>
      {unreadFrom ? (
        <button type="button" className="chat-unread" onClick={jumpDown} data-testid="chat-unread">
          {t('chat.newMessages')} ↓
        </button>
      ) : null}
      {notice ? (
        <p
          className="chat-notice"
          role="status"
          onClick={() => setNotice(null)}
          data-testid="chat-notice"
        >
          {notice}
        </p>
      ) : null}
      {!readOnly && canSend ? (
        <TrustNote limit={target.kind === 'user' ? 'dm' : 'links'} className="chat-trust-note" />
      ) : null}
      {readOnly ? (
        <div className="chat-readonly">{readOnly}</div>
      ) : canSend ? (
        <Composer
          onSend={(draft) => send(draft)}
          people={people.filter((p) => p.uuid !== me.uuid)}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          gifsEnabled={gifs.data?.enabled === true}
          placeholder={target.kind === 'user' ? t('chat.placeholderDm') : t('chat.placeholder')}
          editing={editing}
          onCancelEdit={() => setEditing(null)}
          onEdit={async (item: ChatItem, draft: Draft) => {
            if (!sender) return;
            // The edited text with the message's own identity (CHAT-EDIT-1, CHAT-IDENTITY-1).
            const body = sendBody(target, item.uuid, sender, { ...draft, replyTo: item.replyTo });
            await edit.mutateAsync({
              id: String(item.id),
              key,
              text: draft.text,
              metadata: body.data.metadata,
            });
          }}
        />
      ) : null}
    </section>
  );
}

/** The picture and colour the room knows for the sender, when the message carries none. */
function withFace(item: ChatItem, face: MentionCandidate | undefined): ChatItem {
  if (!face || (item.picture && item.color)) return item;
  return {
    ...item,
    picture: item.picture ?? face.picture ?? undefined,
    color: item.color ?? face.color,
  };
}

function MessageGroup({ marker, children }: { marker: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {marker ? (
        <li className="chat-marker" aria-label={t('chat.newMessages')}>
          <span>{t('chat.newMessages')}</span>
        </li>
      ) : null}
      {children}
    </>
  );
}
