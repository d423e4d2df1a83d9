import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { roomEndpoints, roomListEndpoints, type RoomDto } from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';

export const PUBLIC_PAGE_SIZE = 12;

export const roomKeys = {
  all: ['rooms'] as const,
  room: (slug: string) => ['rooms', 'one', slug.toLowerCase()] as const,
  public: (page: number) => ['rooms', 'public', page] as const,
  promoted: ['rooms', 'promoted'] as const,
  mine: ['rooms', 'mine'] as const,
  recent: ['rooms', 'recent'] as const,
};

/** Lists refresh every 30 s while shown: listener counts and songs change. */
const LIST_REFRESH = 30_000;

export function usePublicRooms(page: number) {
  const ready = useSession((s) => s.ready);
  return useQuery({
    queryKey: roomKeys.public(page),
    queryFn: () =>
      api.call(roomListEndpoints.public, {
        query: { limit: PUBLIC_PAGE_SIZE, offset: page * PUBLIC_PAGE_SIZE },
      }),
    enabled: ready,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    refetchInterval: LIST_REFRESH,
  });
}

export function usePromotedRooms(enabled: boolean) {
  const ready = useSession((s) => s.ready);
  return useQuery({
    queryKey: roomKeys.promoted,
    queryFn: () => api.call(roomListEndpoints.promoted, { query: {} }),
    enabled: ready && enabled,
    staleTime: 10_000,
    refetchInterval: LIST_REFRESH,
  });
}

export function useMyRooms(enabled: boolean) {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useQuery({
    queryKey: roomKeys.mine,
    queryFn: () => api.call(roomListEndpoints.mine, {}),
    enabled: signedIn && enabled,
    staleTime: 10_000,
  });
}

export function useRecentRooms(enabled: boolean) {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useQuery({
    queryKey: roomKeys.recent,
    queryFn: () => api.call(roomListEndpoints.recent, { query: { limit: 24, offset: 0 } }),
    enabled: signedIn && enabled,
    staleTime: 10_000,
  });
}

/** One room by slug (GET /rooms/{slug}). */
export function useRoom(slug: string) {
  const ready = useSession((s) => s.ready);
  return useQuery({
    queryKey: roomKeys.room(slug),
    queryFn: () => api.call(roomEndpoints.get, { params: { id: slug } }),
    enabled: ready && slug.length > 0,
    staleTime: 30_000,
  });
}

/** After a create or an update: the answer becomes the cached room; lists refetch. */
export function storeRoom(room: RoomDto, previousSlug?: string): void {
  queryClient.setQueryData(roomKeys.room(room.slug), room);
  if (previousSlug && previousSlug.toLowerCase() !== room.slug) {
    queryClient.removeQueries({ queryKey: roomKeys.room(previousSlug) });
  }
  void queryClient.invalidateQueries({ queryKey: ['rooms', 'public'] });
  void queryClient.invalidateQueries({ queryKey: roomKeys.mine });
  void queryClient.invalidateQueries({ queryKey: roomKeys.promoted });
}
