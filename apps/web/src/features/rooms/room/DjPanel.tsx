import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClientRoomState, MinimalSongDto } from '@tt/protocol';
import { toRoomSong } from '@tt/rules';
import { formatDuration, playingDjUuid, songArt } from '../../../entities/room/model';
import { seatBlocker, useDjActions, useDjDraft } from './djActions';
import { TrustNote } from '../../trust/TrustNote';
import { SearchPanel } from '../../search/SearchPanel';
import { QueuePanel } from '../../crates/room/QueuePanel';
import { addToQueue, useRoomQueue } from '../../crates/room/useRoomQueue';
import { useRoomRunner, useRoomToast, type Me } from '../../../entities/room/hooks';

/** My turn at the decks and, for signed-in users, my queue. */
export function DjPanel({ state, me }: { state: ClientRoomState; me: Me }) {
  if (me.isGuest) return <DjSeatPanel state={state} me={me} />;
  return (
    <>
      <DjSeatPanel state={state} me={me} />
      <QueuePanel state={state} me={me} />
    </>
  );
}

/** Pick a song, take or leave a seat, change my next song. */
function DjSeatPanel({ state, me }: { state: ClientRoomState; me: Me }) {
  const { t } = useTranslation();
  // Without a picked song, taking a seat plays the first song of my queue.
  const queueTop = useRoomQueue(!me.isGuest).data?.songs[0] ?? null;
  const { takeSeat, leaveSeat, setNextSong } = useDjActions();
  const draft = useDjDraft((s) => s.song);
  const pick = useDjDraft((s) => s.pick);
  const run = useRoomRunner();
  /** DJ-CHOOSE-1: the chosen song is the one I take a seat with, and the top of my queue. */
  const choose = (song: MinimalSongDto) => {
    pick(song);
    void run(async () => {
      const { added } = await addToQueue(song, 0);
      const key = added ? 'room.queue.added' : 'room.queue.already';
      useRoomToast.getState().show(t(key, { title: song.trackName }), 'info');
    });
  };
  const mySeat = me.uuid ? state.djs.find((d) => d.uuid === me.uuid) : undefined;
  const blocker = seatBlocker(state, me);
  const onAir = playingDjUuid(state) === me.uuid && me.uuid !== null;

  if (me.isGuest) {
    return (
      <section className="side-card dj-panel" aria-labelledby="dj-title">
        <h2 id="dj-title">{t('room.dj.title')}</h2>
        <p className="muted">{t('room.dj.guest')}</p>
        <Link className="btn btn-primary btn-block" to="/signup">
          {t('nav.signup')}
        </Link>
      </section>
    );
  }

  if (mySeat) {
    return (
      <section
        className="side-card dj-panel is-dj"
        aria-labelledby="dj-title"
        data-testid="dj-panel"
      >
        <div className="side-card-head">
          <h2 id="dj-title">{onAir ? t('room.dj.onAir') : t('room.dj.inBooth')}</h2>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => void leaveSeat()}
            data-testid="leave-seat"
          >
            {t('room.dj.leave')}
          </button>
        </div>
        {state.settings.songsPerDj > 0 && onAir ? (
          <p className="muted">{t('room.dj.remaining', { count: state.songsRemainingForDj })}</p>
        ) : null}
        <p className="side-label">{t('room.dj.nextSong')}</p>
        <SongCard song={mySeat.nextSong} empty={t('room.dj.noNext')} testId="next-song" />
        <SearchPanel
          onPick={(s) => void setNextSong(s)}
          pickLabel={t('room.dj.playNext')}
          selected={mySeat.nextSong}
        />
      </section>
    );
  }

  return (
    <section className="side-card dj-panel" aria-labelledby="dj-title" data-testid="dj-panel">
      <h2 id="dj-title">{t('room.dj.title')}</h2>
      <p className="muted">{t('room.dj.lead')}</p>
      <SearchPanel onPick={choose} pickLabel={t('room.dj.choose')} selected={draft} />
      {draft ? (
        <>
          <p className="side-label">{t('room.dj.yourSong')}</p>
          <SongCard song={draft} empty="" onClear={() => pick(null)} testId="picked-song" />
        </>
      ) : null}
      {blocker ? <p className="muted dj-blocker">{t(blocker)}</p> : null}
      {blocker ? null : (
        <TrustNote limit="seat" listeners={state.allUsers.length - state.djs.length} />
      )}
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={blocker !== null}
        onClick={() => {
          if (!draft && queueTop) pick(toRoomSong(queueTop));
          void takeSeat();
        }}
        data-testid="take-seat"
      >
        {draft
          ? t('room.dj.takeWith')
          : queueTop
            ? t('room.dj.takeWithQueue', { title: queueTop.trackName })
            : t('room.dj.take')}
      </button>
    </section>
  );
}

function SongCard({
  song,
  empty,
  onClear,
  testId,
}: {
  song: MinimalSongDto | null;
  empty: string;
  onClear?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (!song)
    return (
      <p className="song-card song-card-empty muted" data-testid={testId}>
        {empty}
      </p>
    );
  const art = songArt(song);
  return (
    <div className="song-card" data-testid={testId}>
      {art ? <img src={art} alt="" className="song-row-art" /> : <span className="song-row-art" />}
      <span className="song-row-text">
        <strong>{song.trackName}</strong>
        <span className="muted">
          {song.artistName} · {formatDuration(song.duration)}
        </span>
      </span>
      {onClear ? (
        <button type="button" className="btn-link" onClick={onClear}>
          {t('room.dj.clear')}
        </button>
      ) : null}
    </div>
  );
}
