import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../ui/Alert';
import {
  useAdminCommunitiesQuery,
  useAdminEventsQuery,
  useAdminRemoveCommunityMutation,
  useAdminRemoveEventMutation,
} from './audit-queries';
import { Pager } from './Pager';

/** Admins: every community and every event; open one, or remove it. */
export function CommunitiesPanel() {
  const { t, i18n } = useTranslation();
  const [cSearch, setCSearch] = useState('');
  const [cPage, setCPage] = useState(1);
  const [eSearch, setESearch] = useState('');
  const [ePage, setEPage] = useState(1);
  const communities = useAdminCommunitiesQuery(cSearch.trim(), cPage);
  const events = useAdminEventsQuery(eSearch.trim(), ePage);
  const removeCommunity = useAdminRemoveCommunityMutation();
  const removeEvent = useAdminRemoveEventMutation();
  const sure = (text: string) => window.confirm(text);
  return (
    <div className="stack">
      <section className="card" data-testid="admin-communities">
        <h2>{t('admin.communities.title', { count: communities.data?.total ?? 0 })}</h2>
        <label className="field admin-filter">
          <span>{t('admin.communities.find')}</span>
          <input
            type="search"
            value={cSearch}
            onChange={(e) => (setCSearch(e.target.value), setCPage(1))}
          />
        </label>
        <ErrorAlert error={communities.error ?? removeCommunity.error} />
        <ul className="admin-rooms">
          {(communities.data?.data ?? []).map((c) => (
            <li key={c.uuid} className="admin-room">
              <div className="admin-room-head">
                <Link to={`/communities/${c.slug}`}>
                  <strong>{c.name}</strong>
                </Link>
                <small className="muted">/{c.slug}</small>
                {c.visibility === 'PRIVATE' ? (
                  <span className="role-tag">{t('communities.private')}</span>
                ) : null}
                <span className="muted">
                  {t('communities.members', { count: c.memberCount })} ·{' '}
                  {t('communities.rooms', { count: c.roomCount })}
                </span>
                <button
                  type="button"
                  className="btn btn-link btn-sm btn-danger-text admin-row-end"
                  disabled={removeCommunity.isPending}
                  onClick={() =>
                    sure(t('admin.communities.removeConfirm', { name: c.name })) &&
                    removeCommunity.mutate(c.uuid)
                  }
                >
                  {t('admin.communities.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
        <Pager page={cPage} pages={communities.data?.pageCount ?? 1} onPage={setCPage} />
      </section>
      <section className="card" data-testid="admin-events">
        <h2>{t('admin.events.title', { count: events.data?.total ?? 0 })}</h2>
        <label className="field admin-filter">
          <span>{t('admin.events.find')}</span>
          <input
            type="search"
            value={eSearch}
            onChange={(e) => (setESearch(e.target.value), setEPage(1))}
          />
        </label>
        <ErrorAlert error={events.error ?? removeEvent.error} />
        <ul className="admin-rooms">
          {(events.data?.data ?? []).map((ev) => (
            <li key={ev.uuid} className="admin-room">
              <div className="admin-room-head">
                <Link to={`/events/${ev.slug}`}>
                  <strong>{ev.name}</strong>
                </Link>
                <span className="role-tag">{t(`events.status.${ev.status}`)}</span>
                <span className="muted">
                  {new Date(ev.startsAt).toLocaleString(i18n.language)} · {ev.roomName}
                </span>
                <button
                  type="button"
                  className="btn btn-link btn-sm btn-danger-text admin-row-end"
                  disabled={removeEvent.isPending}
                  onClick={() =>
                    sure(t('admin.events.removeConfirm', { name: ev.name })) &&
                    removeEvent.mutate(ev.uuid)
                  }
                >
                  {t('admin.events.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
        <Pager page={ePage} pages={events.data?.pageCount ?? 1} onPage={setEPage} />
      </section>
    </div>
  );
}
