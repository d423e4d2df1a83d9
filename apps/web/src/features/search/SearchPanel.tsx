import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MinimalSongDto, SearchSource } from '@tt/protocol';
import { flattenPages, isSameSong, toQueuedSong } from '@tt/rules';
import { useErrorText } from '../../lib/errors';
import { useOwnProfile } from '../../entities/user/queries';
import { stopPreview } from '../../entities/song/preview';
import { useCatalogueBrowse, useSearchSources, useSongSearch } from './queries';
import type { SearchResult } from '../../entities/song/song';
import { SongResult } from './SongResult';
import { SourceTabs } from './SourceTabs';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../lib/useDebounced';
import '../../styles/search.css';

/** Most genre suggestions an empty search shows. */
const MAX_SUGGESTIONS = 8;

/**
 * Song search with one tab per source: debounced 300 ms, 20 songs a page, the next page
 * loaded when the end of the list scrolls into view (or with the "load more" button). An empty
 * search offers the catalogue and its genres (SEARCH-EMPTY-1). Picking a
 * song hands it on as the DJ queues it (it becomes the next song, or goes with addDj).
 */
export function SearchPanel({
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
  const [chosen, setChosen] = useState<SearchSource | null>(null);
  const term = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const sources = useSearchSources();
  const list = sources.data?.sources ?? [];
  const source = chosen && list.includes(chosen) ? chosen : (list[0] ?? null);
  const q = useSongSearch(term, source, sources.data?.searchV2 ?? false);
  const results = term && q.data ? flattenPages(q.data.pages) : [];
  const canUpload = useOwnProfile().data?.capabilities.includes('uploadMusic') ?? false;
  // SEARCH-EMPTY-1: before a term, the catalogue and its genres to start from.
  // Only while the box is empty: typing hides it at once (not after the debounce).
  const browsing = !term && !text.trim();
  const browse = useCatalogueBrowse(browsing && list.includes('uploadService'));
  const catalogue = browsing && browse.data ? flattenPages(browse.data.pages) : [];
  const genres = [...new Set(catalogue.flatMap(({ song }) => (song.genre ? [song.genre] : [])))];
  const shown = term ? results : catalogue;
  const pager = term ? q : browse;

  // A preview belongs to the results shown: a new search or tab (or leaving) stops it.
  useEffect(() => stopPreview, [term, source]);

  return (
    <div className="search-panel" data-testid="song-search">
      <label className="sr-only" htmlFor={`${id}-q`}>
        {t('search.label')}
      </label>
      <div className="search-box">
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={`${id}-q`}
          type="search"
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          data-testid="song-search-input"
        />
        {q.isFetching && term ? <span className="spinner" aria-hidden="true" /> : null}
      </div>
      {sources.error ? <p className="muted">{toText(sources.error)}</p> : null}
      {source ? (
        <>
          <SourceTabs idBase={id} sources={list} selected={source} onSelect={setChosen} />
          <div
            role="tabpanel"
            id={`${id}-panel`}
            aria-labelledby={`${id}-tab-${source}`}
            className="search-tabpanel"
          >
            {source === 'uploadService' && canUpload ? (
              <p className="search-upload-hint">
                <Link to="/upload" data-testid="search-upload-link">
                  {t('search.uploadLink')}
                </Link>
              </p>
            ) : null}
            <div aria-live="polite" className="sr-only">
              {term && q.data ? t('search.results', { count: results.length }) : ''}
            </div>
            {!term ? <p className="muted search-empty">{t('search.prompt')}</p> : null}
            {genres.length > 0 ? <Suggestions genres={genres} onTry={setText} /> : null}
            {catalogue.length > 0 ? <p className="side-label">{t('search.browseTitle')}</p> : null}
            {q.error && term ? <p className="muted search-empty">{toText(q.error)}</p> : null}
            {term && q.data && results.length === 0 ? (
              <p className="muted search-empty">{t('search.none', { term })}</p>
            ) : null}
            {shown.length > 0 ? (
              <ResultList
                results={shown}
                pickLabel={pickLabel}
                selected={selected ?? null}
                onPick={onPick}
                hasMore={pager.hasNextPage}
                loadingMore={pager.isFetchingNextPage}
                loadMore={() => void pager.fetchNextPage()}
              />
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}

/** SEARCH-EMPTY-1: the catalogue's genres, each filling the search box. */
function Suggestions({ genres, onTry }: { genres: string[]; onTry: (genre: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="search-suggestions" data-testid="search-suggestions">
      <span className="muted">{t('search.suggestions')}</span>
      {genres.slice(0, MAX_SUGGESTIONS).map((genre) => (
        <button
          key={genre}
          type="button"
          className="btn btn-ghost btn-sm search-suggestion"
          onClick={() => onTry(genre)}
          data-testid="search-suggestion"
        >
          {genre}
        </button>
      ))}
    </div>
  );
}

function ResultList({
  results,
  pickLabel,
  selected,
  onPick,
  hasMore,
  loadingMore,
  loadMore,
}: {
  results: SearchResult[];
  pickLabel: string;
  selected: MinimalSongDto | null;
  onPick: (song: MinimalSongDto) => void;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const more = useRef(loadMore);
  useEffect(() => {
    more.current = loadMore;
  });

  // Infinite scroll: the sentinel after the last result coming into view loads the next page.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!hasMore || loadingMore || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) more.current();
      },
      { root: scrollRef.current, rootMargin: '0px 0px 120px 0px' },
    );
    io.observe(sentinel);
    return () => io.disconnect();
  }, [hasMore, loadingMore, results.length]);

  return (
    <>
      <div className="search-scroll" ref={scrollRef} data-testid="search-scroll">
        <ul className="song-results" data-testid="search-results">
          {results.map(({ key, song }) => (
            <SongResult
              key={key}
              resultKey={key}
              song={song}
              pickLabel={pickLabel}
              selected={selected !== null && isSameSong(selected, song)}
              onPick={() => onPick(toQueuedSong(song))}
            />
          ))}
        </ul>
        <div ref={sentinelRef} className="search-sentinel" aria-hidden="true" />
        {loadingMore ? (
          <p className="muted search-loading" role="status">
            <span className="spinner" aria-hidden="true" /> {t('search.loadingMore')}
          </p>
        ) : null}
      </div>
      {hasMore ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-block search-more"
          onClick={loadMore}
          disabled={loadingMore}
          data-testid="search-load-more"
        >
          {t('search.loadMore')}
        </button>
      ) : null}
    </>
  );
}
