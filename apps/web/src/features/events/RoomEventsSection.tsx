import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RoomDto } from '@tt/protocol';
import { useRoomCommunitiesQuery } from '../communities/queries';
import { UpcomingEvents } from '../../entities/event/EventCard';

/** In a room's settings: its coming events with a way to schedule one, and its communities. */
export function RoomEventsSection({ room }: { room: Pick<RoomDto, 'uuid' | 'slug'> }) {
  const { t } = useTranslation();
  const communities = useRoomCommunitiesQuery(room.uuid);
  return (
    <section className="card edit-section stack" data-testid="room-events-section">
      <div className="event-manage">
        <h2 className="block-title">{t('events.roomSection')}</h2>
        <Link
          className="btn btn-primary btn-sm"
          to={`/events/new?room=${room.slug}`}
          data-testid="room-schedule-event"
        >
          {t('events.scheduleOne')}
        </Link>
      </div>
      <UpcomingEvents
        scope={{ roomId: room.uuid }}
        title={t('events.upcoming')}
        emptyText={t('events.noneHere')}
      />
      <div>
        <h3 className="block-title">{t('communities.title')}</h3>
        {communities.data?.communities.length ? (
          <p>
            {communities.data.communities.map((c, i) => (
              <span key={c.uuid}>
                {i ? ', ' : ''}
                <Link to={`/communities/${c.slug}`}>{c.name}</Link>
              </span>
            ))}
          </p>
        ) : (
          <p className="muted">
            {t('events.noCommunities')} <Link to="/communities">{t('communities.browse')}</Link>
          </p>
        )}
      </div>
    </section>
  );
}
