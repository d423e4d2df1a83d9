import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GifDto } from '@tt/protocol';
import { CHAT_MESSAGE_MAX_LENGTH } from '@tt/rules';
import { useErrorText } from '../../lib/errors';
import { Avatar } from '../../entities/avatar/Avatar';
import { mentionQuery, mentionsIn, type ChatItem, type ChatReply, type Draft } from './model';
import { EmojiPicker, GifPicker } from './Pickers';
import { useUploadChatImageMutation } from './queries';

export interface MentionCandidate {
  uuid: string;
  nickname: string;
  picture?: string | null;
  color?: string;
  avatarId?: string;
}

/**
 * The message box: Enter sends, Shift+Enter breaks the line; `@` opens the people of the room
 * (mentions: CHAT-VALID-3), an emoji picker, an image upload and, when the platform has a GIF
 * provider, a GIF picker.
 */
export function Composer({
  onSend,
  people,
  replyTo,
  onCancelReply,
  gifsEnabled,
  placeholder,
  editing,
  onEdit,
  onCancelEdit,
}: {
  onSend: (draft: Draft) => Promise<void>;
  people: MentionCandidate[];
  replyTo: ChatReply | null;
  onCancelReply: () => void;
  gifsEnabled: boolean;
  placeholder: string;
  /** A message being edited (CHAT-EDIT-1): its text fills the box; sending saves it. */
  editing: ChatItem | null;
  onEdit: (item: ChatItem, draft: Draft) => Promise<void>;
  onCancelEdit: () => void;
}) {
  const { t } = useTranslation();
  const toText = useErrorText();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<MentionCandidate[]>([]);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [popover, setPopover] = useState<'emoji' | 'gif' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const upload = useUploadChatImageMutation();

  useEffect(() => {
    if (!editing) return;
    setText(editing.text);
    setPicked(editing.mentions.map((m) => ({ uuid: m.userUuid, nickname: m.userNickname })));
    box.current?.focus();
  }, [editing]);

  const query = mentionQuery(text, caret);
  const matches = query
    ? people
        .filter((p) => p.nickname.toLowerCase().startsWith(query.query.toLowerCase()))
        .slice(0, 6)
    : [];
  const tooLong = text.length > CHAT_MESSAGE_MAX_LENGTH;

  const run = async (draft: Draft) => {
    setError(null);
    try {
      if (editing) {
        await onEdit(editing, draft);
        onCancelEdit();
        return;
      }
      await onSend({ ...draft, replyTo: replyTo ?? undefined });
      onCancelReply();
    } catch (err) {
      setError(toText(err));
    }
  };

  const submit = () => {
    const value = text.trim();
    if (!value || tooLong) return;
    const lead = text.length - text.trimStart().length;
    const mentions = mentionsIn(text, picked).map((m) => ({ ...m, start: m.start - lead }));
    setText('');
    setPicked([]);
    void run({ text: value, mentions: mentions.filter((m) => m.start >= 0) });
  };

  const pickMention = (p: MentionCandidate) => {
    if (!query) return;
    const before = text.slice(0, query.start);
    const after = text.slice(caret);
    const next = `${before}@${p.nickname} ${after}`;
    setText(next);
    setPicked((all) => (all.some((x) => x.uuid === p.uuid) ? all : [...all, p]));
    const at = before.length + p.nickname.length + 2;
    setCaret(at);
    requestAnimationFrame(() => box.current?.setSelectionRange(at, at));
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (matches.length) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pickMention(matches[Math.min(active, matches.length - 1)]);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      submit();
    }
  };

  const onImage = async (f: File | undefined) => {
    if (!f) return;
    setError(null);
    try {
      const image = await upload.mutateAsync(f);
      await run({ text: '', image: { url: image.url, contentType: image.contentType } });
    } catch (err) {
      setError(toText(err));
    } finally {
      if (file.current) file.current.value = '';
    }
  };

  const onGif = (g: GifDto) => {
    setPopover(null);
    void run({ text: '', gif: { type: 'gif', url: g.url, title: g.title } });
  };

  return (
    <div className="chat-composer">
      {editing ? (
        <div className="chat-replying" data-testid="chat-editing">
          <span>{t('chat.editing')}</span>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setText('');
              onCancelEdit();
            }}
          >
            {t('common.cancel')}
          </button>
        </div>
      ) : null}
      {replyTo && !editing ? (
        <div className="chat-replying">
          <span>
            {t('chat.replyingTo', { name: replyTo.userName })}: <em>{replyTo.message}</em>
          </span>
          <button type="button" className="link-button" onClick={onCancelReply}>
            {t('common.cancel')}
          </button>
        </div>
      ) : null}
      {matches.length ? (
        <ul className="chat-popover mention-list" role="listbox" data-testid="mention-list">
          {matches.map((p, i) => (
            <li key={p.uuid} role="option" aria-selected={i === active}>
              <button
                type="button"
                className={i === active ? 'is-active' : ''}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pickMention(p);
                }}
              >
                <Avatar
                  name={p.nickname}
                  picture={p.picture}
                  color={p.color}
                  avatarId={p.avatarId}
                  size={24}
                />
                {p.nickname}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {popover === 'emoji' ? (
        <EmojiPicker
          label={t('chat.emoji')}
          onPick={(e) => {
            setText((v) => v.slice(0, caret) + e + v.slice(caret));
            setCaret((c) => c + e.length);
            setPopover(null);
            box.current?.focus();
          }}
        />
      ) : null}
      {popover === 'gif' ? <GifPicker onPick={onGif} /> : null}
      <div className="chat-input-row">
        <button
          type="button"
          className="chat-tool"
          aria-label={t('chat.emoji')}
          aria-expanded={popover === 'emoji'}
          onClick={() => setPopover((p) => (p === 'emoji' ? null : 'emoji'))}
          data-testid="emoji-button"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
            <circle cx="9" cy="10" r="1.3" fill="currentColor" />
            <circle cx="15" cy="10" r="1.3" fill="currentColor" />
            <path
              d="M8 14.5a4.5 4.5 0 0 0 8 0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
        {gifsEnabled ? (
          <button
            type="button"
            className="chat-tool chat-tool-text"
            aria-label={t('chat.gif')}
            aria-expanded={popover === 'gif'}
            onClick={() => setPopover((p) => (p === 'gif' ? null : 'gif'))}
            data-testid="gif-button"
          >
            GIF
          </button>
        ) : null}
        <button
          type="button"
          className="chat-tool"
          aria-label={t('chat.attachImage')}
          onClick={() => file.current?.click()}
          disabled={upload.isPending}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <rect
              x="3"
              y="5"
              width="18"
              height="14"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <circle cx="9" cy="10" r="1.6" fill="currentColor" />
            <path
              d="m4 18 5-5 4 4 3-3 4 4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <input
          ref={file}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          hidden
          onChange={(e) => void onImage(e.target.files?.[0])}
          data-testid="chat-image-input"
        />
        <textarea
          ref={box}
          className="chat-textarea"
          rows={1}
          value={text}
          placeholder={placeholder}
          aria-label={placeholder}
          aria-invalid={tooLong}
          onChange={(e) => {
            setText(e.target.value);
            setCaret(e.target.selectionStart ?? e.target.value.length);
            setActive(0);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
          onKeyDown={onKey}
          data-testid="chat-input"
        />
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={submit}
          disabled={!text.trim() || tooLong}
          data-testid="chat-send"
        >
          {t('chat.send')}
        </button>
      </div>
      {tooLong ? (
        <p className="chat-error" role="alert">
          {t('chat.tooLong', { max: CHAT_MESSAGE_MAX_LENGTH })}
        </p>
      ) : null}
      {error ? (
        <p className="chat-error" role="alert" data-testid="chat-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
