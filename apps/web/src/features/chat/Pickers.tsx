import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GifDto } from '@tt/protocol';
import { useDebounced } from '../../lib/useDebounced';
import { useGifSearchQuery } from './queries';

/** Emojis of the picker and of the quick reactions: a built-in set, no extra download. */
export const EMOJIS = [
  '🔥',
  '❤️',
  '😂',
  '😍',
  '🙌',
  '👏',
  '💯',
  '🎶',
  '🎧',
  '🕺',
  '💃',
  '🤘',
  '😎',
  '🥳',
  '😭',
  '🤯',
  '👀',
  '✨',
  '⚡',
  '🌊',
  '🌈',
  '🎉',
  '🙏',
  '👍',
  '👎',
  '😴',
  '🤔',
  '😅',
  '😮',
  '🥲',
  '😤',
  '🫶',
  '🎸',
  '🥁',
  '🎹',
  '🎺',
  '🎷',
  '📀',
  '💿',
  '🪩',
  '🍻',
  '☕',
  '🌙',
  '☀️',
  '🚀',
  '💎',
  '🐐',
  '👑',
];
export const QUICK_REACTIONS = ['🔥', '❤️', '😂', '🙌', '🎶', '👀'];

export function EmojiPicker({ onPick, label }: { onPick: (emoji: string) => void; label: string }) {
  return (
    <div
      className="chat-popover emoji-grid"
      role="listbox"
      aria-label={label}
      data-testid="emoji-picker"
    >
      {EMOJIS.map((e) => (
        <button key={e} type="button" role="option" aria-selected={false} onClick={() => onPick(e)}>
          {e}
        </button>
      ))}
    </div>
  );
}

/** GIF search through the platform's provider (CHAT-GIF-1..3); empty search shows trending. */
export function GifPicker({ onPick }: { onPick: (gif: GifDto) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const term = useDebounced(q.trim(), 300);
  const gifs = useGifSearchQuery(term, true);
  return (
    <div className="chat-popover gif-picker" data-testid="gif-picker">
      <input
        type="search"
        className="input"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('chat.gifSearch')}
        aria-label={t('chat.gifSearch')}
        autoFocus
      />
      <div className="gif-grid">
        {gifs.isError ? <p className="muted">{t('chat.gifFailed')}</p> : null}
        {gifs.data?.gifs.map((g) => (
          <button key={g.id} type="button" onClick={() => onPick(g)} title={g.title}>
            <img src={g.previewUrl} alt={g.title} loading="lazy" />
          </button>
        ))}
        {gifs.data && gifs.data.gifs.length === 0 ? (
          <p className="muted">{t('chat.gifNone')}</p>
        ) : null}
      </div>
      <p className="gif-credit muted">
        {gifs.data?.provider === 'giphy' ? t('chat.poweredByGiphy') : t('chat.poweredByTenor')}
      </p>
    </div>
  );
}
