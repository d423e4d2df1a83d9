import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUpcomingEventsQuery } from '../../entities/event/queries';
import { whenText } from '../../entities/event/time';
import '../../styles/communities.css';

const DAY = 86_400_000;

/** In a room: the event on now (EVT-STATE-1), or the next one within a day. */
export function RoomEventBanner({ roomUuid }: { roomUuid: string }) {
  const { t, i18n } = useTranslation();
  const { data } = useUpcomingEventsQuery({ roomId: roomUuid }, 1);
  const event = data?.events[0];
  if (!event) return null;
  const live = event.status === 'live';
  if (!live && Date.parse(event.startsAt) - Date.now() > DAY) return null;
  return (
    <aside className="room-event-banner" data-testid="room-event-banner" data-status={event.status}>
      {live ? (
        <span className="live-pill">
          <span className="live-dot" aria-hidden="true" /> {t('events.liveNow')}
        </span>
      ) : (
        <span className="room-chip">{t('events.next')}</span>
      )}
      <Link to={`/events/${event.slug}`}>{event.name}</Link>
      <span className="muted">{whenText(event, i18n.language)}</span>
    </aside>
  );
}
