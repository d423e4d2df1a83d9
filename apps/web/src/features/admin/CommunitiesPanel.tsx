import { useState, type ReactNode } from 'react';
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

interface Page<T> {
  data: T[];
  total: number;
  pageCount: number;
}

/** One searchable, paged list of the panel: each row is a link, facts and a Remove button. */
function AdminList<T extends { uuid: string; name: string }>(props: {
  testId: string;
  title: (count: number) => string;
  find: string;
  removeLabel: string;
  confirm: (item: T) => string;
  use: (search: string, page: number) => { data?: Page<T>; error: unknown };
  remove: { mutate: (uuid: string) => void; isPending: boolean; error: unknown };
  row: (item: T) => ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = props.use(search.trim(), page);
  return (
    <section className="card" data-testid={props.testId}>
      <h2>{props.title(list.data?.total ?? 0)}</h2>
      <label className="field admin-filter">
        <span>{props.find}</span>
        <input
          type="search"
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(1))}
        />
      </label>
      <ErrorAlert error={list.error ?? props.remove.error} />
      <ul className="admin-rooms">
        {(list.data?.data ?? []).map((item) => (
          <li key={item.uuid} className="admin-room">
            <div className="admin-room-head">
              {props.row(item)}
              <button
                type="button"
                className="btn btn-link btn-sm btn-danger-text admin-row-end"
                disabled={props.remove.isPending}
                onClick={() =>
                  window.confirm(props.confirm(item)) && props.remove.mutate(item.uuid)
                }
              >
                {props.removeLabel}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={list.data?.pageCount ?? 1} onPage={setPage} />
    </section>
  );
}

/** Admins: every community and every event; open one, or remove it. */
export function CommunitiesPanel() {
  const { t, i18n } = useTranslation();
  const removeCommunity = useAdminRemoveCommunityMutation();
  const removeEvent = useAdminRemoveEventMutation();
  return (
    <div className="stack">
      <AdminList
        testId="admin-communities"
        title={(count) => t('admin.communities.title', { count })}
        find={t('admin.communities.find')}
        removeLabel={t('admin.communities.remove')}
        confirm={(c) => t('admin.communities.removeConfirm', { name: c.name })}
        use={useAdminCommunitiesQuery}
        remove={removeCommunity}
        row={(c) => (
          <>
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
          </>
        )}
      />
      <AdminList
        testId="admin-events"
        title={(count) => t('admin.events.title', { count })}
        find={t('admin.events.find')}
        removeLabel={t('admin.events.remove')}
        confirm={(ev) => t('admin.events.removeConfirm', { name: ev.name })}
        use={useAdminEventsQuery}
        remove={removeEvent}
        row={(ev) => (
          <>
            <Link to={`/events/${ev.slug}`}>
              <strong>{ev.name}</strong>
            </Link>
            <span className="role-tag">{t(`events.status.${ev.status}`)}</span>
            <span className="muted">
              {new Date(ev.startsAt).toLocaleString(i18n.language)} · {ev.roomName}
            </span>
          </>
        )}
      />
    </div>
  );
}
