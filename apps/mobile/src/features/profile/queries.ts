import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  avatarEndpoints as a,
  pointsEndpoints as p,
  profileEndpoints,
  type SeasonRankingDto,
  type UpdateProfileReq,
} from '@tt/protocol';
import { api } from '../../lib/api';
import { ownProfileKey, useSession } from '../../lib/session';

export const profileKeys = {
  avatars: ['avatars', 'mine'] as const,
  points: ['points', 'mine'] as const,
  board: (which: string) => ['points', 'board', which] as const,
};

/** Edits my profile (partial); my profile is read again. */
export function useUpdateProfileMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileReq) => api.call(profileEndpoints.updateProfile, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ownProfileKey });
      void qc.invalidateQueries({ queryKey: profileKeys.avatars });
    },
  });
}

/** My picker: every avatar I may see, each with its lock (AVATAR-WEAR-2). */
export function useMyAvatarsQuery() {
  const signedIn = useSession().kind === 'user';
  return useQuery({
    queryKey: profileKeys.avatars,
    queryFn: () => api.call(a.mine, {}),
    enabled: signedIn,
  });
}

/** My balance and rank in the running season. */
export function useMyPointsQuery() {
  const signedIn = useSession().kind === 'user';
  return useQuery({
    queryKey: profileKeys.points,
    queryFn: () => api.call(p.currentMine, {}),
    enabled: signedIn,
  });
}

const PAGE = 25;

/** A points board, 25 rows a page: `current` (the season running) or `all` (lifetime). */
export function useBoardQuery(which: 'current' | 'all') {
  return useInfiniteQuery({
    queryKey: profileKeys.board(which),
    initialPageParam: 0,
    queryFn: ({ pageParam }): Promise<SeasonRankingDto> => {
      const query = { take: PAGE, skip: pageParam };
      return which === 'current'
        ? api.call(p.seasonRanking, { query })
        : api.call(p.allSeasonsRanking, { query });
    },
    getNextPageParam: (last) =>
      last.skip + last.entries.length < last.total ? last.skip + last.entries.length : undefined,
  });
}
