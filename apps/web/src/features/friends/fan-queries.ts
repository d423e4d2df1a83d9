import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '@tt/api-client';
import { djFanEndpoints as d, SOCIAL_PAGE_DEFAULT, SOCIAL_PAGE_MAX } from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { useMe } from '../../entities/room/hooks';

export const fanKeys = {
  all: ['fans'] as const,
  count: (uuid: string) => ['fans', 'count', uuid] as const,
  following: (uuid: string) => ['fans', 'following', uuid] as const,
  list: (list: string, uuid: string) => ['fans', 'list', list, uuid] as const,
};

/** Page n takes 12, 24, 48, 96, then 150 at a time (lists grow to at most 150 per call). */
const takeOf = (n: number) => Math.min(SOCIAL_PAGE_MAX, SOCIAL_PAGE_DEFAULT * 2 ** n);

/** A person's followers (fans) or the DJs they follow, page by page (SOC-FAN-2). */
export function useFollowListQuery(id: string, list: string) {
  const following = list === 'following';
  return useInfiniteQuery({
    queryKey: fanKeys.list(list, id),
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
}

/** Fans of a person and DJs they follow (open to any token). */
export function useFanCountQuery(uuid: string) {
  const ready = useSession((s) => s.ready);
  return useQuery({
    queryKey: fanKeys.count(uuid),
    queryFn: () => api.call(d.count, { params: { id: uuid } }),
    enabled: ready && uuid.length > 0,
  });
}

/** Does the signed-in user follow this DJ? (404: no.) */
export function useFollowingQuery(djUuid: string) {
  const me = useMe();
  return useQuery({
    queryKey: fanKeys.following(djUuid),
    queryFn: async () => {
      try {
        await api.call(d.single, { params: { id: djUuid } });
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return false;
        throw err;
      }
    },
    enabled: !me.isGuest && Boolean(me.uuid) && me.uuid !== djUuid,
  });
}

/** Follow or unfollow, shown at once (optimistic) and settled by the server's answer. */
export function useFollowMutation(djUuid: string) {
  return useMutation({
    mutationFn: async (follow: boolean): Promise<void> => {
      if (follow) await api.call(d.follow, { body: { djUuid } });
      else await api.call(d.unfollow, { params: { id: djUuid } });
    },
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: fanKeys.following(djUuid) });
      const previous = queryClient.getQueryData<boolean>(fanKeys.following(djUuid));
      queryClient.setQueryData(fanKeys.following(djUuid), follow);
      return { previous };
    },
    onError: (_err, _follow, ctx: { previous: boolean | undefined } | undefined) => {
      queryClient.setQueryData(fanKeys.following(djUuid), ctx?.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: fanKeys.all }),
  });
}
