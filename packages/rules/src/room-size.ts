/**
 * RR-SIZE-1, SEC-GUEST-1: a room holds `roomSize` signed-in users; guests do not take their places.
 * Guests have an allowance of their own, `roomSize × ratio` (ROOM_GUEST_ALLOWANCE_RATIO, 1 by
 * default; 0 admits no guests), and a full allowance refuses only guests.
 */
export function guestAllowance(roomSize: number, ratio: number): number {
  return Math.max(0, Math.floor(roomSize * ratio));
}

/** Who is in a room now: signed-in users (bots included) and guests, each counted once. */
export interface Occupancy {
  users: number;
  guests: number;
}

/** The refusal for one more person (null: they may enter). Staff are never refused (RR-SIZE-1). */
export function roomSizeRefusal(
  occupancy: Occupancy,
  roomSize: number,
  ratio: number,
  entrant: { isGuest: boolean },
): 'ROOM_FULL' | 'ROOM_GUESTS_FULL' | null {
  if (entrant.isGuest) {
    return occupancy.guests >= guestAllowance(roomSize, ratio) ? 'ROOM_GUESTS_FULL' : null;
  }
  return occupancy.users >= roomSize ? 'ROOM_FULL' : null;
}
