import { useMutation, useQuery } from '@tanstack/react-query';
import {
  eventEndpoints as e,
  type CreateEventReq,
  type EventDto,
  type UpdateEventReq,
} from '@tt/protocol';
import { eventKeys } from '../../entities/event/queries';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';

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
