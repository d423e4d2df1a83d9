import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserRole, type AdminUserDto } from '@tt/protocol';
import { mayGrantRole } from '@tt/rules';
import { ErrorAlert } from '../../ui/Alert';
import { useOwnProfile } from '../../entities/user/queries';
import { Pager } from './Pager';
import { useProfiles } from '../friends/queries';
import { StaffPerson } from './StaffPerson';
import {
  useAccountStatusMutation,
  useContactBookQuery,
  useMayI,
  useRoleMutation,
} from './tools-queries';
import './staff-tools.css';

/** Roles that come with the kind of account (not given by hand, never taken). */
const isAccountKind = (role: UserRole) => role === 'user' || role === 'bot';

/**
 * STAFF-ROLES-1/2: the platform roles the viewer may give (ACCESS table: moderators user and
 * promoter, admins all but superUser), each given or taken with one switch.
 */
export function Roles({ user }: { user: AdminUserDto }) {
  const { t } = useTranslation();
  const me = useOwnProfile();
  const change = useRoleMutation(user.uuid);
  const actor = me.data ? { uuid: me.data.uuid, roles: me.data.roles } : null;
  const roles = UserRole.options.filter(
    (r) => !isAccountKind(r) && actor && mayGrantRole(actor, r),
  );
  if (roles.length === 0) return null;
  return (
    <section className="card" data-testid="roles">
      <h2>{t('admin.rolesTitle')}</h2>
      <p className="fine-print admin-lead">{t('admin.rolesLead')}</p>
      <ErrorAlert error={change.error} />
      <div className="staff-names">
        {roles.map((role) => {
          const held = user.roles.includes(role);
          return (
            <button
              key={role}
              type="button"
              className={`btn btn-sm ${held ? 'btn-primary' : 'btn-ghost'}`}
              aria-pressed={held}
              disabled={change.isPending}
              onClick={() => change.mutate({ role, give: !held })}
              data-testid={`role-${role}`}
            >
              {held ? '✓ ' : '+ '}
              {t(`admin.roles.${role}`)}
            </button>
          );
        })}
      </div>
    </section>
  );
}

/** STAFF-ACCOUNT-1: deactivate an account, or reactivate a deactivated one. */
export function AccountState({ user }: { user: AdminUserDto }) {
  const { t } = useTranslation();
  const may = useMayI();
  const change = useAccountStatusMutation(user.uuid);
  const deactivated = user.status === 'DEACTIVATED';
  if (!may('user.deactivation.manage')) return null;
  return (
    <section className="card" data-testid="account-state">
      <h2>{t('admin.accountTitle')}</h2>
      <p className={`admin-state${deactivated ? ' is-bad' : ''}`} data-testid="account-status">
        {t(`admin.accountStatus.${user.status}`)}
      </p>
      <ErrorAlert error={change.error} />
      <div className="form-actions-inline">
        {deactivated ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={change.isPending}
            onClick={() => change.mutate(true)}
            data-testid="reactivate"
          >
            {t('admin.reactivate')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-danger"
            disabled={change.isPending}
            onClick={() => change.mutate(false)}
            data-testid="deactivate-account"
          >
            {t('admin.deactivate')}
          </button>
        )}
        {may('admin.notifications') ? (
          <Link
            className="btn btn-ghost"
            to={`/admin/notifications?to=${user.uuid}`}
            data-testid="notify-user"
          >
            {t('admin.notify.toThem')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/** STAFF-CONTACTS-1: the person's stored address book, for those the table lets read it. */
export function ContactBook({ user }: { user: AdminUserDto }) {
  const may = useMayI();
  return may('admin.contacts') ? <Book user={user} /> : null;
}

/** The address book's entries: hashes only, and the registered people they matched. */
function Book({ user }: { user: AdminUserDto }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const book = useContactBookQuery(user.uuid, page);
  const rows = book.data?.contacts ?? [];
  const matched = rows.flatMap((r) => (r.matchedUserUuid ? [r.matchedUserUuid] : []));
  const profiles = useProfiles(matched);
  return (
    <section className="card" data-testid="contact-book">
      <h2>{t('admin.contacts.title', { count: book.data?.total ?? 0 })}</h2>
      <p className="fine-print admin-lead">{t('admin.contacts.lead')}</p>
      <ErrorAlert error={book.error} />
      {rows.length ? (
        <table className="staff-table">
          <thead>
            <tr>
              <th>{t('admin.contacts.kind')}</th>
              <th>{t('admin.contacts.hash')}</th>
              <th>{t('admin.contacts.matched')}</th>
              <th className="wide">{t('admin.contacts.added')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="contact-row">
                <td>{t(`admin.contacts.kinds.${row.kind}`)}</td>
                <td>
                  <code>{row.hashPrefix}</code>
                </td>
                <td>
                  {row.matchedUserUuid ? (
                    <StaffPerson
                      uuid={row.matchedUserUuid}
                      profile={profiles.data?.get(row.matchedUserUuid)}
                    />
                  ) : (
                    '—'
                  )}
                </td>
                <td className="wide">
                  {new Date(row.createdAt).toLocaleDateString(i18n.language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : book.data ? (
        <p className="fine-print">{t('admin.contacts.none')}</p>
      ) : null}
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil((book.data?.total ?? 0) / 20))}
        onPage={setPage}
      />
    </section>
  );
}
