import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientRoomState } from '@tt/protocol';
import { Avatar } from '../../../entities/avatar/Avatar';
import { nicknameOf, pictureOf, playingDjUuid } from '../../../entities/room/model';
import type { Me } from '../../../entities/room/hooks';
import { loadMoreUsers } from '../../../lib/socket/session';
import { useRoomStore } from '../../../lib/socket/store';

export const ROLE_BADGES = [
  'owner',
  'coOwner',
  'moderator',
  'globalModerator',
  'admin',
  'staff',
  'dj',
];

/** Everyone in the room (the accessible twin of the stage): DJs first, then the audience. */
export function PeopleList({
  state,
  me,
  onUser,
}: {
  state: ClientRoomState;
  me: Me;
  onUser: (uuid: string) => void;
}) {
  const { t } = useTranslation();
  // ROOM-PAGE-1: in a big room the state holds a page of the people; more come on request.
  const usersPage = useRoomStore((s) => s.usersPage);
  const [loading, setLoading] = useState(false);
  const more = () => {
    setLoading(true);
    loadMoreUsers()
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };
  const djs = new Set(state.djs.map((d) => d.uuid));
  const playing = playingDjUuid(state);
  const people = [...state.allUsers].sort(
    (a, b) => Number(djs.has(b.uuid)) - Number(djs.has(a.uuid)),
  );
  return (
    <section className="side-card people" aria-labelledby="people-title">
      <h2 id="people-title">
        {t('room.people')}{' '}
        <span className="muted">{Math.max(usersPage?.total ?? 0, state.allUsers.length)}</span>
      </h2>
      <ul className="people-list" data-testid="people-list">
        {people.map((u) => {
          const data = state.allUserData[u.uuid];
          const name = nicknameOf(data, t('room.someone'));
          const role = u.highestRole && ROLE_BADGES.includes(u.highestRole) ? u.highestRole : null;
          return (
            <li key={u.uuid}>
              <button type="button" className="person" onClick={() => onUser(u.uuid)}>
                <Avatar
                  name={name}
                  picture={pictureOf(data)}
                  color={data?.userProfile.color}
                  avatarId={data?.userProfile.avatarId}
                  size={32}
                />
                <span className="person-name">
                  {name}
                  {u.uuid === me.uuid ? <span className="muted"> ({t('room.you')})</span> : null}
                </span>
                {u.uuid === playing ? (
                  <span className="tag tag-live">{t('room.onAir')}</span>
                ) : djs.has(u.uuid) ? (
                  <span className="tag">{t('room.djTag')}</span>
                ) : null}
                {role ? <span className="tag tag-role">{t(`room.roles.${role}`)}</span> : null}
                {u.tokenRole === 'guest' ? (
                  <span className="tag">{t('room.roles.guest')}</span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      {usersPage?.nextOffset != null ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-block"
          onClick={more}
          disabled={loading}
        >
          {t('room.morePeople')}
        </button>
      ) : null}
    </section>
  );
}
