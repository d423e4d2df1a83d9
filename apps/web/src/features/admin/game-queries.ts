import { useMutation, useQuery } from '@tanstack/react-query';
import {
  avatarEndpoints as av,
  pointsEndpoints as p,
  seasonEndpoints as se,
  type AvatarAssignmentType,
  type AvatarVisibility,
} from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';

export const gameKeys = {
  seasons: ['admin', 'seasons'] as const,
  avatars: ['admin', 'avatars'] as const,
  held: (uuid: string) => ['admin', 'held-avatars', uuid] as const,
  points: (uuid: string) => ['admin', 'points', uuid] as const,
};

const refresh = (key: readonly unknown[]) => () => {
  void queryClient.invalidateQueries({ queryKey: key });
  void queryClient.invalidateQueries({ queryKey: ['points'] });
  void queryClient.invalidateQueries({ queryKey: ['avatars'] });
};

/** Every season, newest first. */
export function useAdminSeasonsQuery() {
  return useQuery({
    queryKey: gameKeys.seasons,
    queryFn: () => api.call(se.adminList, { query: { sort: 'startDate,DESC', limit: 100 } }),
  });
}

export function useCreateSeasonMutation() {
  return useMutation({
    mutationFn: (body: {
      name: string;
      startDate: string;
      endDate: string;
      description?: string;
    }) => api.call(se.create, { body }),
    onSuccess: refresh(gameKeys.seasons),
  });
}

/** Ends a running season now (PTS-SEASON-4) or renames one. */
export function useUpdateSeasonMutation() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: { name?: string; endDate?: string } }) =>
      api.call(se.update, { params: { id }, body }),
    onSuccess: refresh(gameKeys.seasons),
  });
}

export function useRemoveSeasonMutation() {
  return useMutation({
    mutationFn: (id: number) => api.call(se.remove, { params: { id } }),
    onSuccess: refresh(gameKeys.seasons),
  });
}

export function useBackfillMutation() {
  return useMutation({
    mutationFn: (id: number) => api.call(p.backfill, { params: { id }, query: {} }),
    onSuccess: refresh(gameKeys.avatars),
  });
}

/** The whole catalogue, for the staff. */
export function useAdminAvatarsQuery() {
  return useQuery({
    queryKey: gameKeys.avatars,
    queryFn: () => api.call(av.adminList, { query: { limit: 100 } }),
  });
}

export function useUpdateAvatarMutation() {
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: string;
      body: { visibility?: AvatarVisibility; awardTopRank?: number | null };
    }) => api.call(av.update, { params: { id }, body }),
    onSuccess: refresh(gameKeys.avatars),
  });
}

/** A person's avatars as their picker shows them (what they hold, how). */
export function useHeldAvatarsQuery(uuid: string) {
  return useQuery({
    queryKey: gameKeys.held(uuid),
    queryFn: () => api.call(av.ofUser, { params: { id: uuid } }),
  });
}

export function useAssignAvatarMutation(uuid: string) {
  return useMutation({
    mutationFn: ({ avatarId, type }: { avatarId: string; type: AvatarAssignmentType }) =>
      api.call(av.assign, { params: { id: avatarId }, body: { userUuid: uuid, type } }),
    onSuccess: refresh(gameKeys.held(uuid)),
  });
}

export function useUnassignAvatarMutation(uuid: string) {
  return useMutation({
    mutationFn: (avatarId: string) =>
      api.call(av.unassign, { params: { id: avatarId }, body: { userUuid: uuid } }),
    onSuccess: refresh(gameKeys.held(uuid)),
  });
}

/** A person's season standing (for the points form). */
export function useAdminPointsQuery(uuid: string) {
  return useQuery({
    queryKey: gameKeys.points(uuid),
    queryFn: () => api.call(p.currentOf, { params: { id: uuid } }),
  });
}

export function useHandlePointsMutation(uuid: string) {
  return useMutation({
    mutationFn: (body: { amount: number; reason: string }) =>
      api.call(p.adminPoints, { body: { userUuid: uuid, ...body } }),
    onSuccess: refresh(gameKeys.points(uuid)),
  });
}
