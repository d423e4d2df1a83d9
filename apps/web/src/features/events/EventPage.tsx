import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { EventDto } from '@tt/protocol';
import { mayI } from '../../entities/session/access';
import { useErrorText } from '../../lib/errors';
import { useIsSignedIn } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { calendarUrl, useDeleteEventMutation, useEventQuery, useRsvpMutation } from './queries';
import { useProfiles } from '../friends/queries';
import { useOwnProfile } from '../../entities/user/queries';
import { useRoom } from '../../entities/room/queries';
import { countdown, whenText } from '../../entities/event/time';
import '../../styles/communities.css';

/** Days, hours, minutes, seconds to the start, ticking. */
function Countdown({ startsAt }: { startsAt: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = countdown(startsAt, now);
  const parts = (['days', 'hours', 'minutes', 'seconds'] as const).map((k) => (
    <span key={k} className="countdown-part">
      <strong>{String(left[k]).padStart(2, '0')}</strong>
      <span>{t(`events.countdown.${k}`)}</span>
    </span>
  ));
  return (
    <div
      className="countdown"
      role="timer"
      aria-label={t('events.startsIn')}
      data-testid="countdown"
    >
      {parts}
    </div>
  );
}

/** May the viewer change this event? Its host, the room's staff (EVT-EDIT-1). */
function useCanEdit(event: EventDto | undefined): boolean {
  const { data: me } = useOwnProfile();
  const { data: room } = useRoom(event?.roomSlug ?? '');
  if (!event || !me) return false;
  return mayI(me, 'event.edit', { ownerUuid: event.hostUuid, ...(room ? { room } : {}) });
}

/** /events/:slug — an event: countdown, room, lineup, remind me, add to calendar. */
export default function EventPage() {
  const { t, i18n } = useTranslation();
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const signedIn = useIsSignedIn();
  const { data: event, error, isLoading } = useEventQuery(slug);
  const canEdit = useCanEdit(event);
  const lineup = useProfiles(event?.lineup ?? []);
  useDocumentTitle(event?.name ?? t('events.title'));
  if (isLoading) return <div className="container" aria-busy="true" />;
  if (error || !event) {
    return (
      <div className="container narrow stack">
        <Alert>{errorText(error)}</Alert>
        <Link to="/rooms">{t('events.backToRooms')}</Link>
      </div>
    );
  }
  return (
    <div className="container event-page" data-testid="event-page">
      <header
        className="event-hero"
        style={event.posterUrl ? { backgroundImage: `url("${event.posterUrl}")` } : undefined}
      >
        <div className="event-hero-inner">
          <p className="eyebrow">
            {event.status === 'live' ? (
              <span className="live-pill">
                <span className="live-dot" aria-hidden="true" /> {t('events.liveNow')}
              </span>
            ) : (
              t(`events.status.${event.status}`)
            )}
          </p>
          <h1 data-testid="event-name">{event.name}</h1>
          <p className="event-when">{whenText(event, i18n.language)}</p>
          <p>
            {t('events.in')}{' '}
            <Link to={`/rooms/${event.roomSlug}`} data-testid="event-room">
              {event.roomName}
            </Link>
          </p>
        </div>
      </header>

      <div className="event-body">
        <section className="event-main stack">
          {event.status === 'upcoming' ? <Countdown startsAt={event.startsAt} /> : null}
          {event.status === 'live' ? (
            <Link className="btn btn-primary btn-lg" to={`/rooms/${event.roomSlug}`}>
              {t('events.goToRoom')}
            </Link>
          ) : null}
          {event.description ? <p className="event-description">{event.description}</p> : null}
          {event.lineup.length ? (
            <div>
              <h2 className="block-title">{t('events.lineup')}</h2>
              <ol className="event-lineup">
                {event.lineup.map((uuid) => (
                  <li key={uuid}>
                    <Link to={`/profile/${uuid}`}>{lineup.data?.get(uuid)?.nickname ?? '…'}</Link>
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
        </section>
        <EventActions
          event={event}
          signedIn={signedIn}
          canEdit={canEdit}
          onDeleted={() => navigate('/rooms')}
        />
      </div>
    </div>
  );
}

function EventActions({
  event,
  signedIn,
  canEdit,
  onDeleted,
}: {
  event: EventDto;
  signedIn: boolean;
  canEdit: boolean;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const rsvp = useRsvpMutation(event);
  const remove = useDeleteEventMutation(event.uuid);
  const ended = event.status === 'ended';
  return (
    <aside className="event-actions card stack">
      {ended ? (
        <p className="muted">{t('events.ended')}</p>
      ) : signedIn ? (
        <button
          type="button"
          className={`btn ${event.rsvped ? 'btn-ghost' : 'btn-primary'} btn-block`}
          aria-pressed={event.rsvped}
          onClick={() => rsvp.mutate(!event.rsvped)}
          data-testid="event-rsvp"
        >
          {event.rsvped ? t('events.reminding') : t('events.remindMe')}
        </button>
      ) : (
        <Link
          className="btn btn-primary btn-block"
          to={`/login?next=${encodeURIComponent(`/events/${event.slug}`)}`}
        >
          {t('events.signInToRemind')}
        </Link>
      )}
      <p className="muted fine-print">{t('events.going', { count: event.rsvpCount })}</p>
      {!ended ? (
        <a
          className="btn btn-ghost btn-block"
          href={calendarUrl(event)}
          download
          data-testid="event-ics"
        >
          {t('events.addToCalendar')}
        </a>
      ) : null}
      {rsvp.error ? <Alert>{errorText(rsvp.error)}</Alert> : null}
      {canEdit && !ended ? (
        <div className="event-manage">
          <Link
            className="btn btn-ghost btn-sm"
            to={`/events/${event.slug}/edit`}
            data-testid="event-edit"
          >
            {t('events.edit')}
          </Link>
          <button
            type="button"
            className="btn btn-link btn-sm btn-danger-text"
            onClick={() => {
              if (window.confirm(t('events.cancelConfirm')))
                remove.mutate(undefined, { onSuccess: onDeleted });
            }}
            data-testid="event-cancel"
          >
            {t('events.cancel')}
          </button>
        </div>
      ) : null}
      {remove.error ? <Alert>{errorText(remove.error)}</Alert> : null}
    </aside>
  );
}
