import { useMutation, useQuery } from '@tanstack/react-query';
import {
  providerTokenEndpoints,
  roomEndpoints,
  roomRoleEndpoints,
  roomSettingsEndpoints as s,
  sendingEndpoints,
  type EndpointInput,
  type RoomDto,
  type RoomRules,
  type RoomUserRole,
} from '@tt/protocol';
import { roomKeys, storeRoom } from '../../entities/room/queries';
import { sendRoomCreationResponse } from '../../lib/analytics/appEvents';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { activeRoomUuid, leaveRoom } from '../../lib/socket/session';

type RoomRef = Pick<RoomDto, 'uuid' | 'slug'>;
type RoomBody = EndpointInput<typeof roomEndpoints.create>['body'];
type RoleBody = EndpointInput<typeof roomRoleEndpoints.create>['body'];
type KickBody = EndpointInput<typeof roomRoleEndpoints.kick>['body'];

/**
 * Creates a room; the answer becomes the cached room and the lists refetch. The room service's
 * answer is sent as roomCreationRoomServiceResponse (ANALYTICS-WEB-1).
 */
export function useCreateRoomMutation() {
  return useMutation({
    mutationFn: async (body: RoomBody) => {
      const started = Date.now();
      try {
        const room = await api.call(roomEndpoints.create, { body });
        sendRoomCreationResponse({ ok: true, roomSlug: room.slug }, Date.now() - started);
        return room;
      } catch (err) {
        const status = (err as { status?: unknown }).status;
        sendRoomCreationResponse(
          { ok: false, status: typeof status === 'number' ? status : null },
          Date.now() - started,
        );
        throw err;
      }
    },
    onSuccess: (room) => storeRoom(room),
  });
}

/** Saves the room's settings (its slug may change); the answer is stored. */
export function useUpdateRoomMutation(room: RoomRef) {
  return useMutation({
    mutationFn: (body: RoomBody) =>
      api.call(roomEndpoints.update, { params: { id: room.uuid }, body }),
    onSuccess: (updated) => storeRoom(updated, room.slug),
  });
}

/** Deletes the room: a listener in it leaves, its cache goes and the lists refetch. */
export function useDeleteRoomMutation(room: RoomRef) {
  return useMutation({
    mutationFn: () => api.call(roomEndpoints.delete, { params: { id: room.uuid } }),
    onSuccess: () => {
      if (activeRoomUuid() === room.uuid) leaveRoom();
      queryClient.removeQueries({ queryKey: roomKeys.room(room.slug) });
      void queryClient.invalidateQueries({ queryKey: roomKeys.all });
    },
  });
}

/** Asks the room service to let me in (POST /rooms/{slug}/join), with the password if it has one. */
export function useJoinRoomMutation() {
  return useMutation({
    mutationFn: ({ slug, password }: { slug: string; password?: string }) =>
      api.call(roomEndpoints.join, { params: { slug }, body: password ? { password } : {} }),
  });
}

/**
 * Gives a room role (a ban may carry a reason and an end, RR-BAN-3) or takes one away. The room's
 * socket brings the change to everyone, so no cache is touched.
 */
export function useRoomRoleMutation(roomUuid: string) {
  return useMutation({
    mutationFn: async ({ give, ...body }: RoleBody & { give: boolean }): Promise<void> => {
      const params = { roomId: roomUuid };
      if (give) await api.call(roomRoleEndpoints.create, { params, body });
      else
        await api.call(roomRoleEndpoints.remove, {
          params,
          body: { userUuid: body.userUuid, role: body.role },
        });
    },
  });
}

/** Sends someone out of the room, with a reason. */
export function useKickMutation() {
  return useMutation({
    mutationFn: (body: KickBody) => api.call(roomRoleEndpoints.kick, { body }),
  });
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
export function useLiftRoomRoleMutation(room: RoomRef) {
  return useMutation({
    mutationFn: (r: { userUuid: string; role: RoomUserRole }) =>
      api.call(roomRoleEndpoints.remove, { params: { roomId: room.uuid }, body: r }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.room(room.slug) }),
  });
}

/** A single-setting change of a room (pinned messages, poster, link, switches…): the answer is stored. */
function useRoomSettingMutation<A>(room: RoomRef, change: (args: A) => Promise<RoomDto>) {
  return useMutation({
    mutationFn: change,
    onSuccess: (updated) => storeRoom(updated, room.slug),
  });
}

const onRoom = (room: RoomRef) => ({ id: room.uuid });

export function usePinnedMessagesMutation(room: RoomRef) {
  return useRoomSettingMutation(room, (pinnedMessages: RoomDto['pinnedMessages']) =>
    api.call(s.pinnedMessages, { params: onRoom(room), body: { pinnedMessages } }),
  );
}

/** ROOM-RULES-5: the room's rules, all at once. */
export function useRoomRulesMutation(room: RoomRef) {
  return useRoomSettingMutation(room, (rules: RoomRules) =>
    api.call(s.rules, { params: onRoom(room), body: { rules } }),
  );
}

export function usePosterUploadMutation(room: RoomRef) {
  return useRoomSettingMutation(room, (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.call(s.uploadPoster, { params: onRoom(room), body: form });
  });
}

export function usePosterDeleteMutation(room: RoomRef) {
  return useRoomSettingMutation(room, () => api.call(s.deletePoster, { params: onRoom(room) }));
}

export function useExternalUrlMutation(room: RoomRef) {
  return useRoomSettingMutation(room, (externalUrl: string | null) =>
    api.call(s.externalUrl, { params: onRoom(room), body: { externalUrl } }),
  );
}

export function useLiveStateMutation(room: RoomRef) {
  return useRoomSettingMutation(room, (isLive: boolean) =>
    api.call(s.liveState, { params: onRoom(room), body: { isLive } }),
  );
}

export function useLiveAudioMutation(room: RoomRef) {
  return useRoomSettingMutation(room, (liveAudio: boolean) =>
    api.call(s.liveAudio, { params: onRoom(room), body: { liveAudio } }),
  );
}

export function usePromoteRoomMutation(room: RoomRef) {
  return useRoomSettingMutation(room, (promoted: boolean) =>
    api.call(s.promote, { params: onRoom(room), body: { promoted } }),
  );
}

export function useSetGuestPasswordMutation(room: RoomRef) {
  return useRoomSettingMutation(room, (password: string) =>
    api.call(s.setGuestPassword, { body: { roomUuid: room.uuid, password } }),
  );
}

export function useClearGuestPasswordMutation(room: RoomRef) {
  return useRoomSettingMutation(room, () =>
    api.call(s.clearGuestPassword, { body: { roomUuid: room.uuid } }),
  );
}

/** Hands the room to another user; the roles come back, so the room is read again. */
export function useChangeOwnerMutation(room: RoomRef) {
  return useMutation({
    mutationFn: (userUuid: string) =>
      api.call(roomRoleEndpoints.changeOwner, {
        params: { roomId: room.uuid },
        body: { userUuid },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.room(room.slug) }),
  });
}

/** NOTIFY-SEND-3: the room's owner or a moderator sends a message to the room's regulars. */
export function useMessageRegularsMutation(room: RoomRef) {
  return useMutation({
    mutationFn: (message: string) =>
      api.call(sendingEndpoints.fromRoom, { body: { roomUuid: room.uuid, message } }),
  });
}

/**
 * LIVE-AUDIO-15: whether live audio goes through Agora on this server (its public App ID), asked
 * once per page; an answer without appId (or no answer) keeps the built-in path.
 */
export function useAgoraConfigQuery(enabled = true) {
  return useQuery({
    queryKey: ['agora', 'config'],
    queryFn: () => api.call(providerTokenEndpoints.agoraConfig, {}),
    staleTime: Infinity,
    retry: 1,
    enabled,
  });
}

type AgoraTokenBody = EndpointInput<typeof providerTokenEndpoints.agoraToken>['body'];

/** LIVE-AUDIO-15: an Agora token from the server's token route (the live-audio session asks). */
export const fetchAgoraToken = (body: AgoraTokenBody) =>
  api.call(providerTokenEndpoints.agoraToken, { body });
