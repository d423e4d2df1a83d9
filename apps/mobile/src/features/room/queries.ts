import { useMutation, useQuery } from '@tanstack/react-query';
import { roomEndpoints } from '@tt/protocol';
import { api } from '../../lib/api';

export const roomKeys = {
  room: (slug: string) => ['rooms', 'one', slug.toLowerCase()] as const,
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
