import { useMutation, useQuery } from '@tanstack/react-query';
import { roomEndpoints, roomSetEndpoints, type SaveSetBody } from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { djKeys } from '../dj/queries';

export const roomKeys = {
  room: (slug: string) => ['rooms', 'one', slug.toLowerCase()] as const,
  sets: (slug: string) => ['rooms', 'sets', slug.toLowerCase()] as const,
};

/** One room by slug (GET /rooms/{slug}). */
export function useRoom(slug: string) {
  return useQuery({
    queryKey: roomKeys.room(slug),
    queryFn: () => api.call(roomEndpoints.get, { params: { id: slug } }),
    enabled: slug.length > 0,
    staleTime: 30_000,
  });
}

/** Asks the room service to let us in (POST /rooms/{slug}/join) before the socket joins. */
export function useJoinRoomMutation() {
  return useMutation({
    mutationFn: ({ slug, password }: { slug: string; password?: string }) =>
      api.call(roomEndpoints.join, { params: { slug }, body: password ? { password } : {} }),
  });
}

/** SET-2: the room's last sets, newest first; asked again when the song changes (`playing`). */
export function useRoomSetsQuery(slug: string, playing: number, enabled: boolean) {
  return useQuery({
    queryKey: [...roomKeys.sets(slug), playing],
    queryFn: () => api.call(roomSetEndpoints.list, { params: { slug }, query: { limit: 10 } }),
    enabled,
    staleTime: 60_000,
  });
}

/** SET-4..6: a set, or what I heard, becomes a new crate of mine. */
export function useSaveSetMutation(slug: string) {
  return useMutation({
    mutationFn: (body: SaveSetBody) =>
      api.call(roomSetEndpoints.saveAsCrate, { params: { slug }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: djKeys.mine }),
  });
}
