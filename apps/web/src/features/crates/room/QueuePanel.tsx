import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClientRoomState, CrateSongDto, MinimalSongDto } from '@tt/protocol';
import { currentPlay, isSameSong } from '@tt/rules';
import '../../../styles/queue.css';
import { formatDuration, songArt } from '../../../entities/room/model';
import { useRoomRunner, useRoomToast, type Me } from '../../../entities/room/hooks';
import { SearchPanel } from '../../search/SearchPanel';
import { addSongs, moveSong, removeSong } from '../api';
import {
  QUEUE,
  queueChanged,
  syncNextSong,
  useQueueRotation,
  useRoomQueue,
  ROOM_QUEUE_SHOWN,
} from './useRoomQueue';

/**
 * My queue in the room: its first songs, moved up or down, removed, added from search. While I
 * am in the booth the queue plays in order (useQueueRotation) and a change of its order
 * changes my next song.
 */
export function QueuePanel({ state, me }: { state: ClientRoomState; me: Me }) {
  const { t } = useTranslation();
  const run = useRoomRunner();
  const q = useRoomQueue(!me.isGuest);
  const songs = q.data?.songs ?? null;
  const total = q.data?.total ?? 0;
  const [searching, setSearching] = useState(false);
  const [busy, setBusy] = useState(false);
  // The room as it is when a change of the queue is answered (not as it was at the click).
  const latest = useRef(state);
  latest.current = state;
  useQueueRotation(state, me, songs);
  const play = currentPlay(state);
  const playingMine = play !== null && play.djUuid === me.uuid;

  /** One change of the queue; then the room hears of my new next song if I am in the booth. */
  const change = (work: () => Promise<Parameters<typeof queueChanged>[0]>, done?: string) =>
    run(async () => {
      setBusy(true);
      try {
        const fresh = await queueChanged(await work());
        await syncNextSong(latest.current, me, fresh?.songs ?? []);
      } finally {
        setBusy(false);
      }
    }, done);

  const add = (song: MinimalSongDto) =>
    change(async () => {
      const res = await addSongs(QUEUE, [song]);
      useRoomToast
        .getState()
        .show(
          res.added.length === 0
            ? t('room.queue.already', { title: song.trackName })
            : t('room.queue.added', { title: song.trackName }),
          'info',
        );
      return res.crate;
    });

  const move = (song: CrateSongDto, to: number) =>
    change(() => moveSong(QUEUE, song.crateSongUuid, to));
  const remove = (song: CrateSongDto) => change(() => removeSong(QUEUE, song.crateSongUuid));

  return (
    <section
      className="side-card queue-panel"
      aria-labelledby="queue-title"
      data-testid="queue-panel"
    >
      <div className="side-card-head">
        <h2 id="queue-title">{t('room.queue.title')}</h2>
        <Link className="btn-link" to="/crates/queue">
          {t('room.queue.open')}
        </Link>
      </div>
      <p className="muted" data-testid="queue-count">
        {t('room.queue.count', { count: total })}
      </p>
      {songs === null ? (
        <p className="muted">{q.isError ? t('room.queue.error') : t('room.queue.loading')}</p>
      ) : songs.length === 0 ? (
        <p className="muted" data-testid="queue-empty">
          {t('room.queue.empty')}
        </p>
      ) : (
        <ol className="queue-list" aria-busy={busy}>
          {songs.map((song, i) => {
            const art = songArt(song);
            const onAir = playingMine && isSameSong(song, play.song);
            return (
              <li
                key={song.crateSongUuid}
                className={onAir ? 'queue-song is-playing' : 'queue-song'}
                data-testid="queue-song"
              >
                {art ? (
                  <img src={art} alt="" className="song-row-art" />
                ) : (
                  <span className="song-row-art" />
                )}
                <span className="song-row-text">
                  <strong>{song.trackName}</strong>
                  <span className="muted">
                    {song.artistName} · {formatDuration(song.duration)}
                    {onAir ? ` · ${t('room.queue.playing')}` : ''}
                  </span>
                </span>
                <span className="queue-song-actions">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={busy || i === 0}
                    onClick={() => void move(song, i - 1)}
                    aria-label={t('room.queue.up', { title: song.trackName })}
                    data-testid="queue-up"
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={busy || i === total - 1}
                    onClick={() => void move(song, i + 1)}
                    aria-label={t('room.queue.down', { title: song.trackName })}
                    data-testid="queue-down"
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={busy}
                    onClick={() => void remove(song)}
                    aria-label={t('room.queue.remove', { title: song.trackName })}
                    data-testid="queue-remove"
                  >
                    ×
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {total > ROOM_QUEUE_SHOWN ? (
        <p className="muted">{t('room.queue.more', { count: total - ROOM_QUEUE_SHOWN })}</p>
      ) : null}
      <button
        type="button"
        className="btn btn-ghost btn-block"
        aria-expanded={searching}
        onClick={() => setSearching((v) => !v)}
        data-testid="queue-search-toggle"
      >
        {searching ? t('room.queue.closeSearch') : t('room.queue.addFromSearch')}
      </button>
      {searching ? (
        <div data-testid="queue-search">
          <SearchPanel onPick={(s) => void add(s)} pickLabel={t('room.queue.add')} />
        </div>
      ) : null}
    </section>
  );
}
