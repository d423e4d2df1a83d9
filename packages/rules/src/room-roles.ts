/** Room roles: one home for the server's realtime layer, its services and the web (RR-ROLE-*). */
import {
  MODERATOR_ROLES,
  ROOM_MODERATOR_ROLES,
  type RoomDto,
  type RoomUserRole,
  type TokenRole,
} from '@tt/protocol';

/** Room roles from highest to lowest: `highestRole` is the first one a user holds (RR-ROLE-1). */
export const ROOM_ROLE_RANK: readonly RoomUserRole[] = [
  'owner',
  'coOwner',
  'moderator',
  'dj',
  'djDisabled',
  'chatDisabled',
  'kicked',
  'banned',
];

type Roles = Pick<RoomDto, 'roomRoles'>;

/** A role counts until its expirationTime (none = until removed) (RR-ROLE-2). */
export function isRoleInForce(role: { expirationTime: string | null }, now: number): boolean {
  return role.expirationTime === null || Date.parse(role.expirationTime) > now;
}

export function roomRolesOf(settings: Roles, userUuid: string, now: number): RoomUserRole[] {
  return settings.roomRoles
    .filter((r) => r.userUuid === userUuid && isRoleInForce(r, now))
    .map((r) => r.role);
}

export function hasRoomRole(
  settings: Roles,
  userUuid: string,
  roles: readonly RoomUserRole[],
  now: number,
): boolean {
  return roomRolesOf(settings, userUuid, now).some((r) => roles.includes(r));
}

export function highestRoomRole(
  settings: Roles,
  userUuid: string,
  now: number,
): RoomUserRole | undefined {
  const held = roomRolesOf(settings, userUuid, now);
  return ROOM_ROLE_RANK.find((r) => held.includes(r));
}

/** The room's moderator list (owner, coOwner, moderator) and the platform's moderators (RR-MOD-1). */
export function isRoomModerator(
  settings: Roles,
  user: { uuid: string; roles: readonly TokenRole[] },
  now: number = Date.now(),
): boolean {
  if (user.roles.some((r) => (MODERATOR_ROLES as readonly string[]).includes(r))) return true;
  return hasRoomRole(settings, user.uuid, ROOM_MODERATOR_ROLES, now);
}

/** A banned or (recently) kicked user may not be in the room (RR-BAN-1). */
export function isBannedFromRoom(settings: Roles, userUuid: string, now: number): boolean {
  return hasRoomRole(settings, userUuid, ['banned', 'kicked'], now);
}

/** The earliest expirationTime still ahead, in ms, or null: when the room re-reads its roles. */
export function nextRoleExpiry(settings: Roles, now: number): number | null {
  let next: number | null = null;
  for (const r of settings.roomRoles) {
    if (r.expirationTime === null) continue;
    const t = Date.parse(r.expirationTime);
    if (t > now && (next === null || t < next)) next = t;
  }
  return next;
}
