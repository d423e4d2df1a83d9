import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CommunityDto, CommunityRole } from '@tt/protocol';
import { mayRemoveFromCommunity, maySetCommunityRole } from '@tt/rules';
import { useErrorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { Avatar } from '../../entities/avatar/Avatar';
import { useProfiles } from '../friends/queries';
import { communityActorOf } from '../../entities/session/access';
import { useOwnProfile } from '../../entities/user/queries';
import { useCommunityMembersQuery, useSetMemberMutation } from './queries';

/** Members, owner and moderators first; the owner and moderators change roles here (COMM-ROLE-2/3). */
export function CommunityMembers({ community }: { community: CommunityDto }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { data: me } = useOwnProfile();
  const members = useCommunityMembersQuery(community.uuid, true);
  const list = members.data?.members ?? [];
  const profiles = useProfiles(list.map((m) => m.userUuid));
  const setMember = useSetMemberMutation(community.uuid);
  const actor = communityActorOf(me, community.myRole);
  const change = (userUuid: string, role: CommunityRole | null) =>
    setMember.mutate({ userUuid, role });
  return (
    <section className="card community-members" data-testid="community-members">
      <h2 className="block-title">
        {t('communities.membersTitle')} <span className="muted">{members.data?.total ?? ''}</span>
      </h2>
      <ul>
        {list.map((m) => {
          const p = profiles.data?.get(m.userUuid);
          const self = m.userUuid === me?.uuid;
          return (
            <li key={m.userUuid} data-testid="community-member">
              <Link to={`/profile/${m.userUuid}`} className="community-member-who">
                <Avatar
                  name={p?.nickname ?? '?'}
                  picture={p?.profilePicture}
                  color={p?.color}
                  avatarId={p?.avatarId}
                  size={32}
                />
                <span>{p?.nickname ?? '…'}</span>
              </Link>
              {m.role !== 'member' ? (
                <span className="role-tag">{t(`communities.role.${m.role}`)}</span>
              ) : null}
              {!self ? (
                <span className="community-member-actions">
                  {m.role === 'member' && maySetCommunityRole(actor, m.role, 'moderator') ? (
                    <button
                      type="button"
                      className="btn btn-link btn-sm"
                      onClick={() => change(m.userUuid, 'moderator')}
                    >
                      {t('communities.makeModerator')}
                    </button>
                  ) : null}
                  {m.role === 'moderator' && maySetCommunityRole(actor, m.role, 'member') ? (
                    <button
                      type="button"
                      className="btn btn-link btn-sm"
                      onClick={() => change(m.userUuid, 'member')}
                    >
                      {t('communities.makeMember')}
                    </button>
                  ) : null}
                  {mayRemoveFromCommunity(actor, m.role, false) ? (
                    <button
                      type="button"
                      className="btn btn-link btn-sm btn-danger-text"
                      onClick={() => change(m.userUuid, null)}
                    >
                      {t('communities.remove')}
                    </button>
                  ) : null}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {setMember.error ? <Alert>{errorText(setMember.error)}</Alert> : null}
    </section>
  );
}
