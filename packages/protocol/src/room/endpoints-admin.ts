import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';
import { QbQuery, qbPage, TakeSkipQuery } from '../qb';
import { RoomDto } from './dto';
import {
  AdminRoomDto,
  AdminUpdateRoomReq,
  RoomIdParam,
  RoomPageDto,
  UserUuidsDto,
} from './endpoints-shared';

const S = 'room' as const;

/** Fields of GET /admin/rooms usable in `filter`, `or`, `s` and `sort` (qb). */
export const ADMIN_ROOM_QB_FIELDS = [
  'id',
  'uuid',
  'slug',
  'name',
  'type',
  'djType',
  'design',
  'isLive',
  'promoted',
  'unlisted',
  'createdBy',
  'discordGuildId',
  'createdAt',
  'updatedAt',
  'deletedAt',
] as const;

export const UserIdParam = z.object({ userId: z.string().uuid() });
export const ReassignRoomsReq = z.object({ newOwnerUuid: z.string().uuid() });
export const RoomUuidsDto = z.object({ roomUuids: z.array(z.string()) });

export const PlayedSecondsDto = z.object({
  playedSeconds: z.number().int(),
  rooms: z.array(
    z.object({ roomUuid: z.string(), slug: z.string(), playedSeconds: z.number().int() }),
  ),
});

export const RoomServiceStatusDto = z.object({
  rooms: z.number().int(),
  liveRooms: z.number().int(),
  deletedRooms: z.number().int(),
  roomsWithLiveState: z.number().int(),
  songsPlayed: z.number().int(),
  realtime: z.boolean(),
});

/** Admin and service-to-service room endpoints, reset, account clean-up, analytics. */
export const roomAdminEndpoints = {
  update: endpoint({
    service: S,
    method: 'PATCH',
    path: '/rooms/admin/{id}',
    auth: 'admin.rooms',
    summary: 'Changes any setting of a room, including promoted, isLive, liveAudio and entry fees',
    params: RoomIdParam,
    body: AdminUpdateRoomReq,
    response: RoomDto,
  }),
  list: endpoint({
    service: S,
    method: 'GET',
    path: '/admin/rooms',
    auth: 'admin.rooms',
    summary:
      'Every room, deleted ones included (qb): filter/or/s/sort on id, uuid, slug, name, type, isLive, deletedAt…',
    query: QbQuery,
    response: qbPage(AdminRoomDto),
  }),
  get: endpoint({
    service: S,
    method: 'GET',
    path: '/admin/rooms/{id}',
    auth: 'admin.rooms',
    summary: 'One room, admin view (uuid, slug or numeric id; deleted ones included)',
    params: RoomIdParam,
    response: AdminRoomDto,
  }),
  reset: endpoint({
    service: S,
    method: 'POST',
    path: '/rooms/{id}/reset',
    auth: 'admin.rooms',
    summary: 'Clears the live state of a room (DJs, song, votes); connected clients rejoin',
    params: RoomIdParam,
    response: OkResponse,
  }),
  serviceList: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/service/list',
    auth: 'service.call',
    summary: 'Every room, oldest first (service-to-service)',
    query: TakeSkipQuery,
    response: RoomPageDto,
  }),
  serviceRoom: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/service/room/{id}',
    auth: 'service.call',
    summary: 'One room (service-to-service)',
    params: RoomIdParam,
    response: RoomDto,
  }),
  serviceUsers: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/users/service/{id}',
    auth: 'service.call',
    summary: 'Uuids of the users in a room now (service-to-service)',
    params: RoomIdParam,
    response: UserUuidsDto,
  }),
  playedSeconds: endpoint({
    service: S,
    method: 'GET',
    path: '/info-admin/played-seconds',
    auth: 'admin.status',
    summary: 'Seconds of music played, in total and per room',
    response: PlayedSecondsDto,
  }),
  status: endpoint({
    service: S,
    method: 'GET',
    path: '/info-admin/status',
    auth: 'admin.status',
    summary: 'Room counts and whether the realtime layer runs in this process',
    response: RoomServiceStatusDto,
  }),
  deleteUserRooms: endpoint({
    service: S,
    method: 'DELETE',
    path: '/rooms/user/{userId}',
    auth: 'room.account.manage',
    summary:
      'Deletes every room an account owns and takes away its co-owner, moderator and DJ roles elsewhere',
    params: UserIdParam,
    response: RoomUuidsDto,
  }),
  reassignUserRooms: endpoint({
    service: S,
    method: 'PATCH',
    path: '/rooms/user/{userId}',
    auth: 'room.account.manage',
    summary: 'Hands every room an account owns to another account',
    params: UserIdParam,
    body: ReassignRoomsReq,
    response: RoomUuidsDto,
  }),
};
