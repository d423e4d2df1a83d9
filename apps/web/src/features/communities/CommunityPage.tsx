import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { CommunityDto } from '@tt/protocol';
import { mayManageCommunity } from '@tt/rules';
import { communityActorOf } from '../../entities/session/access';
import { useOwnProfile } from '../../entities/user/queries';
import { useErrorText } from '../../lib/errors';
import { useIsSignedIn } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { UpcomingEvents } from '../../entities/event/EventCard';
import { RoomCard } from '../../entities/room/RoomCard';
import { bannerStyle } from './CommunityCard';
import { CommunityManage } from './CommunityManage';
import { CommunityMembers } from './CommunityMembers';
import { useCommunityQuery, useCommunityRoomsQuery, useMembershipMutation } from './queries';
import '../../styles/communities.css';

function JoinButton({ community }: { community: CommunityDto }) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const errorText = useErrorText();
  const membership = useMembershipMutation(community);
  if (!signedIn) {
    return (
      <Link
        className="btn btn-primary"
        to={`/login?next=${encodeURIComponent(`/communities/${community.slug}`)}`}
      >
        {t('communities.signInToJoin')}
      </Link>
    );
  }
  if (community.myRole === 'owner')
    return <span className="room-chip">{t('communities.role.owner')}</span>;
  const member = community.myRole !== null;
  if (!member && community.visibility === 'PRIVATE') return null;
  return (
    <div className="stack stack-tight">
      <button
        type="button"
        className={`btn ${member ? 'btn-ghost' : 'btn-primary'}`}
        onClick={() => membership.mutate(!member)}
        disabled={membership.isPending}
        data-testid="community-join"
      >
        {member ? t('communities.leave') : t('communities.join')}
      </button>
      {membership.error ? <Alert>{errorText(membership.error)}</Alert> : null}
    </div>
  );
}

/** /communities/:id — banner, about, its rooms (live first), events, members; management for its staff. */
export default function CommunityPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const errorText = useErrorText();
  const { data: community, error, isLoading } = useCommunityQuery(id);
  const { data: me } = useOwnProfile();
  const rooms = useCommunityRoomsQuery(community?.uuid ?? '', Boolean(community));
  useDocumentTitle(community?.name ?? t('communities.title'));
  if (isLoading) return <div className="container" aria-busy="true" />;
  if (error || !community) {
    return (
      <div className="container narrow stack">
        <Alert>{errorText(error)}</Alert>
        <Link to="/communities">{t('communities.backToAll')}</Link>
      </div>
    );
  }
  const manager = mayManageCommunity(communityActorOf(me, community.myRole));
  const live = (rooms.data?.rooms ?? []).filter((r) => (r.numberOfUsersInRoom ?? 0) > 0).length;
  return (
    <div className="container community-page" data-testid="community-page">
      <header className="community-hero" style={bannerStyle(community)}>
        <div className="community-hero-inner">
          <p className="eyebrow">
            {community.visibility === 'PRIVATE'
              ? t('communities.private')
              : t('communities.eyebrow')}
          </p>
          <h1 data-testid="community-name">{community.name}</h1>
          {community.description ? (
            <p className="community-about">{community.description}</p>
          ) : null}
          <p className="muted">
            {t('communities.members', { count: community.memberCount })} ·{' '}
            {t('communities.rooms', { count: community.roomCount })}
            {live ? ` · ${t('communities.liveNow', { count: live })}` : ''}
          </p>
        </div>
        <div className="community-hero-actions">
          <JoinButton community={community} />
          {manager ? (
            <Link
              className="btn btn-ghost"
              to={`/events/new?community=${community.uuid}`}
              data-testid="community-schedule"
            >
              {t('communities.schedule')}
            </Link>
          ) : null}
        </div>
      </header>

      <div className="community-layout">
        <div className="stack">
          <section>
            <h2 className="block-title">{t('communities.roomsTitle')}</h2>
            {rooms.data && rooms.data.rooms.length === 0 ? (
              <p className="muted">
                {manager ? t('communities.noRoomsManager') : t('communities.noRooms')}
              </p>
            ) : (
              <ul className="room-grid" data-testid="community-rooms">
                {(rooms.data?.rooms ?? []).map((r) => (
                  <RoomCard key={r.uuid} room={r} />
                ))}
              </ul>
            )}
          </section>
          {manager ? (
            <CommunityManage community={community} rooms={rooms.data?.rooms ?? []} />
          ) : null}
        </div>
        <div className="stack">
          <UpcomingEvents
            scope={{ communityId: community.uuid }}
            title={t('communities.events')}
            emptyText={t('communities.noEvents')}
          />
          <CommunityMembers community={community} />
        </div>
      </div>
    </div>
  );
}
