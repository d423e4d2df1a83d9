import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsTopic, SERVICE_NAMES } from '@tt/protocol';
import { ErrorAlert } from '../../ui/Alert';
import { useErrorText } from '../../lib/errors';
import {
  useEventLastQuery,
  useEventNamesQuery,
  useRoomServiceStatusQuery,
  useServiceStatusQueries,
} from './tools-queries';
import './staff-tools.css';

/** STAFF-VIEWS-4: each service's health, and the room service's counts. */
function Statuses() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const statuses = useServiceStatusQueries();
  const rooms = useRoomServiceStatusQuery();
  return (
    <section className="card" data-testid="services-status">
      <h2>{t('admin.services.title')}</h2>
      <ul className="staff-cards">
        {SERVICE_NAMES.map((name, i) => {
          const q = statuses[i];
          return (
            <li key={name} data-testid={`service-${name}`}>
              <strong>{name}</strong>
              {q.data ? (
                <>
                  <span className="role-tag is-good">{t('admin.services.ok')}</span>
                  <small className="fine-print">
                    {t('admin.services.detail', {
                      version: q.data.version ?? '—',
                      uptime: Math.round(q.data.uptimeSeconds / 60),
                      database: q.data.database,
                      bus: q.data.bus,
                    })}
                  </small>
                </>
              ) : q.error ? (
                <>
                  <span className="role-tag is-bad">{t('admin.services.down')}</span>
                  <small className="fine-print">{errorText(q.error)}</small>
                </>
              ) : (
                <small className="fine-print">…</small>
              )}
            </li>
          );
        })}
      </ul>
      <ErrorAlert error={rooms.error} />
      {rooms.data ? (
        <p className="fine-print admin-lead staff-after" data-testid="room-status">
          {t('admin.services.rooms', rooms.data)}{' '}
          {rooms.data.realtime
            ? t('admin.services.realtimeHere')
            : t('admin.services.realtimeElsewhere')}
        </p>
      ) : null}
    </section>
  );
}

/** STAFF-VIEWS-5: the names clients and the server use, and the newest event of a topic. */
function EventNames() {
  const { t, i18n } = useTranslation();
  const socket = useEventNamesQuery('socket');
  const user = useEventNamesQuery('user');
  const [topic, setTopic] = useState<AnalyticsTopic | null>(null);
  const last = useEventLastQuery(topic);
  const errorText = useErrorText();
  return (
    <section className="card" data-testid="event-names">
      <h2>{t('admin.eventNames.title')}</h2>
      <h3 className="staff-subhead">{t('admin.eventNames.socket')}</h3>
      <ErrorAlert error={socket.error} />
      <ul className="staff-names" data-testid="socket-event-names">
        {(socket.data?.names ?? []).map((n) => (
          <li key={n}>
            <code>{n}</code>
          </li>
        ))}
      </ul>
      <h3 className="staff-subhead">{t('admin.eventNames.user')}</h3>
      <ErrorAlert error={user.error} />
      <ul className="staff-names" data-testid="user-event-names">
        {(user.data?.names ?? []).map((n) => {
          const parsed = AnalyticsTopic.safeParse(n);
          return (
            <li key={n}>
              <button
                type="button"
                aria-pressed={topic === n}
                disabled={!parsed.success}
                onClick={() => parsed.success && setTopic(parsed.data)}
              >
                {n}
              </button>
            </li>
          );
        })}
      </ul>
      {topic ? (
        <div data-testid="event-last">
          <h3 className="staff-subhead">{t('admin.eventNames.last', { topic })}</h3>
          {last.error ? (
            <p className="fine-print">{errorText(last.error)}</p>
          ) : last.data ? (
            <>
              <small className="fine-print">
                {new Date(last.data.occurredAt).toLocaleString(i18n.language)}
              </small>
              <code className="staff-code">{JSON.stringify(last.data, null, 2)}</code>
            </>
          ) : (
            <p className="fine-print">…</p>
          )}
        </div>
      ) : null}
    </section>
  );
}

/** STAFF-VIEWS-4/5: how the services are and the names of what they record. */
export function ServicesPanel() {
  return (
    <>
      <Statuses />
      <EventNames />
    </>
  );
}
