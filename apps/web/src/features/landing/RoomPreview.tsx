import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RoomDto } from '@tt/protocol';
import { designVars } from '../../entities/room/designs';
import { songArt } from '../../entities/room/model';
import { usePublicRooms } from '../../entities/room/queries';

/** The busiest room playing now, if any: most listeners first. */
export function liveRoomOf(rooms: RoomDto[]): RoomDto | null {
  const playing = rooms.filter((r) => r.isLive && r.song);
  playing.sort((a, b) => (b.numberOfUsersInRoom ?? 0) - (a.numberOfUsersInRoom ?? 0));
  return playing[0] ?? null;
}

/** A real room playing right now — its name, song, listeners — or an invitation to start one. */
export function RoomPreview() {
  const { t } = useTranslation();
  const rooms = usePublicRooms(0);
  const room = liveRoomOf(rooms.data?.rooms ?? []);
  if (!room?.song) {
    return (
      <figure
        className="room-preview"
        aria-label={t('landing.preview.label')}
        data-testid="landing-live"
      >
        <div className="room-top">
          <span className="room-name">{t('landing.preview.quiet')}</span>
        </div>
        <p className="muted preview-quiet">{t('landing.preview.quietLead')}</p>
        <Link className="btn btn-primary" to="/rooms">
          {t('landing.ctaRooms')}
        </Link>
      </figure>
    );
  }
  const art = songArt(room.song);
  const listeners = room.numberOfUsersInRoom ?? 0;
  return (
    <figure
      className="room-preview"
      style={designVars(room.design)}
      aria-label={t('landing.preview.label')}
      data-testid="landing-live"
    >
      <div className="room-top">
        <span className="live-pill">
          <span className="live-dot" aria-hidden="true" /> LIVE
        </span>
        <span className="room-name">{room.name}</span>
        <span className="room-count">{t('landing.preview.listening', { count: listeners })}</span>
      </div>
      <div className="stage preview-art">
        {art ? <img src={art} alt="" width={160} height={160} /> : null}
      </div>
      <div className="now-playing">
        <div className="eq" aria-hidden="true">
          <i />
          <i />
          <i />
          <i />
          <i />
        </div>
        <div className="np-text">
          <span className="np-label">{t('landing.preview.nowPlaying')}</span>
          <strong data-testid="landing-song">{room.song.trackName}</strong>
          <span className="muted">{room.song.artistName}</span>
        </div>
      </div>
      {room.description ? <p className="muted preview-quiet">{room.description}</p> : null}
      <Link className="btn btn-primary" to={`/rooms/${room.slug}`} data-testid="landing-join">
        {t('landing.preview.join')}
      </Link>
    </figure>
  );
}
