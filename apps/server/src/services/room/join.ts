import type { TokenRole } from '@tt/protocol';
import { fail } from '../../platform/errors';
import { accessRefusal, actorFrom, can, refusalCode } from '@tt/rules';
import { accessRoom, type LoadedRoom, type RoomCore } from './core';

/** Who wants to enter a room, with what they typed. */
export interface Entrant {
  uuid: string;
  roles: TokenRole[];
  isGuest: boolean;
  password?: string | null;
  guestPassword?: string | null;
  /** The address the attempt comes from (password throttling, SEC-ROOMPW-1). */
  ip?: string | null;
}

/**
 * May this person enter the room? In order:
 * 1. a `banned` room role, or a `kicked` one not yet expired, refuses (global moderators excepted);
 * 2. a room that is not live admits only its moderators and global moderators;
 * 3. passwords (the room's moderators and global moderators need none): a user gives the room
 *    password; a guest gives the guest password, or the room password. With `onlyGivenPasswords`
 *    (the REST join, which the TTLIVE-discord-bot calls without a body before passing the password
 *    to the socket) a missing password is not refused, a wrong one is. Wrong passwords are
 *    throttled (SEC-ROOMPW-1: 429 past the limits); a right one opens the room's live state to
 *    the entrant for a while (SEC-ROOM-PRIV-1).
 * Throws 403 with a clear message; answers whether the entrant is one of the room's staff.
 */
export async function checkEntry(
  core: RoomCore,
  { room, roles }: LoadedRoom,
  who: Entrant,
  opts: { onlyGivenPasswords?: boolean } = {},
): Promise<{ privileged: boolean }> {
  const actor = actorFrom(who);
  const here = { room: accessRoom(roles) };
  const privileged = can(actor, 'room.join.bypass', here);
  const why = accessRefusal(actor, 'room.join', here);
  if (why) throw fail(refusalCode('room.join', why));
  if (!room.isLive && !privileged) throw fail('ROOM_NOT_LIVE');
  if (privileged) return { privileged };

  const given = [who.password, ...(who.isGuest ? [who.guestPassword] : [])].filter(
    (p): p is string => typeof p === 'string' && p.length > 0,
  );
  const hashes = [room.passwordHash, ...(who.isGuest ? [room.guestPasswordHash] : [])].filter(
    (h): h is string => Boolean(h),
  );
  if (hashes.length === 0) return { privileged };
  if (given.length === 0) {
    if (opts.onlyGivenPasswords) return { privileged };
    throw fail('ROOM_PASSWORD_REQUIRED');
  }
  const matched = await core.passwordGuard.verify(room.uuid, who, given, hashes);
  if (!matched) throw fail('ROOM_PASSWORD_INCORRECT');
  await core.privacy.grant(room.uuid, matched, who.uuid);
  return { privileged };
}
