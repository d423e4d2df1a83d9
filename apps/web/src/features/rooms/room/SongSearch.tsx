import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toMinimalSong, type MinimalSongDto, type SongDto } from '@tt/protocol';
import { useErrorText } from '../../../lib/errors';
import { formatDuration, songArt } from '../model';
import { useSongSearch } from '../queries';

/** Spec §5/§9: search runs only for non-empty text, debounced 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/** Search the catalogue and pick a song (it becomes the next song, or goes with addDj). */
export function SongSearch({
  onPick,
  pickLabel,
  selected,
}: {
  onPick: (song: MinimalSongDto) => void;
  pickLabel: string;
  selected?: MinimalSongDto | null;
}) {
  const { t } = useTranslation();
  const toText = useErrorText();
  const id = useId();
  const [text, setText] = useState('');
  const term = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const q = useSongSearch(term);
  const songs = term ? (q.data?.songs ?? []) : [];

  return (
    <div className="song-search" data-testid="song-search">
      <label className="sr-only" htmlFor={`${id}-q`}>
        {t('room.search.label')}
      </label>
      <div className="search-box">
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={`${id}-q`}
          type="search"
          placeholder={t('room.search.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          data-testid="song-search-input"
        />
        {q.isFetching && term ? <span className="spinner" aria-hidden="true" /> : null}
      </div>
      <div aria-live="polite" className="sr-only">
        {term && q.data ? t('room.search.results', { count: songs.length }) : ''}
      </div>
      {q.error && term ? <p className="muted">{toText(q.error)}</p> : null}
      {term && q.data && songs.length === 0 ? (
        <p className="muted search-empty">{t('room.search.none', { term })}</p>
      ) : null}
      {songs.length > 0 ? (
        <ul className="search-results" data-testid="search-results">
          {songs.map((song) => (
            <SongRow
              key={song.songShortId}
              song={song}
              pickLabel={pickLabel}
              selected={selected?.songShortId === song.songShortId}
              onPick={() => onPick(toMinimalSong(song))}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function SongRow({
  song,
  pickLabel,
  selected,
  onPick,
}: {
  song: SongDto;
  pickLabel: string;
  selected: boolean;
  onPick: () => void;
}) {
  const art = songArt(song);
  return (
    <li className={`song-row ${selected ? 'is-selected' : ''}`} data-testid="search-result">
      {art ? (
        <img className="song-row-art" src={art} alt="" loading="lazy" />
      ) : (
        <span className="song-row-art" aria-hidden="true" />
      )}
      <span className="song-row-text">
        <strong>{song.trackName}</strong>
        <span className="muted">
          {song.artistName} · {formatDuration(song.duration)}
        </span>
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={onPick}
        aria-pressed={selected}
        aria-label={`${pickLabel}: ${song.trackName} – ${song.artistName}`}
      >
        {pickLabel}
      </button>
    </li>
  );
}
