import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { Avatar } from '../../entities/avatar/Avatar';
import { AccessRequests } from './AccessRequests';
import { AccountsPanel } from './AccountsPanel';
import { AnalyticsPanel } from './AnalyticsPanel';
import { AvatarsPanel } from './AvatarsPanel';
import { CommunitiesPanel } from './CommunitiesPanel';
import { ModerationLogPanel } from './ModerationLogPanel';
import { SeasonsPanel } from './SeasonsPanel';
import { ConsoleNav } from './ConsoleNav';
import { DeactivationRequests } from './DeactivationRequests';
import { Pager } from './Pager';
import { PhonesPanel } from './PhonesPanel';
import { RoomsPanel } from './RoomsPanel';
import { isToolTab, ToolPanel } from './ToolPanel';
import { VouchersPanel } from './VouchersPanel';
import { useAdminUsersQuery, useStaff } from './queries';
import '../../styles/admin.css';

/** Shown to people who are not staff. */
export function StaffOnly() {
  const { t } = useTranslation();
  return (
    <div className="container admin-page">
      <h1>{t('admin.title')}</h1>
      <p className="alert alert-info">{t('admin.staffOnly')}</p>
    </div>
  );
}

/** /admin: the staff console's way in — find an account. */
export default function AdminPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.title'));
  const staff = useStaff();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [uuid, setUuid] = useState('');
  const { tab = 'people' } = useParams();
  const users = useAdminUsersQuery(search.trim(), page, staff.isAdmin && tab === 'people');
  if (staff.loading) return null;
  if (!staff.isModerator) return <StaffOnly />;
  const rows = users.data?.data ?? [];
  const head = (
    <>
      <h1>{t('admin.title')}</h1>
      <p className="fine-print admin-lead">{t('admin.lead')}</p>
      <ConsoleNav isAdmin={staff.isAdmin} />
    </>
  );
  if (tab !== 'people') {
    const panel =
      tab === 'moderation' ? (
        <ModerationLogPanel />
      ) : isToolTab(tab) ? (
        <ToolPanel tab={tab} />
      ) : !staff.isAdmin ? (
        <p className="alert alert-info">{t('admin.adminsOnly')}</p>
      ) : tab === 'vouchers' ? (
        <VouchersPanel />
      ) : tab === 'phones' ? (
        <PhonesPanel />
      ) : tab === 'rooms' ? (
        <RoomsPanel />
      ) : tab === 'accounts' ? (
        <AccountsPanel />
      ) : tab === 'seasons' ? (
        <SeasonsPanel />
      ) : tab === 'avatars' ? (
        <AvatarsPanel />
      ) : tab === 'analytics' ? (
        <AnalyticsPanel />
      ) : tab === 'communities' ? (
        <CommunitiesPanel />
      ) : (
        <p className="alert alert-info">{t('admin.noSuchSection')}</p>
      );
    return (
      <div className="container admin-page" data-testid="admin-page">
        {head}
        {panel}
      </div>
    );
  }
  return (
    <div className="container admin-page" data-testid="admin-page">
      {head}
      <AccessRequests />
      <DeactivationRequests />
      {staff.isAdmin ? (
        <section className="card">
          <label className="field">
            <span>{t('admin.search')}</span>
            <input
              type="search"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
              placeholder={t('admin.searchPlaceholder')}
              data-testid="admin-search"
            />
          </label>
          <ul className="admin-users" data-testid="admin-users">
            {rows.map((u) => (
              <li key={u.uuid}>
                <Link to={`/admin/users/${u.uuid}`} className="admin-user-row">
                  <Avatar name={u.nickname} picture={u.profilePicture} color={u.color} size={36} />
                  <span className="admin-user-name">
                    <strong>{u.nickname}</strong>
                    <small>{u.email ?? u.phoneNumber ?? u.uuid}</small>
                  </span>
                  <span className="admin-tags">
                    {u.roles
                      .filter((r) => r !== 'user')
                      .map((r) => (
                        <span key={r} className="role-tag">
                          {t(`admin.roles.${r}`)}
                        </span>
                      ))}
                    {u.banned ? <span className="role-tag is-bad">{t('admin.banned')}</span> : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={users.data?.pageCount ?? 1} onPage={setPage} />
        </section>
      ) : (
        <section className="card">
          <p>{t('admin.moderatorHint')}</p>
          <form
            className="admin-open"
            onSubmit={(e) => {
              e.preventDefault();
              if (uuid.trim()) navigate(`/admin/users/${uuid.trim()}`);
            }}
          >
            <input
              value={uuid}
              onChange={(e) => setUuid(e.target.value)}
              placeholder={t('admin.uuidPlaceholder')}
              aria-label={t('admin.uuidPlaceholder')}
            />
            <button type="submit" className="btn btn-primary btn-sm">
              {t('admin.open')}
            </button>
          </form>
        </section>
      )}
    </div>
  );
}
