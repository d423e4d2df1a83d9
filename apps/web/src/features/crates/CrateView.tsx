import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MinimalSongDto } from '@tt/protocol';
import { useErrorText } from '../../lib/errors';
import { useOwnProfile } from '../../entities/user/queries';
import { SearchPanel } from '../search/SearchPanel';
import { refKey, type CrateRef } from './api';
import { CrateActions } from './CrateActions';
import { CrateSongList } from './CrateSongList';
import type { CrateDto, CrateSongDto } from './contract';
import { useCrate } from './queries';
import { useCrateSongs, type EditResult } from './useCrateSongs';

/** The name a crate shows: the queue and starred list by their product names. */
export function useCrateTitle(): (crate: Pick<CrateDto, 'crateName' | 'special'>) => string {
  const { t } = useTranslation();
  return (crate) => (crate.special ? t(`crates.${crate.special}`) : crate.crateName);
}

/** One crate: its name and actions, the song list, and the search that adds songs to it. */
export function CrateView({ crateRef }: { crateRef: CrateRef }) {
  const { t, i18n } = useTranslation();
  const toText = useErrorText();
  const title = useCrateTitle();
  const q = useCrate(crateRef);
  const crate = q.data;
  const songs = useCrateSongs(crateRef, crate);
  const me = useOwnProfile().data?.uuid;
  const owner = crate !== undefined && crate.userUuid === me;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [searching, setSearching] = useState(false);
  const [note, setNote] = useState<{
    text: string;
    kind: 'error' | 'info';
    id: number;
    /** CRATE-UNDO-1: puts back what was just removed. */
    undo?: () => void;
  } | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);

  const notify = useCallback(
    (text: string, kind: 'error' | 'info' = 'info') =>
      setNote((n) => ({ text, kind, id: (n?.id ?? 0) + 1 })),
    [],
  );
  const report = (done: string) => (r: EditResult) => {
    if (!r.ok) notify(toText(r.error), 'error');
    else if (r.duplicates) notify(t('crates.duplicate'));
    else if (done) notify(done);
  };

  const key = refKey(crateRef);
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    // Another crate: the selection and open panels belong to the old one.
    setShownKey(key);
    setSelected(new Set());
    setConfirmClear(false);
    setNote(null);
  }

  if (q.error) return <p className="crate-empty muted">{toText(q.error)}</p>;
  if (!crate) {
    return (
      <p className="crate-empty muted" role="status">
        <span className="spinner" aria-hidden="true" /> {t('crates.loading')}
      </p>
    );
  }

  const add = (song: MinimalSongDto) =>
    void songs.add(song).then(report(t('crates.added', { name: song.trackName })));
  const remove = (uuids: string[]) => {
    setSelected((s) => new Set([...s].filter((u) => !uuids.includes(u))));
    // What goes, and where it was: Undo puts each back at its place, first place first.
    const gone = songs.items
      .map((song, index) => ({ song, index }))
      .filter(
        (x): x is { song: CrateSongDto; index: number } =>
          x.song !== null && uuids.includes(x.song.crateSongUuid),
      );
    void songs.remove(uuids).then((r) => {
      if (!r.ok) return report('')(r);
      const undo = async () => {
        setNote(null);
        for (const { song, index } of gone) await songs.add(asQueuedSong(song), index);
        notify(t('crates.restored', { count: gone.length }));
      };
      setNote((n) => ({
        text: t('crates.removed', { count: uuids.length }),
        kind: 'info',
        id: (n?.id ?? 0) + 1,
        undo: () => void undo(),
      }));
    });
  };
  const count = songs.items.length;
  const importing = crate.importStatus === 'IN_PROGRESS';

  return (
    <section className="crate-view" aria-labelledby="crate-title" data-testid="crate-view">
      <header className="crate-head">
        <div className="crate-head-text">
          <h1 id="crate-title" data-testid="crate-title">
            {title(crate)}
          </h1>
          <p className="muted" data-testid="crate-count">
            {t('crates.songCount', { count, n: count.toLocaleString(i18n.language) })}
            {importing && crate.importProgress
              ? ` · ${t('crates.importing', crate.importProgress)}`
              : null}
            {crate.importStatus === 'FAILED' ? ` · ${t('crates.importFailed')}` : null}
          </p>
        </div>
        <CrateActions crate={crate} crateRef={crateRef} owner={owner} notify={notify} />
      </header>

      {owner ? (
        <div className="crate-toolbar" role="toolbar" aria-label={t('crates.toolbar')}>
          <button
            type="button"
            className={`btn btn-sm ${searching ? 'btn-primary' : 'btn-ghost'}`}
            aria-expanded={searching}
            onClick={() => setSearching((s) => !s)}
            data-testid="crate-add-songs"
          >
            {t('crates.addSongs')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={count < 2}
            onClick={() => void songs.shuffle().then(report(t('crates.shuffled')))}
            data-testid="crate-shuffle"
          >
            {t('crates.shuffle')}
          </button>
          {confirmClear ? (
            <span
              className="crate-confirm"
              role="alertdialog"
              aria-label={t('crates.clearConfirm')}
            >
              <span>{t('crates.clearConfirm')}</span>
              <button
                type="button"
                className="btn btn-danger btn-sm"
                onClick={() => {
                  setConfirmClear(false);
                  setSelected(new Set());
                  void songs.clear().then(report(t('crates.cleared')));
                }}
                data-testid="crate-clear-confirm"
              >
                {t('crates.clear')}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => setConfirmClear(false)}
              >
                {t('crates.cancel')}
              </button>
            </span>
          ) : (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={count === 0}
              onClick={() => setConfirmClear(true)}
              data-testid="crate-clear"
            >
              {t('crates.clear')}
            </button>
          )}
          {selected.size > 0 ? (
            <span className="crate-selection">
              <button
                type="button"
                className="btn btn-danger btn-sm"
                onClick={() => remove([...selected])}
                data-testid="crate-remove-selected"
              >
                {t('crates.removeSelected', { count: selected.size })}
              </button>
              <button type="button" className="btn-link" onClick={() => setSelected(new Set())}>
                {t('crates.deselect')}
              </button>
            </span>
          ) : null}
        </div>
      ) : null}

      <div
        key={note?.id}
        className={`crate-note ${note?.kind === 'error' ? 'is-error' : ''}`}
        role={note?.kind === 'error' ? 'alert' : 'status'}
      >
        {note?.text ?? ''}
        {note?.undo ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm crate-undo"
            onClick={note.undo}
            data-testid="crate-undo"
          >
            {t('crates.undo')}
          </button>
        ) : null}
      </div>
      {songs.loadError ? <p className="muted">{toText(songs.loadError)}</p> : null}

      <div className={`crate-body ${searching && owner ? 'has-search' : ''}`}>
        <div className="crate-list">
          {count === 0 ? (
            <p className="crate-empty muted" data-testid="crate-empty">
              {owner ? t('crates.emptyOwn') : t('crates.empty')}
            </p>
          ) : (
            <CrateSongList
              items={songs.items}
              editable={owner}
              selected={selected}
              isAdding={songs.isAdding}
              onSelectedChange={setSelected}
              onRange={songs.loadRange}
              onMove={(from, to) => void songs.move(from, to).then(report(''))}
              onRemove={remove}
            />
          )}
        </div>
        {searching && owner ? (
          <aside className="crate-search" aria-label={t('crates.addSongs')}>
            <SearchPanel onPick={add} pickLabel={t('crates.add')} selected={null} />
          </aside>
        ) : null}
      </div>
    </section>
  );
}

/** A crate song as a song to add again (its crate place and status are the crate's to give). */
function asQueuedSong(s: CrateSongDto): MinimalSongDto {
  return {
    artistName: s.artistName,
    trackName: s.trackName,
    genre: s.genre,
    duration: s.duration,
    isrc: s.isrc,
    musicProviders: s.musicProviders,
    playbackToken: s.playbackToken,
    thumbnails: s.thumbnails,
    ...(s.songShortId ? { songShortId: s.songShortId } : {}),
  };
}
