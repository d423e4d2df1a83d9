import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';
import { RoomUserRole, RoomUserRoleDto } from './dto';
import { ROOM_KICK_MINUTES, RoomRoleRoomParam, UserUuidsDto } from './endpoints-shared';

const S = 'room' as const;

const userUuid = z.string().uuid();

export const CreateRoomRoleReq = z.object({
  userUuid,
  role: RoomUserRole,
  /** When the role ends (ISO 8601, in the future); none = until removed. */
  expirationTime: z.iso.datetime({ offset: true }).nullish(),
  /** For `banned` and `kicked`: shown to the person as they are sent out (RR-BAN-3). */
  reason: z.string().trim().max(500).optional(),
});
export type CreateRoomRoleReq = z.infer<typeof CreateRoomRoleReq>;

export const RemoveRoomRoleReq = z.object({ userUuid, role: RoomUserRole });
export const ChangeOwnerReq = z.object({ userUuid });
export const KickFromRoomReq = z.object({
  roomUuid: z.string().uuid(),
  userUuid,
  reason: z.string().trim().max(500).optional(),
});
export const NoDancefloorReq = z.object({
  roomUuid: z.string().uuid(),
  userUuids: z.array(z.string().max(200)).max(500),
});

/**
 * Roles of users in a room. The room's moderators (owner, co-owners, moderators) and global
 * moderators manage them: nobody acts on someone whose room role is equal to or higher than
 * theirs; only owners (and admins) give or take coOwner; owner moves only with change-owner.
 */
export const roomRoleEndpoints = {
  create: endpoint({
    service: S,
    method: 'POST',
    path: '/roomUserRoles/{roomId}',
    auth: 'user',
    summary:
      'Gives a user a room role (moderator, coOwner, dj, banned, kicked, chatDisabled, djDisabled), optionally until expirationTime',
    params: RoomRoleRoomParam,
    body: CreateRoomRoleReq,
    response: RoomUserRoleDto,
    status: 201,
  }),
  remove: endpoint({
    service: S,
    method: 'DELETE',
    path: '/roomUserRoles/{roomId}',
    auth: 'user',
    summary: 'Takes a room role away (a moderator may also step down from their own role)',
    params: RoomRoleRoomParam,
    body: RemoveRoomRoleReq,
    response: OkResponse,
  }),
  list: endpoint({
    service: S,
    method: 'GET',
    path: '/roomUserRoles/{roomId}',
    auth: 'authenticated',
    summary: "The room's roles in force (expired ones left out)",
    params: RoomRoleRoomParam,
    response: z.array(RoomUserRoleDto),
  }),
  ofUser: endpoint({
    service: S,
    method: 'GET',
    path: '/roomUserRoles/{roomId}/{userId}',
    auth: 'authenticated',
    summary: "One user's roles in force in the room",
    params: RoomRoleRoomParam.extend({ userId: z.string().min(1).max(200) }),
    response: z.array(RoomUserRoleDto),
  }),
  changeOwner: endpoint({
    service: S,
    method: 'PUT',
    path: '/roomUserRoles/change-owner/{roomId}',
    auth: 'user',
    summary:
      'Hands the room to another user (its owner or an admin); the previous owner becomes co-owner',
    params: RoomRoleRoomParam,
    body: ChangeOwnerReq,
    response: z.array(RoomUserRoleDto),
  }),
  kick: endpoint({
    service: S,
    method: 'POST',
    path: '/roomUserRoles/kick-user-from-room',
    auth: 'user',
    summary: `Kicks a user out of the room; they may come back after ${ROOM_KICK_MINUTES} minutes`,
    body: KickFromRoomReq,
    response: RoomUserRoleDto,
  }),
  noDancefloor: endpoint({
    service: S,
    method: 'POST',
    path: '/roomUserRoles/no-dancefloor-users',
    auth: 'authenticated',
    summary: 'Which of these users are not in the room now',
    body: NoDancefloorReq,
    response: UserUuidsDto,
  }),
};
