import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';
import { LimitOffsetQuery, QbQuery, qbPage } from '../qb';
import { HttpsUrl, RoomSlugInput } from './endpoints-shared';

const S = 'room' as const;

/** EVT-TIME-1: an event lasts 15 minutes to 24 hours and starts at most a year ahead. */
export const EVENT_MIN_MINUTES = 15;
export const EVENT_MAX_HOURS = 24;
export const EVENT_MAX_DAYS_AHEAD = 365;
/** EVT-LINEUP-1: most DJs on an event's lineup. */
export const EVENT_MAX_LINEUP = 10;

/** Where an event is in time (EVT-STATE-1): before its start, between start and end, after. */
export const EventStatus = z.enum(['upcoming', 'live', 'ended']);
export type EventStatus = z.infer<typeof EventStatus>;

export const EventDto = z.object({
  id: z.number().int(),
  uuid: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  posterUrl: z.string().nullable(),
  roomUuid: z.string(),
  roomSlug: z.string(),
  roomName: z.string(),
  communityUuid: z.string().nullable(),
  /** Who scheduled it. */
  hostUuid: z.string(),
  /** The DJs billed, in order. */
  lineup: z.array(z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  status: EventStatus,
  /** People who asked to be reminded. */
  rsvpCount: z.number().int(),
  /** Did the caller ask to be reminded? (false without a token) */
  rsvped: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EventDto = z.infer<typeof EventDto>;
export const EventPageDto = z.object({ events: z.array(EventDto), total: z.number().int() });
export type EventPageDto = z.infer<typeof EventPageDto>;

export const EventInput = z.object({
  name: z.string().trim().min(2, 'name: at least 2 characters').max(80),
  slug: RoomSlugInput,
  description: z.string().trim().max(2000),
  posterUrl: HttpsUrl.nullable(),
  /** The room it happens in: uuid or slug. */
  roomId: z.string().min(1).max(200),
  /** The community it is part of (the room must belong to it), or null. */
  communityId: z.string().min(1).max(200).nullable(),
  startsAt: z.string().datetime({ offset: true, message: 'must be an ISO date-time' }),
  endsAt: z.string().datetime({ offset: true, message: 'must be an ISO date-time' }),
  lineup: z.array(z.string().uuid()).max(EVENT_MAX_LINEUP),
});

export const CreateEventReq = EventInput.partial().extend({
  name: EventInput.shape.name,
  roomId: EventInput.shape.roomId,
  startsAt: EventInput.shape.startsAt,
  endsAt: EventInput.shape.endsAt,
});
export type CreateEventReq = z.infer<typeof CreateEventReq>;
export const UpdateEventReq = EventInput.partial();
export type UpdateEventReq = z.infer<typeof UpdateEventReq>;

export const EventIdParam = z.object({ id: z.string().min(1).max(200) });
export const EventSlugParam = z.object({ slug: z.string().min(1).max(200) });

export const EventListQuery = LimitOffsetQuery.extend({
  roomId: z.string().min(1).max(200).optional(),
  communityId: z.string().min(1).max(200).optional(),
  hostUuid: z.string().uuid().optional(),
  /** upcoming: not ended yet, soonest first; past: ended, latest first; all: latest first. */
  when: z.enum(['upcoming', 'past', 'all']).default('all'),
});
export const UpcomingEventsQuery = LimitOffsetQuery.extend({
  roomId: z.string().min(1).max(200).optional(),
  communityId: z.string().min(1).max(200).optional(),
});

export const ADMIN_EVENT_QB_FIELDS = [
  'id',
  'uuid',
  'slug',
  'name',
  'roomUuid',
  'communityUuid',
  'hostUuid',
  'startsAt',
  'endsAt',
  'createdAt',
] as const;

/** Events: scheduled sets in a room, their reminders and calendar files; admin lists. */
export const eventEndpoints = {
  list: endpoint({
    service: S,
    method: 'GET',
    path: '/events',
    auth: 'public',
    summary: 'Events, filtered by room, community, host and time (EVT-VIS-1)',
    query: EventListQuery,
    response: EventPageDto,
  }),
  create: endpoint({
    service: S,
    method: 'POST',
    path: '/events',
    auth: 'user',
    summary:
      "Schedules an event in a room (the room's owner, co-owners and moderators, EVT-ROOM-1)",
    body: CreateEventReq,
    response: EventDto,
    status: 201,
  }),
  upcoming: endpoint({
    service: S,
    method: 'GET',
    path: '/events/upcoming',
    auth: 'public',
    summary: 'Events on now and coming, soonest first',
    query: UpcomingEventsQuery,
    response: EventPageDto,
  }),
  bySlug: endpoint({
    service: S,
    method: 'GET',
    path: '/events/slug/{slug}',
    auth: 'public',
    summary: 'One event by its slug',
    params: EventSlugParam,
    response: EventDto,
  }),
  get: endpoint({
    service: S,
    method: 'GET',
    path: '/events/{id}',
    auth: 'public',
    summary: 'One event by uuid, slug or id',
    params: EventIdParam,
    response: EventDto,
  }),
  update: endpoint({
    service: S,
    method: 'PATCH',
    path: '/events/{id}',
    auth: 'user',
    summary: 'Changes an event (its host, the room staff, admins; EVT-EDIT-1)',
    params: EventIdParam,
    body: UpdateEventReq,
    response: EventDto,
  }),
  remove: endpoint({
    service: S,
    method: 'DELETE',
    path: '/events/{id}',
    auth: 'user',
    summary: 'Cancels an event (its host, the room staff, admins; EVT-EDIT-1)',
    params: EventIdParam,
    response: OkResponse,
  }),
  rsvp: endpoint({
    service: S,
    method: 'POST',
    path: '/events/{id}/rsvp',
    auth: 'user',
    summary: 'Remind me: a notification when the event starts (EVT-REMIND-1)',
    params: EventIdParam,
    response: EventDto,
  }),
  unrsvp: endpoint({
    service: S,
    method: 'DELETE',
    path: '/events/{id}/rsvp',
    auth: 'user',
    summary: 'No reminder after all',
    params: EventIdParam,
    response: EventDto,
  }),
  calendar: endpoint({
    service: S,
    method: 'GET',
    path: '/events/{id}/calendar.ics',
    auth: 'public',
    summary: 'The event as an iCalendar file (add to calendar)',
    params: EventIdParam,
    response: z.string(),
    produces: ['text/calendar'],
  }),
  adminList: endpoint({
    service: S,
    method: 'GET',
    path: '/admin/events',
    auth: 'admin.events',
    summary: 'Every event (qb): filter/or/s/sort on id, slug, name, roomUuid, startsAt…',
    query: QbQuery,
    response: qbPage(EventDto),
  }),
  adminGet: endpoint({
    service: S,
    method: 'GET',
    path: '/admin/events/{id}',
    auth: 'admin.events',
    summary: 'One event, private ones included',
    params: EventIdParam,
    response: EventDto,
  }),
};
