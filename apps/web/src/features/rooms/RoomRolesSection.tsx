import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RoomDto } from '@tt/protocol';
import { useErrorText } from '../../lib/errors';
import { useProfiles } from '../friends/queries';
import { useLiftRoomRoleMutation } from './queries';

/**
 * The room's roles and bans (everything but the owner), with when each ends; its moderators lift
 * them here (RR-ROLE-2: a role counts until its expirationTime).
 */
export function RoomRolesSection({ room }: { room: RoomDto }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const roles = room.roomRoles.filter((r) => r.role !== 'owner');
  const profiles = useProfiles([...new Set(roles.map((r) => r.userUuid))]);
  const lift = useLiftRoomRoleMutation(room);
  return (
    <section className="card edit-section" data-testid="room-roles">
      <h2>{t('roomForm.rolesTitle')}</h2>
      <p className="muted">{t('roomForm.rolesLead')}</p>
      {lift.error ? <p className="alert alert-error">{errorText(lift.error)}</p> : null}
      {roles.length === 0 ? <p className="muted">{t('roomForm.noRoles')}</p> : null}
      <ul className="room-roles">
        {roles.map((r) => {
          const name = profiles.data?.get(r.userUuid)?.nickname ?? t('friends.someone');
          const bad = r.role === 'banned' || r.role === 'kicked';
          return (
            <li key={`${r.userUuid}-${r.role}`} data-testid="room-role">
              <Link to={`/profile/${r.userUuid}`}>{name}</Link>
              <span className={`role-tag${bad ? ' is-bad' : ''}`}>
                {t(`roomForm.roleNames.${r.role}`)}
              </span>
              <small className="muted">
                {r.expirationTime
                  ? t('roomForm.until', {
                      when: new Date(r.expirationTime).toLocaleString(i18n.language),
                    })
                  : t('roomForm.noEnd')}
              </small>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={lift.isPending}
                onClick={() => lift.mutate({ userUuid: r.userUuid, role: r.role })}
                data-testid="room-role-lift"
              >
                {bad ? t('roomForm.liftBan') : t('roomForm.removeRole')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
