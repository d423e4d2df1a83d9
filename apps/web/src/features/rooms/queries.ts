import { useMutation, useQuery } from '@tanstack/react-query';
import { roomEndpoints, roomRoleEndpoints, type RoomDto, type RoomUserRole } from '@tt/protocol';
import { roomKeys, storeRoom } from '../../entities/room/queries';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';

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
