/** Room roles for display and timing; who may do what with them is the access table (ACCESS-*). */
import type { RoomDto, RoomUserRole } from '@tt/protocol';
import { roomRolesOf } from './access/can';

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

export function highestRoomRole(
  settings: Roles,
  userUuid: string,
  now: number,
): RoomUserRole | undefined {
  const held = roomRolesOf(settings, userUuid, now);
  return ROOM_ROLE_RANK.find((r) => held.includes(r));
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
