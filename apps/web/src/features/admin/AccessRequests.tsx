import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccessRequestsQuery, useAnswerAccessRequestMutation } from './queries';

/** ACCESS-REQ-2: the pending upload requests, oldest first, answered in place. */
export function AccessRequests() {
  const { t, i18n } = useTranslation();
  const list = useAccessRequestsQuery();
  const answer = useAnswerAccessRequestMutation();
  const rows = list.data?.data ?? [];
  return (
    <section className="card" data-testid="access-requests">
      <h2>{t('admin.requests', { count: list.data?.total ?? 0 })}</h2>
      {rows.length === 0 ? <p className="fine-print admin-lead">{t('admin.noRequests')}</p> : null}
      <ul className="admin-comments">
        {rows.map((r) => (
          <li key={r.id} className="admin-request" data-testid="access-request-row">
            <div>
              <Link to={`/admin/users/${r.userUuid}`}>
                <strong>{r.nickname ?? t('friends.someone')}</strong>
              </Link>
              {r.message ? <p>{r.message}</p> : null}
              <small>{new Date(r.createdAt).toLocaleString(i18n.language)}</small>
            </div>
            <div className="form-actions-inline">
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ id: r.id, grant: true })}
                data-testid="access-grant"
              >
                {t('admin.grant')}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ id: r.id, grant: false })}
              >
                {t('admin.decline')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
