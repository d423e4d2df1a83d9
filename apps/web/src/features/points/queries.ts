import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pointsEndpoints as p, seasonEndpoints as s, type SeasonRankingDto } from '@tt/protocol';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

export const pointsKeys = {
  board: (which: string) => ['points', 'board', which] as const,
  current: ['points', 'current'] as const,
  mine: ['points', 'mine'] as const,
  of: (uuid: string) => ['points', 'of', uuid] as const,
  season: ['points', 'season'] as const,
};

const PAGE = 25;

/**
 * A leaderboard, 25 rows a page: `current` (the season running), `all` (lifetime) or a season id.
 */
export function useBoardQuery(which: 'current' | 'all' | number) {
  return useInfiniteQuery({
    queryKey: pointsKeys.board(String(which)),
    initialPageParam: 0,
    queryFn: ({ pageParam }): Promise<SeasonRankingDto> => {
      const query = { take: PAGE, skip: pageParam };
      if (which === 'current') return api.call(p.seasonRanking, { query });
      if (which === 'all') return api.call(p.allSeasonsRanking, { query });
      return api.call(p.seasonRankingById, { params: { id: which }, query });
    },
    getNextPageParam: (last) =>
      last.skip + last.entries.length < last.total ? last.skip + last.entries.length : undefined,
  });
}

/** The season before (or after) one, for the past-seasons browser; null when there is none. */
export function useNeighbourSeasonQuery(id: number | null, dir: 'prev' | 'next') {
  return useQuery({
    queryKey: ['points', 'neighbour', id, dir],
    enabled: id !== null,
    retry: false,
    queryFn: async () => {
      const e = dir === 'prev' ? p.prevSeasonRanking : p.nextSeasonRanking;
      try {
        return (await api.call(e, { params: { id: id! }, query: { take: 1 } })).season;
      } catch {
        return null;
      }
    },
  });
}

/** The season running now (and the next one), for the banner. */
export function useSeasonQuery() {
  return useQuery({
    queryKey: pointsKeys.season,
    queryFn: () => api.call(s.current, {}),
    staleTime: 60_000,
  });
}

/** The running season's top ten and my own row (signed in). */
export function useCurrentBoardQuery() {
  const token = useSession((x) => x.accessToken);
  return useQuery({
    queryKey: [...pointsKeys.current, token !== null],
    queryFn: () => api.call(p.currentBoard, {}),
    staleTime: 30_000,
  });
}

/** My balance and rank in the running season (refetched after my songs for the points toast). */
export function useMyPointsQuery() {
  const signedIn = useSession((x) => x.accessToken !== null);
  return useQuery({
    queryKey: pointsKeys.mine,
    queryFn: () => api.call(p.currentMine, {}),
    enabled: signedIn,
  });
}

/** Someone's season standing and lifetime points (their profile). */
export function useUserPointsQuery(uuid: string) {
  return useQuery({
    queryKey: pointsKeys.of(uuid),
    enabled: uuid.length > 0,
    queryFn: async () => {
      const [current, lifetime] = await Promise.all([
        api.call(p.currentOf, { params: { id: uuid } }),
        api.call(p.sum, { params: { id: uuid } }),
      ]);
      return { current, lifetime };
    },
  });
}
