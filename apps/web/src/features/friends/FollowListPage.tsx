import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePublicProfile } from '../../entities/user/queries';
import { useFollowListQuery } from './fan-queries';
import { People } from './People';

/** A person's followers (fans) or the DJs they follow (SOC-FAN-2). */
export default function FollowListPage() {
  const { t } = useTranslation();
  const { id = '', list = 'followers' } = useParams();
  const following = list === 'following';
  const profile = usePublicProfile(id);
  const name = profile.data?.nickname ?? '';
  useDocumentTitle(following ? t('fans.followingOf', { name }) : t('fans.followersOf', { name }));
  const q = useFollowListQuery(id, list);
  const rows = (q.data?.pages ?? []).flatMap((p) => p.fans);
  const uuids = rows.map((r) => (following ? r.djUuid : r.userUuid));
  const total = q.data?.pages[0]?.total ?? 0;
  return (
    <div className="container friends-page" data-testid="follow-list-page">
      <h1>{name}</h1>
      <nav className="tabs" aria-label={t('fans.lists')}>
        <NavLink to={`/profile/${id}/followers`} end data-testid="tab-followers">
          {t('fans.followers')}
        </NavLink>
        <NavLink to={`/profile/${id}/following`} end data-testid="tab-following">
          {t('fans.followingTab')}
        </NavLink>
      </nav>
      <People
        title={following ? t('fans.followingTab') : t('fans.followers')}
        uuids={uuids}
        count={total}
        empty={following ? t('fans.noFollowing') : t('fans.noFollowers')}
        testId="follow-list"
      />
      {q.hasNextPage ? (
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => void q.fetchNextPage()}
          disabled={q.isFetchingNextPage}
          data-testid="follow-list-more"
        >
          {t('friends.more')}
        </button>
      ) : null}
    </div>
  );
}
