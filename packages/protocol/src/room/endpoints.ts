import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';
import { LimitOffsetQuery } from '../qb';
import type { ClientRoomState } from '../realtime/index';
import { ROOM_PASSWORD_MAX_LENGTH, RoomDto } from './dto';
import {
  CreateRoomReq,
  RecentSongsPageDto,
  RoomIdParam,
  RoomSlugParam,
  UpdateRoomReq,
} from './endpoints-shared';

const S = 'room' as const;

/** POST /rooms/{slug}/join: both optional (the TTLIVE-discord-bot sends no body at all). */
export const JoinRoomReq = z
  .object({
    password: z.string().max(ROOM_PASSWORD_MAX_LENGTH).optional(),
    guestPassword: z.string().max(ROOM_PASSWORD_MAX_LENGTH).optional(),
  })
  .nullish();

/** The live room state (the SDK's ClientRoomState), as the realtime layer holds it. */
export const ClientRoomStateDto = z.looseObject({
  allUserData: z.record(z.string(), z.unknown()),
  allUsers: z.array(z.unknown()),
  audienceUsers: z.array(z.unknown()),
  djs: z.array(z.unknown()),
  floorUsers: z.array(z.unknown()),
  nowPlaying: z.unknown(),
  settings: z.looseObject({ uuid: z.string(), slug: z.string() }),
  songsRemainingForDj: z.number(),
  vibeMeter: z.number(),
  visibleDjs: z.array(z.unknown()),
  voteCounts: z.looseObject({ likes: z.number(), dislikes: z.number(), stars: z.number() }),
}) as unknown as z.ZodType<ClientRoomState>;

export const PlayedTimeDto = z.object({ roomUuid: z.string(), playedSeconds: z.number().int() });

/** Rooms: create, read, update, delete, join; recent songs, live state and played time. */
export const roomEndpoints = {
  create: endpoint({
    service: S,
    method: 'POST',
    path: '/rooms/infrastructure',
    auth: 'user',
    summary:
      'Creates a room; the caller becomes its owner. Only name is needed: slug defaults to the name made URL-safe, ' +
      'djType EVERYONE, type PUBLIC, design CLUB, every music provider, 5 DJ seats, songsPerDj 0 (no limit), ' +
      'roomSize 200, no password, chat on, listed',
    body: CreateRoomReq,
    response: RoomDto,
    status: 201,
  }),
  update: endpoint({
    service: S,
    method: 'PATCH',
    path: '/rooms/{id}',
    auth: 'user',
    summary:
      "Changes a room's settings (owner, co-owners, global moderators); a new slug must be free. password null removes it",
    params: RoomIdParam,
    body: UpdateRoomReq,
    response: RoomDto,
  }),
  updateInfrastructure: endpoint({
    service: S,
    method: 'PATCH',
    path: '/rooms/{id}/infrastructure',
    auth: 'user',
    summary: 'Same as PATCH /rooms/{id}',
    params: RoomIdParam,
    body: UpdateRoomReq,
    response: RoomDto,
  }),
  delete: endpoint({
    service: S,
    method: 'DELETE',
    path: '/rooms/{id}/infrastructure',
    auth: 'user',
    summary: 'Deletes a room (its owner or an admin); its slug becomes free',
    params: RoomIdParam,
    response: OkResponse,
  }),
  get: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/{id}',
    auth: 'public',
    summary: 'A room by slug (or uuid)',
    params: RoomIdParam,
    response: RoomDto,
  }),
  byUuid: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/uuid/{uuid}',
    auth: 'public',
    summary: 'A room by uuid',
    params: z.object({ uuid: z.string().min(1).max(200) }),
    response: RoomDto,
  }),
  join: endpoint({
    service: S,
    method: 'POST',
    path: '/rooms/{slug}/join',
    auth: 'authenticated',
    summary:
      'Room configuration for a client about to connect (getRoomConfigForClient): checks the room is live, the ' +
      'password when one is given (the socket joinRoom always checks it), bans and room size; records the visit. ' +
      'Guests may join to listen',
    params: RoomSlugParam,
    body: JoinRoomReq,
    response: RoomDto,
    rateLimitPerMinute: 120,
  }),
  recentSongs: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/{slug}/recent-songs',
    auth: 'public',
    summary: 'Songs played in the room, newest first (the one playing now included)',
    params: RoomSlugParam,
    query: LimitOffsetQuery,
    response: RecentSongsPageDto,
  }),
  roomState: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/room-state/{id}',
    auth: 'authenticated',
    summary: 'The live state of a room (ClientRoomState), as connected clients hold it',
    params: RoomIdParam,
    response: ClientRoomStateDto,
  }),
  playedTime: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/room-played-time/{id}',
    auth: 'authenticated',
    summary: 'Seconds of music played in a room (sum over its recent songs)',
    params: RoomIdParam,
    response: PlayedTimeDto,
  }),
};
