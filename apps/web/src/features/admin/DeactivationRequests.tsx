import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../ui/Alert';
import { useDeactivationsQuery, useHandleDeactivationMutation } from './queries';

/** DEACTIVATE-2: people who asked to leave; a moderator carries it out or cancels it. */
export function DeactivationRequests() {
  const { t, i18n } = useTranslation();
  const list = useDeactivationsQuery();
  const handle = useHandleDeactivationMutation();
  const rows = list.data?.data ?? [];
  return (
    <section className="card" data-testid="deactivation-requests">
      <h2>{t('admin.deactivations', { count: list.data?.total ?? 0 })}</h2>
      <ErrorAlert error={list.error ?? handle.error} />
      {rows.length === 0 ? (
        <p className="fine-print admin-lead">{t('admin.noDeactivations')}</p>
      ) : null}
      <ul className="admin-comments">
        {rows.map((r) => (
          <li key={r.id} className="admin-request" data-testid="deactivation-row">
            <div>
              <Link to={`/admin/users/${r.userUuid}`}>
                <strong>{r.user.nickname}</strong>
              </Link>
              {r.reason ? <p>{r.reason}</p> : null}
              <small>{new Date(r.createdAt).toLocaleString(i18n.language)}</small>
            </div>
            <div className="form-actions-inline">
              <button
                type="button"
                className="btn btn-danger btn-sm"
                disabled={handle.isPending}
                onClick={() => handle.mutate({ userUuid: r.userUuid, deactivate: true })}
                data-testid="deactivation-do"
              >
                {t('admin.deactivate')}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={handle.isPending}
                onClick={() => handle.mutate({ userUuid: r.userUuid, deactivate: false })}
              >
                {t('admin.keepAccount')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
