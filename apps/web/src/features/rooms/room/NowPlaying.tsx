import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SOCKET_ACTIONS, type ClientRoomState } from '@tt/protocol';
import { roomAction } from '../../../lib/socket/session';
import { useRoomStore } from '../../../lib/socket/store';
import { AddToCrateMenu } from '../../crates/AddToCrateMenu';
import { SimilarSongs } from './SimilarSongs';
import { GuestListening } from '../../player/GuestPreviewPrompt';
import { PlayerControls } from '../../player/PlayerControls';
import {
  formatDuration,
  nicknameOf,
  playingDjUuid,
  songArt,
  songProgress,
} from '../../../entities/room/model';
import { useNow, useRoomRunner, type Me } from '../../../entities/room/hooks';

/** What plays: artwork, title, artist, the DJ, and how far along it is by the server clock. */
/** "DJ Nova" for Nova, and for someone already called "DJ Nova" too (not "DJ DJ Nova"). */
export function djLine(t: TFunction, name: string): string {
  return /^dj\b/i.test(name.trim()) ? name : t('room.djBy', { name });
}

export function NowPlaying({
  state,
  me,
  isMod,
}: {
  state: ClientRoomState;
  me: Me;
  isMod: boolean;
}) {
  const { t } = useTranslation();
  // Provider art that does not load gives way to the plain record (no broken-image box).
  const [failedArt, setFailedArt] = useState<string | null>(null);
  const np = state.nowPlaying;
  const djUuid = playingDjUuid(state);
  const run = useRoomRunner();

  if (!np) {
    return (
      <section
        className="np-card np-idle"
        aria-label={t('room.nowPlaying')}
        data-testid="now-playing"
      >
        <div className="np-art np-art-empty" aria-hidden="true">
          <span className="vinyl" />
        </div>
        <div className="np-info">
          <p className="np-kicker">{t('room.nowPlaying')}</p>
          <p className="np-title">{t('room.silence')}</p>
          <p className="muted np-hint">{t('room.silenceHint')}</p>
        </div>
        <PlayerControls silent />
      </section>
    );
  }
  const art = songArt(np.song);
  const canSkip = isMod || (djUuid !== null && djUuid === me.uuid);
  return (
    <section className="np-card" aria-label={t('room.nowPlaying')} data-testid="now-playing">
      <div className="np-art">
        <span className="vinyl spinning" aria-hidden="true" />
        {art && failedArt !== art ? (
          <img
            src={art}
            alt={t('room.artOf', { title: np.song.trackName })}
            onError={() => setFailedArt(art)}
          />
        ) : (
          <span className="np-art-fallback" aria-hidden="true">
            ♪
          </span>
        )}
      </div>
      <div className="np-info">
        <p className="np-kicker">
          <span className="live-dot" aria-hidden="true" /> {t('room.nowPlaying')}
          {djUuid ? (
            <span className="np-dj">
              {' '}
              · {djLine(t, nicknameOf(state.allUserData[djUuid], t('room.someone')))}
            </span>
          ) : null}
        </p>
        <p className="np-title" data-testid="np-title">
          {np.song.trackName}
        </p>
        <p className="np-artist" data-testid="np-artist">
          {np.song.artistName}
        </p>
        <Progress startTime={np.startTime} endTime={np.endTime} />
      </div>
      {canSkip ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm np-skip"
          onClick={() =>
            void run(
              // VOTE-PLAY-1: the skip is about the song shown; a later one is not skipped.
              () => roomAction(SOCKET_ACTIONS.skipSong, { playStartTime: np.startTime }),
              t('room.skipped'),
            )
          }
          data-testid="skip-song"
        >
          {t('room.skip')}
        </button>
      ) : null}
      <PlayerControls silent={false} />
      {me.isGuest ? <GuestListening /> : <AddToCrateMenu song={np.song} />}
      {me.isGuest ? null : <SimilarSongs song={np.song} />}
    </section>
  );
}

function Progress({ startTime, endTime }: { startTime: number; endTime: number }) {
  const { t } = useTranslation();
  const offset = useRoomStore((s) => s.serverTimeOffset);
  const now = useNow(500);
  const p = songProgress({ startTime, endTime }, now, offset);
  const pct = Math.round(p.fraction * 1000) / 10;
  return (
    <div className="np-progress">
      <div
        className="np-bar"
        role="progressbar"
        aria-label={t('room.progress')}
        aria-valuemin={0}
        aria-valuemax={p.total}
        aria-valuenow={p.elapsed}
        aria-valuetext={t('room.progressText', {
          elapsed: formatDuration(p.elapsed),
          total: formatDuration(p.total),
        })}
        data-testid="np-progress"
      >
        <span className="np-bar-fill" style={{ width: `${pct}%` }} />
      </div>
      <span className="np-times" aria-hidden="true">
        <span>{formatDuration(p.elapsed)}</span>
        <span>−{formatDuration(p.total - p.elapsed)}</span>
      </span>
    </div>
  );
}
