import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CommunityDto } from '@tt/protocol';
import { useIsSignedIn } from '../../lib/session';
import { RoomCard } from '../../entities/room/RoomCard';
import { useCommunitiesQuery, useCommunityRoomsQuery, useMyCommunitiesQuery } from './queries';
import '../../styles/communities.css';

const SHOWN = 6;

function CommunityRow({ community }: { community: CommunityDto }) {
  const { t } = useTranslation();
  const rooms = useCommunityRoomsQuery(community.uuid, true);
  const list = rooms.data?.rooms ?? [];
  if (rooms.isSuccess && list.length === 0) return null;
  return (
    <section className="community-row" data-testid="community-row">
      <div className="community-row-head">
        <h2 className="block-title">
          <Link to={`/communities/${community.slug}`}>{community.name}</Link>
        </h2>
        <span className="muted">{t('communities.members', { count: community.memberCount })}</span>
        {list.length > SHOWN ? (
          <Link className="btn btn-ghost btn-sm" to={`/communities/${community.slug}`}>
            {t('communities.allRooms', { count: rooms.data?.total ?? list.length })}
          </Link>
        ) : null}
      </div>
      <ul className="room-grid">
        {list.slice(0, SHOWN).map((r) => (
          <RoomCard key={r.uuid} room={r} />
        ))}
      </ul>
    </section>
  );
}

/** The rooms page's Communities tab: your communities' rooms, or the largest public ones'. */
export function CommunityRoomsTab() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const mine = useMyCommunitiesQuery(signedIn);
  const top = useCommunitiesQuery('');
  const list = mine.data?.communities.length
    ? mine.data.communities
    : (top.data?.communities ?? []);
  return (
    <div className="stack" data-testid="community-rooms-tab">
      {list.slice(0, 8).map((c) => (
        <CommunityRow key={c.uuid} community={c} />
      ))}
      {top.isSuccess && list.length === 0 ? (
        <div className="rooms-empty">
          <p>{t('communities.none')}</p>
        </div>
      ) : null}
      <p>
        <Link to="/communities">{t('communities.browse')}</Link>
      </p>
    </div>
  );
}
