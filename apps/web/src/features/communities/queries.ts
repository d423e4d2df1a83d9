import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  communityEndpoints as c,
  eventEndpoints as e,
  type CommunityDto,
  type CommunityRole,
  type CreateCommunityReq,
  type CreateEventReq,
  type EventDto,
  type UpdateCommunityReq,
  type UpdateEventReq,
} from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';

/** Keys of communities and events; the viewer's token is part of them (roles and reminders). */
export const communityKeys = {
  all: ['communities'] as const,
  list: (search: string) => ['communities', 'list', search] as const,
  mine: ['communities', 'mine'] as const,
  one: (id: string) => ['communities', 'one', id.toLowerCase()] as const,
  members: (id: string) => ['communities', 'members', id.toLowerCase()] as const,
  rooms: (id: string) => ['communities', 'rooms', id.toLowerCase()] as const,
  ofRoom: (room: string) => ['communities', 'of-room', room] as const,
};
export const eventKeys = {
  all: ['events'] as const,
  upcoming: (scope: string) => ['events', 'upcoming', scope] as const,
  one: (id: string) => ['events', 'one', id.toLowerCase()] as const,
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

// Events

/** Live and coming events (all, or of one room or community), refreshed every minute. */
export function useUpcomingEventsQuery(
  scope: { roomId?: string; communityId?: string } = {},
  limit = 6,
) {
  const ready = useSession((s) => s.ready);
  const key = `${scope.roomId ?? ''}:${scope.communityId ?? ''}:${limit}`;
  return useQuery({
    queryKey: eventKeys.upcoming(key),
    queryFn: () => api.call(e.upcoming, { query: { ...scope, limit } }),
    enabled: ready,
    refetchInterval: 60_000,
  });
}

export function useEventQuery(id: string) {
  const ready = useSession((s) => s.ready);
  return useQuery({
    queryKey: eventKeys.one(id),
    queryFn: () => api.call(e.get, { params: { id } }),
    enabled: ready && id.length > 0,
    retry: false,
  });
}

const storeEvent = (dto: EventDto) => {
  queryClient.setQueryData(eventKeys.one(dto.slug), dto);
  queryClient.setQueryData(eventKeys.one(dto.uuid), dto);
  return queryClient.invalidateQueries({ queryKey: eventKeys.all });
};

export function useSaveEventMutation(id: string | null) {
  return useMutation({
    mutationFn: (body: CreateEventReq | UpdateEventReq) =>
      id
        ? api.call(e.update, { params: { id }, body: body as UpdateEventReq })
        : api.call(e.create, { body: body as CreateEventReq }),
    onSuccess: storeEvent,
  });
}

export function useDeleteEventMutation(id: string) {
  return useMutation({
    mutationFn: () => api.call(e.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/** Remind me (or not), shown at once and put right if the server disagrees. */
export function useRsvpMutation(event: EventDto) {
  return useMutation({
    mutationFn: (on: boolean) => api.call(on ? e.rsvp : e.unrsvp, { params: { id: event.uuid } }),
    onMutate: (on) => {
      queryClient.setQueryData(eventKeys.one(event.slug), {
        ...event,
        rsvped: on,
        rsvpCount: event.rsvpCount + (on === event.rsvped ? 0 : on ? 1 : -1),
      });
    },
    onError: () => queryClient.setQueryData(eventKeys.one(event.slug), event),
    onSuccess: storeEvent,
  });
}

/** The calendar file's address (a plain link: the browser downloads it). */
export const calendarUrl = (event: EventDto) =>
  `/api/room-service/events/${encodeURIComponent(event.uuid)}/calendar.ics`;
