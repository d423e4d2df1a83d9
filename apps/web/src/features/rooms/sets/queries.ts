import { useMutation, useQuery } from '@tanstack/react-query';
import { roomSetEndpoints, type SaveSetBody } from '@tt/protocol';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { crateKeys } from '../../crates/queries';

export const setKeys = {
  list: (slug: string) => ['rooms', slug, 'sets'] as const,
};

/** SET-2: the room's last sets, newest first (public, like recent songs). */
export function useRoomSetsQuery(slug: string, playing: number) {
  return useQuery({
    queryKey: [...setKeys.list(slug), playing],
    queryFn: () => api.call(roomSetEndpoints.list, { params: { slug }, query: { limit: 10 } }),
    staleTime: 60_000,
  });
}

/** SET-4..6: a set, or what I heard, becomes a new crate of mine. */
export function useSaveSetMutation(slug: string) {
  return useMutation({
    mutationFn: (body: SaveSetBody) =>
      api.call(roomSetEndpoints.saveAsCrate, { params: { slug }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crateKeys.mine }),
  });
}
