import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchSource } from '@tt/protocol';

/**
 * One tab per search source. Roving tabindex: Tab reaches the selected tab only; the arrow keys,
 * Home and End move between tabs and select them (WAI-ARIA tabs with automatic activation).
 */
export function SourceTabs({
  idBase,
  sources,
  selected,
  onSelect,
}: {
  idBase: string;
  sources: readonly SearchSource[];
  selected: SearchSource;
  onSelect: (source: SearchSource) => void;
}) {
  const { t } = useTranslation();
  const refs = useRef(new Map<SearchSource, HTMLButtonElement>());

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const at = sources.indexOf(selected);
    const to =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? (at + 1) % sources.length
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? (at - 1 + sources.length) % sources.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? sources.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    const next = sources[to]!;
    onSelect(next);
    refs.current.get(next)?.focus();
  };

  return (
    <div
      className="source-tabs"
      role="tablist"
      aria-label={t('search.sourcesLabel')}
      data-testid="search-sources"
    >
      {sources.map((source) => {
        const on = source === selected;
        return (
          <button
            key={source}
            ref={(el) => {
              if (el) refs.current.set(source, el);
              else refs.current.delete(source);
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${source}`}
            aria-selected={on}
            aria-controls={`${idBase}-panel`}
            tabIndex={on ? 0 : -1}
            onClick={() => onSelect(source)}
            onKeyDown={onKeyDown}
            data-testid={`search-tab-${source}`}
          >
            {t(`search.sources.${source}`)}
          </button>
        );
      })}
    </div>
  );
}
