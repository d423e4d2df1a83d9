import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EventDto } from '@tt/protocol';
import { useUpcomingEventsQuery } from './queries';
import { whenText } from './time';
import '../../styles/communities.css';

/** One event in a list: its date tile, name, room and whether it is on now. */
export function EventCard({ event }: { event: EventDto }) {
  const { t, i18n } = useTranslation();
  const start = new Date(event.startsAt);
  return (
    <li className="event-card" data-testid="event-card">
      <Link to={`/events/${event.slug}`} className="event-card-link">
        <span className="event-date" aria-hidden="true">
          <span className="event-date-month">
            {start.toLocaleDateString(i18n.language, { month: 'short' })}
          </span>
          <span className="event-date-day">{start.getDate()}</span>
        </span>
        <span className="event-card-text">
          <strong>{event.name}</strong>
          <span className="muted">
            {whenText(event, i18n.language)} · {event.roomName}
          </span>
        </span>
        {event.status === 'live' ? (
          <span className="live-pill">
            <span className="live-dot" aria-hidden="true" /> {t('events.liveNow')}
          </span>
        ) : event.rsvped ? (
          <span className="room-chip">{t('events.reminded')}</span>
        ) : null}
      </Link>
    </li>
  );
}

/** Live and coming events (all, or of one room or community); nothing when there are none. */
export function UpcomingEvents({
  scope,
  title,
  limit = 6,
  emptyText,
}: {
  scope?: { roomId?: string; communityId?: string };
  title?: string;
  limit?: number;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const { data } = useUpcomingEventsQuery(scope, limit);
  const events = data?.events ?? [];
  if (events.length === 0 && !emptyText) return null;
  return (
    <section className="upcoming-events" data-testid="upcoming-events">
      <h2 className="block-title">{title ?? t('events.upcoming')}</h2>
      {events.length === 0 ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <ul className="event-list">
          {events.map((e) => (
            <EventCard key={e.uuid} event={e} />
          ))}
        </ul>
      )}
    </section>
  );
}
