import type { ErrorCode, RoomDto, TokenRole } from '@tt/protocol';
import { ROOM_ERRORS } from '../errors';
import { hasRoomRole, isBannedFromRoom } from './roles';

export interface DjCandidate {
  uuid: string;
  isGuest: boolean;
  roles: readonly TokenRole[];
  /** SUB-PERKS-2: holds a Pro subscription (looked up on entering a PRO_PLAN_OWNER room). */
  pro?: boolean;
}

type Settings = Pick<RoomDto, 'djType' | 'roomRoles' | 'numberOfDjs'>;

/**
 * Who may DJ (`canDj`), RR-DJ-1…5: never a guest, a banned/kicked user or one with djDisabled;
 * EVERYONE: anyone else; INVITE_ONLY: the room's `dj` role or its moderators (owner, coOwner,
 * moderator); PRO_PLAN_OWNER (SUB-PERKS-2): Pro subscribers, and the owner and co-owners.
 */
export function canDj(settings: Settings, user: DjCandidate, now: number): boolean {
  if (user.isGuest) return false;
  if (isBannedFromRoom(settings, user.uuid, now)) return false;
  if (hasRoomRole(settings, user.uuid, ['djDisabled'], now)) return false;
  switch (settings.djType) {
    case 'EVERYONE':
      return true;
    case 'INVITE_ONLY':
      return hasRoomRole(settings, user.uuid, ['dj', 'owner', 'coOwner', 'moderator'], now);
    case 'PRO_PLAN_OWNER':
      return user.pro === true || hasRoomRole(settings, user.uuid, ['owner', 'coOwner'], now);
    default:
      return false;
  }
}

/** Why this user may not take a seat now, or null (RR-SEAT-1, RR-SEAT-2, RR-DJ-*). */
export function takeSeatRefusal(
  settings: Settings,
  user: DjCandidate,
  djUuids: readonly string[],
  now: number,
): ErrorCode | null {
  if (djUuids.includes(user.uuid)) return ROOM_ERRORS.ALREADY_DJ;
  if (!canDj(settings, user, now)) return ROOM_ERRORS.CANNOT_DJ;
  if (djUuids.length >= Math.max(0, settings.numberOfDjs)) return ROOM_ERRORS.NO_SEAT;
  return null;
}

/**
 * When the seats shrink below the DJs seated, the DJs past the last seat step down, the last in
 * rotation order first; the DJ playing now (first in the lineup) keeps their seat (RR-SEAT-3).
 * Answers the uuids that step down.
 */
export function djsOverSeats(
  djUuids: readonly string[],
  numberOfDjs: number,
  playingFirst: boolean,
): string[] {
  const keep = Math.max(numberOfDjs, playingFirst ? 1 : 0, 0);
  return djUuids.slice(keep);
}
