import {
  useState,
  type CSSProperties,
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, songArt } from '../../entities/room/model';
import type { CrateSongDto } from './contract';

export interface RowActions {
  /** Toggle the checkbox; with shift, select the range from the last row clicked. */
  onSelect: (index: number, shift: boolean) => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onDragStart: (index: number) => void;
  onDragOver: (index: number) => void;
  onDrop: (index: number) => void;
  onDragEnd: () => void;
}

/** One song of a crate: select box, drag handle, art, title and artist, length, move and remove. */
export function CrateSongRow({
  song,
  index,
  total,
  style,
  selected,
  editable,
  dropTarget,
  pending,
  actions,
}: {
  song: CrateSongDto | null;
  index: number;
  total: number;
  style: CSSProperties;
  selected: boolean;
  editable: boolean;
  dropTarget: boolean;
  /** Added here, the server has not answered yet. */
  pending: boolean;
  actions: RowActions;
}) {
  const { t } = useTranslation();
  // Art that does not load leaves the plain tile rather than a broken image.
  const [artFailed, setArtFailed] = useState(false);
  const pos = { 'aria-setsize': total, 'aria-posinset': index + 1 };
  if (!song) {
    return (
      <li className="crate-song is-loading" style={style} {...pos} data-testid="crate-song-loading">
        <span className="crate-song-index muted">{index + 1}</span>
        <span className="crate-song-art skeleton" aria-hidden="true" />
        <span className="crate-song-text">
          <span className="skeleton crate-song-line" aria-hidden="true" />
          <span className="sr-only">{t('crates.loadingSong')}</span>
        </span>
      </li>
    );
  }
  const name = `${song.trackName} – ${song.artistName}`;
  const art = songArt(song);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!editable || !e.altKey) return;
    if (e.key === 'ArrowUp' && index > 0) {
      e.preventDefault();
      actions.onMove(index, index - 1);
    } else if (e.key === 'ArrowDown' && index < total - 1) {
      e.preventDefault();
      actions.onMove(index, index + 1);
    }
  };
  const drag = editable
    ? {
        draggable: true,
        onDragStart: (e: DragEvent) => {
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', song.crateSongUuid);
          actions.onDragStart(index);
        },
        onDragOver: (e: DragEvent) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'move';
          actions.onDragOver(index);
        },
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          actions.onDrop(index);
        },
        onDragEnd: actions.onDragEnd,
      }
    : {};

  return (
    <li
      className={`crate-song${selected ? ' is-selected' : ''}${dropTarget ? ' is-drop-target' : ''}${pending ? ' is-pending' : ''}`}
      style={style}
      {...pos}
      {...drag}
      onKeyDown={onKeyDown}
      data-testid="crate-song"
      data-uuid={song.crateSongUuid}
    >
      {editable ? (
        <input
          type="checkbox"
          className="crate-song-check"
          checked={selected}
          onChange={() => undefined}
          onClick={(e: MouseEvent) => actions.onSelect(index, e.shiftKey)}
          aria-label={t('crates.select', { name })}
          data-testid="crate-song-check"
        />
      ) : null}
      <span className="crate-song-index muted" aria-hidden="true">
        {editable ? (
          <svg viewBox="0 0 12 16" width="10" height="14" className="crate-song-grip">
            <path
              d="M3 3h2v2H3zM7 3h2v2H7zM3 7h2v2H3zM7 7h2v2H7zM3 11h2v2H3zM7 11h2v2H7z"
              fill="currentColor"
            />
          </svg>
        ) : null}
        <span className="crate-song-number">{index + 1}</span>
      </span>
      {art && !artFailed ? (
        <img
          className="crate-song-art"
          src={art}
          alt=""
          loading="lazy"
          width={40}
          height={40}
          onError={() => setArtFailed(true)}
        />
      ) : (
        <span className="crate-song-art" aria-hidden="true" />
      )}
      <span className="crate-song-text">
        <strong title={song.trackName} data-testid="crate-song-title">
          {song.trackName}
        </strong>
        <span className="muted">
          {song.explicit ? (
            <abbr className="explicit-badge" title={t('search.explicit')}>
              {t('search.explicitShort')}
            </abbr>
          ) : null}
          {song.artistName}
        </span>
      </span>
      <span className="crate-song-duration muted">{formatDuration(song.duration)}</span>
      {editable ? (
        <span className="crate-song-actions">
          <button
            type="button"
            className="crate-icon-btn"
            disabled={index === 0}
            onClick={() => actions.onMove(index, index - 1)}
            aria-label={t('crates.moveUp', { name })}
            title={t('crates.moveHint')}
            data-testid="crate-song-up"
          >
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path d="M8 3l5 6H3z" fill="currentColor" />
            </svg>
          </button>
          <button
            type="button"
            className="crate-icon-btn"
            disabled={index >= total - 1}
            onClick={() => actions.onMove(index, index + 1)}
            aria-label={t('crates.moveDown', { name })}
            title={t('crates.moveHint')}
            data-testid="crate-song-down"
          >
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path d="M8 13L3 7h10z" fill="currentColor" />
            </svg>
          </button>
          <button
            type="button"
            className="crate-icon-btn"
            onClick={() => actions.onRemove(index)}
            aria-label={t('crates.remove', { name })}
            data-testid="crate-song-remove"
          >
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path
                d="M4 4l8 8M12 4l-8 8"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </span>
      ) : null}
    </li>
  );
}
