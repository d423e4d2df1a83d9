import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RoomDto } from '@tt/protocol';
import { designVars } from './designs';
import { linkHost, songArt } from './model';
import { Backdrop } from './stage/Backdrop';

/** A room in a list: its stage in miniature, name, design, who is listening and what plays. */
export function RoomCard({ room }: { room: RoomDto }) {
  const { t } = useTranslation();
  const listeners = room.numberOfUsersInRoom ?? 0;
  const song = room.song ?? null;
  const art = songArt(song);
  return (
    <li className="room-card" style={designVars(room.design)} data-testid="room-card">
      <Link to={`/rooms/${room.slug}`} className="room-card-link">
        <div className="room-card-stage">
          {room.posterUrl ? (
            <img className="room-card-poster" src={room.posterUrl} alt="" loading="lazy" />
          ) : (
            <Backdrop design={room.design} className="backdrop-mini" />
          )}
          <div className="room-card-badges">
            {room.isLive && listeners > 0 ? (
              <span className="live-pill">
                <span className="live-dot" aria-hidden="true" /> {t('rooms.live')}
              </span>
            ) : null}
            {room.liveAudioTalking ? (
              // LIVE-AUDIO-11: someone is on the mic now; the setting alone gets the quiet chip.
              <span
                className="live-pill"
                data-testid="room-card-talking"
                title={t('liveAudio.cardTalkingHint')}
              >
                <span className="live-dot" aria-hidden="true" /> 🎙 {t('liveAudio.cardTalking')}
              </span>
            ) : room.liveAudio ? (
              <span
                className="room-chip"
                data-testid="room-card-live-audio"
                title={t('liveAudio.badgeHint')}
              >
                🎙 {t('liveAudio.badge')}
              </span>
            ) : null}
            {room.promoted ? <span className="room-chip">{t('rooms.promoted')}</span> : null}
            {room.isPasswordProtected ? (
              <span className="room-chip" title={t('rooms.locked')}>
                <LockIcon /> <span className="sr-only">{t('rooms.locked')}</span>
              </span>
            ) : null}
          </div>
          <span className="room-card-count">
            <PeopleIcon /> {t('rooms.listeners', { count: listeners })}
          </span>
        </div>
        <div className="room-card-body">
          <h3 className="room-card-name">{room.name}</h3>
          <p className="room-card-meta">
            {t(`designs.${room.design}`)}
            {room.vibe ? <> · {room.vibe}</> : null}
            {room.externalUrl ? <> · ↗ {linkHost(room.externalUrl)}</> : null}
          </p>
          <div className="room-card-np">
            {song ? (
              <>
                {art ? (
                  <img src={art} alt="" className="room-card-art" loading="lazy" />
                ) : (
                  <span className="room-card-art room-card-art-empty" aria-hidden="true">
                    ♪
                  </span>
                )}
                <span className="room-card-song">
                  <span className="sr-only">{t('room.nowPlaying')}: </span>
                  <strong>{song.trackName}</strong>
                  <span className="muted"> {song.artistName}</span>
                </span>
              </>
            ) : (
              <span className="muted room-card-quiet">{t('rooms.quiet')}</span>
            )}
          </div>
        </div>
      </Link>
    </li>
  );
}

export function LockIcon() {
  return (
    <svg viewBox="0 0 16 16" width="13" height="13" aria-hidden="true" focusable="false">
      <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

export function PeopleIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <circle cx="6" cy="5" r="2.6" fill="currentColor" />
      <path d="M1.5 14c.4-3 2.2-4.6 4.5-4.6s4.1 1.6 4.5 4.6z" fill="currentColor" />
      <circle cx="11.5" cy="5.6" r="2" fill="currentColor" opacity=".7" />
      <path d="M11 9.6c2 .1 3.2 1.5 3.5 4.4h-2.8" fill="currentColor" opacity=".7" />
    </svg>
  );
}
