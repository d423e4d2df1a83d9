import type { ClientRoomState, RoomDto, TokenRole } from '@tt/protocol';
import { accessRefusal, type AccessResource, type Actor } from '@tt/rules';
import { useSession } from '../../lib/session';
import { useOwnProfileQuery, useProQuery } from './queries';

/** The room as the access table reads it: its roles in force and its DJ setting. */
export function roomResource(settings: Partial<Pick<RoomDto, 'roomRoles' | 'djType'>>) {
  return {
    room: { roomRoles: settings.roomRoles ?? [], djType: settings.djType },
  } satisfies AccessResource;
}

/** Why I may not take a DJ seat here (a key of `dj.seat.why`), or null when I may. */
export type SeatBlock =
  'guest' | 'unverified' | 'inviteOnly' | 'proOnly' | 'djDisabled' | 'banned' | 'cannot' | 'full';

/**
 * ACCESS-CAN-1: whether the "Take a seat" button shows is the access table's answer for
 * `room.dj` in this room (RR-DJ-1…5, SEC-UNVERIFIED-1), then a free seat. The refusal becomes
 * the reason the user reads: the room's DJ setting names what is missing.
 */
export function seatBlock(actor: Actor | null, state: ClientRoomState): SeatBlock | null {
  if (!actor || (actor.roles.includes('guest') && actor.roles.every((r) => r === 'guest')))
    return 'guest';
  const room = state.settings;
  const why = accessRefusal(actor, 'room.dj', roomResource(room));
  if (why === 'unverified') return 'unverified';
  if (why === 'room:djDisabled') return 'djDisabled';
  if (why === 'room:banned' || why === 'room:kicked') return 'banned';
  if (why === 'missing') {
    if (room.djType === 'INVITE_ONLY') return 'inviteOnly';
    if (room.djType === 'PRO_PLAN_OWNER') return 'proOnly';
    return 'cannot';
  }
  if (state.djs.some((d) => d.uuid === actor.uuid)) return null;
  if (state.djs.length >= Math.max(1, state.settings.numberOfDjs)) return 'full';
  return null;
}

/**
 * The signed-in person as the access table sees them in a room: the token's roles, whether the
 * e-mail address is verified (own profile) and, in a Pro-only room, whether they hold Pro.
 */
export function useRoomActor(state: ClientRoomState | null): Actor | null {
  const session = useSession();
  const me = useOwnProfileQuery(session.kind === 'user' ? session.uuid : null);
  const proRoom = state?.settings.djType === 'PRO_PLAN_OWNER';
  const pro = useProQuery(session.kind === 'user' && proRoom);
  if (session.kind === 'signedOut') return null;
  if (session.kind === 'guest') return { uuid: session.uuid, roles: ['guest'] };
  return {
    uuid: session.uuid,
    roles: session.roles as TokenRole[],
    capabilities: me.data?.capabilities,
    ...(me.data ? { verified: me.data.emailVerified } : {}),
    ...(proRoom ? { pro: pro.data === true } : {}),
  };
}
