import type { TrustFacts, TrustThresholds } from '@tt/rules';
import { isBusyRoom } from '@tt/rules';
import { trustRefusalText } from '../platform/trust';
import { RoomActionError } from './errors';
import type { LiveRoom } from './live-room';

/** What the room socket knows of someone's trust before it takes a seat (RoomRuntime.seatTrust). */
export interface SeatTrust {
  skip: boolean;
  facts: TrustFacts;
  t: TrustThresholds;
}

/**
 * TRUST-6: in a busy room (more people listening than TRUST_BUSY_ROOM_LISTENERS, the seated DJs
 * not counted) a DJ seat needs `trust.skip`. The refusal is the coded TRUST_SEAT_NOT_YET, its text
 * saying how far the person is (an unmodified ttfm-socket client reads it as `error`).
 */
export function requireSeatTrust(room: LiveRoom, trust: SeatTrust): void {
  if (trust.skip) return;
  const listeners = room.members.size - room.djUuids().length;
  if (!isBusyRoom(listeners, trust.t)) return;
  throw new RoomActionError(
    trustRefusalText('TRUST_SEAT_NOT_YET', trust.facts, trust.t),
    'TRUST_SEAT_NOT_YET',
  );
}
