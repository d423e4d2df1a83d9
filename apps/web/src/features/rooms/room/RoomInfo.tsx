import { useTranslation } from 'react-i18next';
import type { RoomDto } from '@tt/protocol';
import { useProfiles } from '../../friends/queries';
import { linkHost } from '../../../entities/room/model';

/** What the room's managers pinned: shown above the stage to everyone in the room. */
export function PinnedBar({ room }: { room: Pick<RoomDto, 'pinnedMessages'> }) {
  const { t } = useTranslation();
  const pinned = room.pinnedMessages;
  const authors = useProfiles([...new Set(pinned.map((p) => p.userUuid))]);
  if (pinned.length === 0) return null;
  return (
    <section
      className="pinned-bar"
      aria-label={t('roomExtras.pinnedAria')}
      data-testid="pinned-bar"
    >
      <ul>
        {pinned.map((p) => (
          <li key={p.id} data-testid="pinned-message">
            <PinIcon />
            <span className="pinned-text">{p.message}</span>
            <small className="muted">{authors.data?.get(p.userUuid)?.nickname ?? ''}</small>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The room's poster thumbnail and external link, next to its name. */
export function RoomLinks({ room }: { room: Pick<RoomDto, 'posterUrl' | 'externalUrl' | 'name'> }) {
  const { t } = useTranslation();
  return (
    <>
      {room.posterUrl ? (
        <a href={room.posterUrl} target="_blank" rel="noreferrer" className="room-poster-thumb">
          <img src={room.posterUrl} alt={t('roomExtras.posterOf', { name: room.name })} />
        </a>
      ) : null}
      {room.externalUrl ? (
        <a
          className="room-chip room-link"
          href={room.externalUrl}
          target="_blank"
          rel="noopener noreferrer nofollow"
          data-testid="room-external-link"
        >
          ↗ {linkHost(room.externalUrl)}
        </a>
      ) : null}
    </>
  );
}

export function PinIcon() {
  return (
    <svg className="pin-icon" viewBox="0 0 16 16" width="13" height="13" aria-hidden="true">
      <path
        d="M10.5 1.5l4 4-2 .8-2.6 2.6.4 3.1-1.3 1.3-2.7-2.7L3 14l-1-1 3.4-3.3-2.7-2.7L4 5.7l3.1.4 2.6-2.6z"
        fill="currentColor"
      />
    </svg>
  );
}
