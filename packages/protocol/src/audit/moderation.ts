import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';
import { LimitOffsetQuery, QbQuery, qbPage } from '../qb';
import { AnalyticsEventDto, AnalyticsTopic } from './analytics';

const S = 'audit' as const;

/**
 * What a moderation action did (AUDIT-MOD-1 in docs/STAFF-RULES.md). The platform ones come from
 * the user service, the room ones from the room service; `note` is written by staff by hand.
 */
export const MODERATION_ACTION_TYPES = [
  'kick',
  'ban',
  'temporaryBan',
  'unban',
  'roleAdded',
  'roleRemoved',
  'capabilityAdded',
  'capabilityRemoved',
  'deactivated',
  'reactivated',
  'roomRoleAdded',
  'roomRoleRemoved',
  'roomKick',
  'roomOwnerChanged',
  'roomRulesChanged',
  'note',
] as const;
export const ModerationActionType = z.enum(MODERATION_ACTION_TYPES);
export type ModerationActionType = z.infer<typeof ModerationActionType>;

export const ModerationActionDto = z.object({
  id: z.number().int(),
  /** Who did it (null: the platform itself). */
  actorUuid: z.string().nullable(),
  targetUuid: z.string(),
  actionType: ModerationActionType,
  /** The room it happened in, or null for the platform. */
  roomUuid: z.string().nullable(),
  previousRole: z.string().nullable(),
  role: z.string().nullable(),
  reason: z.string(),
  /** When a temporary one ends. */
  until: z.string().nullable(),
  /** recorded: written by the service that acted; manual: written by staff. */
  source: z.enum(['recorded', 'manual']),
  createdAt: z.string(),
});
export type ModerationActionDto = z.infer<typeof ModerationActionDto>;

export const ModerationActionInput = z.object({
  targetUuid: z.string().uuid(),
  actionType: ModerationActionType.default('note'),
  roomUuid: z.string().uuid().nullable().optional(),
  previousRole: z.string().trim().max(40).nullable().optional(),
  role: z.string().trim().max(40).nullable().optional(),
  reason: z.string().trim().max(1000).default(''),
  until: z.string().datetime({ offset: true }).nullable().optional(),
});
export type ModerationActionInput = z.infer<typeof ModerationActionInput>;
export const ModerationActionPatch = z.object({ reason: z.string().trim().max(1000) });

export const ADMIN_MODERATION_QB_FIELDS = [
  'id',
  'actorUuid',
  'targetUuid',
  'actionType',
  'roomUuid',
  'role',
  'source',
  'createdAt',
] as const;

export const ModerationActionIdParam = z.object({
  id: z.coerce.number().int().min(1).max(2147483647),
});
export const UserActionsParam = z.object({ x: z.string().uuid() });

export const GeolocationDto = z.object({
  ip: z.string(),
  /** ISO 3166-1 alpha-2, or null when the address is private or unknown. */
  country: z.string().nullable(),
  /** The region's code within the country (a state, a province), or null. */
  region: z.string().nullable(),
  city: z.string().nullable(),
  timezone: z.string().nullable(),
  eu: z.boolean(),
});
export type GeolocationDto = z.infer<typeof GeolocationDto>;
export const GeolocateReq = z.object({ ip: z.union([z.ipv4(), z.ipv6()]).optional() });

export const EventNamesDto = z.object({ names: z.array(z.string()) });
export const EventLastParam = z.object({ x: AnalyticsTopic });

/** Audit: the moderation log, geolocation, event names and the last event of a topic. */
export const auditEndpoints = {
  geolocate: endpoint({
    service: S,
    method: 'GET',
    path: '/geolocate',
    auth: 'public',
    summary: "The caller's country and region, from their address (a local database; no calls out)",
    response: GeolocationDto,
    rateLimitPerMinute: 60,
  }),
  geolocateIp: endpoint({
    service: S,
    method: 'POST',
    path: '/geolocate',
    auth: 'public',
    summary:
      'The country and region of `ip` (moderators, staff and admins), or of the caller when no ip is given',
    body: GeolocateReq,
    response: GeolocationDto,
    rateLimitPerMinute: 60,
  }),
  socketEventNames: endpoint({
    service: S,
    method: 'GET',
    path: '/info-admin/socket-events-names',
    auth: 'audit.events.read',
    summary: 'The names of the room socket: actions clients send and messages the server sends',
    response: EventNamesDto,
  }),
  userEventNames: endpoint({
    service: S,
    method: 'GET',
    path: '/info-admin/user-events-names',
    auth: 'audit.events.read',
    summary: 'The analytics topics clients record',
    response: EventNamesDto,
  }),
  eventLast: endpoint({
    service: S,
    method: 'GET',
    path: '/event-last/{x}',
    auth: 'audit.events.read',
    summary: 'The newest analytics event of topic x',
    params: EventLastParam,
    response: AnalyticsEventDto,
  }),
  create: endpoint({
    service: S,
    method: 'POST',
    path: '/moderation-actions',
    auth: 'moderation.log.write',
    summary: 'Writes an entry by hand (a warning, a note); the caller is its actor',
    body: ModerationActionInput,
    response: ModerationActionDto,
    status: 201,
  }),
  bulk: endpoint({
    service: S,
    method: 'POST',
    path: '/moderation-actions/bulk',
    auth: 'moderation.log.write',
    summary: 'Writes several entries by hand (`bulk`), all or none',
    body: z.object({ bulk: z.array(ModerationActionInput).min(1).max(100) }),
    response: z.array(ModerationActionDto),
    status: 201,
  }),
  list: endpoint({
    service: S,
    method: 'GET',
    path: '/moderation-actions',
    auth: 'moderation.log.read',
    summary: 'The moderation log (qb), newest first: filter on actorUuid, targetUuid, actionType…',
    query: QbQuery,
    response: qbPage(ModerationActionDto),
  }),
  get: endpoint({
    service: S,
    method: 'GET',
    path: '/moderation-actions/{id}',
    auth: 'moderation.log.read',
    summary: 'One entry of the moderation log',
    params: ModerationActionIdParam,
    response: ModerationActionDto,
  }),
  update: endpoint({
    service: S,
    method: 'PATCH',
    path: '/moderation-actions/{id}',
    auth: 'moderation.log.edit',
    summary: "Corrects an entry's reason (admins; what happened stays as recorded)",
    params: ModerationActionIdParam,
    body: ModerationActionPatch,
    response: ModerationActionDto,
  }),
  remove: endpoint({
    service: S,
    method: 'DELETE',
    path: '/moderation-actions/{id}',
    auth: 'moderation.log.edit',
    summary: 'Removes an entry (admins)',
    params: ModerationActionIdParam,
    response: OkResponse,
  }),
  userActions: endpoint({
    service: S,
    method: 'GET',
    path: '/user-actions/{x}',
    auth: 'moderation.log.read',
    summary: "A person's moderation history: what was done to them, newest first",
    params: UserActionsParam,
    query: LimitOffsetQuery,
    response: z.object({ actions: z.array(ModerationActionDto), total: z.number().int() }),
  }),
};

/** AUDIT-STATS-1: what the staff console's analytics charts show, over the last `days` days. */
export const AnalyticsSummaryDto = z.object({
  days: z.number().int(),
  playsPerDay: z.array(
    z.object({ day: z.string(), plays: z.number().int(), listeners: z.number().int() }),
  ),
  chatPerDay: z.array(z.object({ day: z.string(), messages: z.number().int() })),
  topSongs: z.array(
    z.object({
      songId: z.string(),
      trackName: z.string().nullable(),
      artistName: z.string().nullable(),
      plays: z.number().int(),
      likes: z.number().int(),
    }),
  ),
  topDjs: z.array(
    z.object({
      djUuid: z.string(),
      nickname: z.string().nullable(),
      plays: z.number().int(),
      likes: z.number().int(),
    }),
  ),
  rooms: z.array(
    z.object({
      roomUuid: z.string(),
      name: z.string().nullable(),
      plays: z.number().int(),
      /** Listeners at the end of a song, on average. */
      averageListeners: z.number(),
      peakListeners: z.number().int(),
    }),
  ),
});
export type AnalyticsSummaryDto = z.infer<typeof AnalyticsSummaryDto>;

export const analyticsSummaryEndpoint = endpoint({
  service: S,
  method: 'GET',
  path: '/analytics/summary',
  auth: 'analytics.read',
  summary:
    'Plays per day, chat messages per day, top songs, top DJs and listeners per room over the last `days` days (1–90, default 30)',
  query: z.object({ days: z.coerce.number().int().min(1).max(90).default(30) }),
  response: AnalyticsSummaryDto,
});
