import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  communityEndpoints as c,
  type CommunityDto,
  type CommunityRole,
  type CreateCommunityReq,
  type UpdateCommunityReq,
} from '@tt/protocol';
import { eventKeys } from '../../entities/event/queries';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';

/** Keys of communities (events: entities/event); the viewer's token is part of them (roles and reminders). */
export const communityKeys = {
  all: ['communities'] as const,
  list: (search: string) => ['communities', 'list', search] as const,
  mine: ['communities', 'mine'] as const,
  one: (id: string) => ['communities', 'one', id.toLowerCase()] as const,
  members: (id: string) => ['communities', 'members', id.toLowerCase()] as const,
  rooms: (id: string) => ['communities', 'rooms', id.toLowerCase()] as const,
  ofRoom: (room: string) => ['communities', 'of-room', room] as const,
};

const refreshAll = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: communityKeys.all }),
    queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  ]);

export function useCommunitiesQuery(search: string) {
  const ready = useSession((s) => s.ready);
  return useQuery({
    queryKey: communityKeys.list(search),
    queryFn: () => api.call(c.list, { query: { search: search || undefined, limit: 48 } }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}

export function useMyCommunitiesQuery(enabled: boolean) {
  return useQuery({
    queryKey: communityKeys.mine,
    queryFn: () => api.call(c.mine, { query: { limit: 100 } }),
    enabled,
  });
}

export function useCommunityQuery(id: string) {
  const ready = useSession((s) => s.ready);
  return useQuery({
    queryKey: communityKeys.one(id),
    queryFn: () => api.call(c.get, { params: { id } }),
    enabled: ready && id.length > 0,
    retry: false,
  });
}

export function useCommunityMembersQuery(id: string, enabled: boolean) {
  return useQuery({
    queryKey: communityKeys.members(id),
    queryFn: () => api.call(c.users, { params: { id }, query: { limit: 100 } }),
    enabled,
  });
}

/** Its rooms, refreshed every 30 s while shown (who is in them changes). */
export function useCommunityRoomsQuery(id: string, enabled: boolean) {
  return useQuery({
    queryKey: communityKeys.rooms(id),
    queryFn: () => api.call(c.rooms, { params: { id }, query: { limit: 100 } }),
    enabled,
    refetchInterval: 30_000,
  });
}

export function useRoomCommunitiesQuery(roomUuid: string | undefined) {
  return useQuery({
    queryKey: communityKeys.ofRoom(roomUuid ?? ''),
    queryFn: () => api.call(c.ofRoom, { params: { roomId: roomUuid! }, query: { limit: 5 } }),
    enabled: Boolean(roomUuid),
    staleTime: 60_000,
  });
}

export function useCreateCommunityMutation() {
  return useMutation({
    mutationFn: (body: CreateCommunityReq) => api.call(c.create, { body }),
    onSuccess: refreshAll,
  });
}

export function useUpdateCommunityMutation(id: string) {
  return useMutation({
    mutationFn: (body: UpdateCommunityReq) => api.call(c.update, { params: { id }, body }),
    onSuccess: (dto) => {
      queryClient.setQueryData(communityKeys.one(dto.slug), dto);
      return refreshAll();
    },
  });
}

export function useDeleteCommunityMutation(id: string) {
  return useMutation({
    mutationFn: () => api.call(c.remove, { params: { id } }),
    onSuccess: refreshAll,
  });
}

/** Join or leave: the page shows the new role at once. */
export function useMembershipMutation(community: CommunityDto) {
  return useMutation({
    mutationFn: (join: boolean) =>
      api.call(join ? c.join : c.leave, { params: { id: community.uuid } }),
    onSuccess: (dto) => {
      queryClient.setQueryData(communityKeys.one(community.slug), dto);
      return refreshAll();
    },
  });
}

export function useSetMemberMutation(id: string) {
  return useMutation({
    mutationFn: async (v: { userUuid: string; role: CommunityRole | null }): Promise<void> => {
      const params = { id, userId: v.userUuid };
      if (v.role) await api.call(c.setUser, { params, body: { role: v.role } });
      else await api.call(c.removeUser, { params });
    },
    onSuccess: refreshAll,
  });
}

export function useCommunityRoomMutation(id: string) {
  return useMutation({
    mutationFn: (v: { roomUuid: string; add: boolean }) =>
      api.call(v.add ? c.putRoom : c.deleteRoom, { params: { id, roomId: v.roomUuid } }),
    onSuccess: refreshAll,
  });
}
