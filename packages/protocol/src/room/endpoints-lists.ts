import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';
import { LimitOffsetQuery } from '../qb';
import { RoomDto } from './dto';
import {
  MAX_ROOMS_PER_REQUEST,
  MultipleRoomsQuery,
  PromotedRoomsQuery,
  RecentRoomPageDto,
  RoomIdParam,
  RoomPageDto,
  UserUuidsDto,
} from './endpoints-shared';

const S = 'room' as const;

/** POST /rooms/list: rooms the client remembers, with the passwords it stored for them. */
export const RoomsWithPasswordsReq = z.object({
  rooms: z
    .array(
      z.object({
        slug: z.string().min(1).max(200),
        password: z.string().max(100).nullish(),
      }),
    )
    .max(MAX_ROOMS_PER_REQUEST),
});

export const RecordVisitReq = z.object({ roomUuid: z.string().uuid() });
export const CountDto = z.object({ count: z.number().int() });
export const DiscordGuildParam = z.object({
  guildId: z.string().regex(/^\d{5,25}$/, 'must be a Discord server id (digits)'),
});

/** Room lists: browse, promoted, mine, several by slug, recently visited, who is in a room. */
export const roomListEndpoints = {
  public: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/public',
    auth: 'public',
    summary:
      'Public, listed, live rooms with who is in them now (numberOfUsersInRoom, numberOfActiveDjs, song); ' +
      'fullest first, then newest',
    query: LimitOffsetQuery,
    response: RoomPageDto,
  }),
  promoted: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/promoted-rooms',
    auth: 'public',
    summary:
      'Promoted live rooms; with providers (repeated), only rooms that play from at least one of them',
    query: PromotedRoomsQuery,
    response: z.array(RoomDto),
  }),
  privateCount: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/private-count',
    auth: 'public',
    summary: 'How many private live rooms exist',
    response: CountDto,
  }),
  mine: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/mine/list',
    auth: 'user',
    summary: 'Rooms where the caller is owner, co-owner or moderator',
    response: z.array(RoomDto),
  }),
  owned: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/owned-rooms/list',
    auth: 'user',
    summary: 'Rooms the caller owns',
    response: z.array(RoomDto),
  }),
  multiple: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/multiple/list',
    auth: 'public',
    summary: 'Several rooms by slug (room repeated), in the order asked; unknown slugs left out',
    query: MultipleRoomsQuery,
    response: z.array(RoomDto),
  }),
  withPasswords: endpoint({
    service: S,
    method: 'POST',
    path: '/rooms/list',
    auth: 'public',
    summary:
      'Rooms remembered by the client: answers those that exist and whose password matches (or that have none)',
    body: RoomsWithPasswordsReq,
    response: z.array(RoomDto),
    /** Each password costs an argon2 verification. */
    rateLimitPerMinute: 30,
  }),
  usersInRoom: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/users/{id}',
    auth: 'authenticated',
    summary: 'Uuids of the users in a room now (guests left out)',
    params: RoomIdParam,
    response: UserUuidsDto,
  }),
  recordVisit: endpoint({
    service: S,
    method: 'POST',
    path: '/rooms/recent',
    auth: 'user',
    summary: "Records a visit to a room in the caller's recently visited rooms",
    body: RecordVisitReq,
    response: OkResponse,
  }),
  recent: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/recent',
    auth: 'user',
    summary: 'Rooms the caller visited, most recent first',
    query: LimitOffsetQuery,
    response: RecentRoomPageDto,
  }),
  recentlyVisited: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/rockset/recently-visited-rooms',
    auth: 'user',
    summary: 'Same as GET /rooms/recent (legacy name)',
    query: LimitOffsetQuery,
    response: RecentRoomPageDto,
  }),
  discord: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/discord/list/{guildId}',
    auth: 'authenticated',
    summary: 'Rooms attached to a Discord server',
    params: DiscordGuildParam,
    response: z.array(RoomDto),
  }),
};
