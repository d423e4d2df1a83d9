/**
 * Rules that weigh two people against each other (who outranks whom) or a role against a role.
 * They sit beside the table because they answer "may I do this to them", not "may I do this".
 */
import {
  ROLE_PRECEDENCE,
  type CometMemberScope,
  type RoomUserRole,
  type UserRole,
} from '@tt/protocol';
import { can, permissionsOf, roomRolesOf, type Actor, type RoleGrant } from './can';

/**
 * ACCESS-RANK-1: how much say someone has in a room: platform admins 4, the owner 3, platform
 * moderators 2.5, co-owners 2, the room's moderators 1, everyone else 0. Nobody disciplines, or
 * takes a staff role from, someone of equal or higher rank, nor themselves.
 */
export const ROOM_RANK = {
  admin: 4,
  owner: 3,
  globalModerator: 2.5,
  coOwner: 2,
  moderator: 1,
} as const;

/** The rank a room gives `userUuid` by its room roles alone (in force). */
export function roomRoleRank(
  room: { roomRoles: readonly RoleGrant[] },
  userUuid: string,
  now: number = Date.now(),
): number {
  const held = roomRolesOf(room, userUuid, now);
  if (held.includes('owner')) return ROOM_RANK.owner;
  if (held.includes('coOwner')) return ROOM_RANK.coOwner;
  if (held.includes('moderator')) return ROOM_RANK.moderator;
  return 0;
}

/** The actor's rank in a room: its room roles, or its platform roles when higher. */
export function roomRank(
  actor: Actor,
  room: { roomRoles: readonly RoleGrant[] },
  now: number = Date.now(),
): number {
  const platform = can(actor, 'room.owner.change')
    ? ROOM_RANK.admin
    : can(actor, 'room.restrictions.bypass')
      ? ROOM_RANK.globalModerator
      : 0;
  return Math.max(platform, roomRoleRank(room, actor.uuid, now));
}

/** ACCESS-RANK-1: may the actor discipline `targetUuid` in this room? */
export function outranksInRoom(
  actor: Actor,
  room: { roomRoles: readonly RoleGrant[] },
  targetUuid: string,
  now: number = Date.now(),
): boolean {
  if (targetUuid === actor.uuid) return false;
  return roomRoleRank(room, targetUuid, now) < roomRank(actor, room, now);
}

/** The permission giving or taking a room role needs (RR-ROLE-3). */
export function roomRolePermission(role: Exclude<RoomUserRole, 'owner'>) {
  if (role === 'coOwner') return 'room.coOwners.assign' as const;
  if (role === 'moderator') return 'room.moderators.assign' as const;
  if (role === 'banned' || role === 'kicked') return 'room.ban' as const;
  return 'room.roles.assign' as const;
}

/**
 * ACCESS-RANK-2: the power of a set of platform roles, by `ROLE_PRECEDENCE` (higher = more).
 * Staff act only on accounts whose highest role is below theirs, never on their own.
 */
export function platformRank(roles: readonly string[]): number {
  const idx = ROLE_PRECEDENCE.findIndex((r) => roles.includes(r));
  return idx === -1 ? 0 : ROLE_PRECEDENCE.length - idx;
}

/**
 * ACCESS-GRANT-1: superUser is given only by a superUser; admins give any other role; moderators
 * give `user` and `promoter`.
 */
export function mayGrantRole(actor: Actor, role: UserRole): boolean {
  if (role === 'superUser') return can(actor, 'user.role.superUser.grant');
  if (role === 'user' || role === 'promoter') return can(actor, 'user.role.grant');
  return can(actor, 'user.role.grant.any');
}

/**
 * CHAT-SYNC-1: a room member's CometChat scope, from the room's management permissions: those who
 * manage the room (owner, co-owners) are chat admins, its moderators chat moderators.
 */
export function chatScopeOf(
  room: { roomRoles: readonly RoleGrant[] },
  uid: string,
  now: number = Date.now(),
): CometMemberScope {
  const held = roomRolesOf(room, uid, now);
  const grants = (p: 'room.settings.edit' | 'room.kick') =>
    held.some(
      (r) =>
        (r === 'owner' || r === 'coOwner' || r === 'moderator') &&
        permissionsOf(`room:${r}`).has(p),
    );
  if (grants('room.settings.edit')) return 'admin';
  if (grants('room.kick')) return 'moderator';
  return 'participant';
}
