import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { djFanEndpoints as d, SOCIAL_PAGE_DEFAULT, SOCIAL_PAGE_MAX } from '@tt/protocol';
import { api } from '../../lib/api';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePublicProfile } from '../../entities/user/queries';
import { People } from './People';

/** Page n takes 12, 24, 48, 96, then 150 at a time (lists grow to at most 150 per call). */
const takeOf = (n: number) => Math.min(SOCIAL_PAGE_MAX, SOCIAL_PAGE_DEFAULT * 2 ** n);

/** A person's followers (fans) or the DJs they follow (SOC-FAN-2). */
export default function FollowListPage() {
  const { t } = useTranslation();
  const { id = '', list = 'followers' } = useParams();
  const following = list === 'following';
  const profile = usePublicProfile(id);
  const name = profile.data?.nickname ?? '';
  useDocumentTitle(following ? t('fans.followingOf', { name }) : t('fans.followersOf', { name }));
  const q = useInfiniteQuery({
    queryKey: ['fans', 'list', list, id],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => {
      const skip = Array.from({ length: pageParam }, (_, i) => takeOf(i)).reduce(
        (a, b) => a + b,
        0,
      );
      const query = { skip, take: takeOf(pageParam) };
      return following
        ? api.call(d.followed, { params: { id }, query })
        : api.call(d.fansPaginated, { params: { id }, query });
    },
    getNextPageParam: (last, pages) =>
      last.skip + last.fans.length < last.total ? pages.length : undefined,
    enabled: id.length > 0,
  });
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
