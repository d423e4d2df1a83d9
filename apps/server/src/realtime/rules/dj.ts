import type { ErrorCode, RoomDto, TokenRole } from '@tt/protocol';
import { ROOM_ERRORS } from '../errors';
import { can } from '@tt/rules';

export interface DjCandidate {
  uuid: string;
  isGuest: boolean;
  roles: readonly TokenRole[];
  /** SUB-PERKS-2: holds a Pro subscription (looked up on entering a PRO_PLAN_OWNER room). */
  pro?: boolean;
}

type Settings = Pick<RoomDto, 'djType' | 'roomRoles' | 'numberOfDjs'>;

/**
 * Who may DJ (`canDj`), RR-DJ-1…5: the access table's `room.dj` in this room (ACCESS-TABLE-1):
 * never a guest, a banned/kicked user or one with djDisabled; EVERYONE: anyone else; INVITE_ONLY:
 * the room's `dj` role or its moderators (owner, coOwner, moderator); PRO_PLAN_OWNER
 * (SUB-PERKS-2): Pro subscribers, and the owner and co-owners.
 */
export function canDj(settings: Settings, user: DjCandidate, now: number): boolean {
  const actor = {
    uuid: user.uuid,
    roles: user.isGuest ? (['guest'] as const) : user.roles,
    pro: user.pro,
  };
  return can(actor, 'room.dj', { room: settings, now });
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
