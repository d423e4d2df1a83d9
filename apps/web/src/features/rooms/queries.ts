import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  roomEndpoints,
  roomListEndpoints,
  roomRoleEndpoints,
  type RoomDto,
  type RoomUserRole,
} from '@tt/protocol';
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

/** The room's recently played songs; `playing` (the song's start time) refetches on each new song. */
export function useRecentSongsQuery(slug: string, playing: number, open = false) {
  return useQuery({
    queryKey: ['rooms', slug, 'recent-songs', playing],
    queryFn: () => api.call(roomEndpoints.recentSongs, { params: { slug }, query: { limit: 20 } }),
    staleTime: 30_000,
    // A play is recorded a moment after the song changes: an open list looks again now and then.
    refetchInterval: open ? 10_000 : false,
  });
}

/** Takes a room role (a ban, a moderator…) away; the room is read again. */
export function useLiftRoomRoleMutation(room: Pick<RoomDto, 'uuid' | 'slug'>) {
  return useMutation({
    mutationFn: (r: { userUuid: string; role: RoomUserRole }) =>
      api.call(roomRoleEndpoints.remove, { params: { roomId: room.uuid }, body: r }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.room(room.slug) }),
  });
}

/** Any single-setting change of a room (pinned messages, poster, link, switches…): the answer is stored. */
export function useRoomSettingMutation<A>(
  room: Pick<RoomDto, 'slug'>,
  change: (args: A) => Promise<RoomDto>,
) {
  return useMutation({
    mutationFn: change,
    onSuccess: (updated) => storeRoom(updated, room.slug),
  });
}

/** Hands the room to another user; the roles come back, so the room is read again. */
export function useChangeOwnerMutation(room: Pick<RoomDto, 'uuid' | 'slug'>) {
  return useMutation({
    mutationFn: (userUuid: string) =>
      api.call(roomRoleEndpoints.changeOwner, {
        params: { roomId: room.uuid },
        body: { userUuid },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.room(room.slug) }),
  });
}
