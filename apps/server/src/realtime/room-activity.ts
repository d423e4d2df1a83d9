import type { LiveRoom } from './live-room';

/** ROOM-RULES-4: a listener who neither joined nor acted for this long is AFK. */
export const AFK_AFTER_MS = 15 * 60_000;

/** When each member last joined or acted, per live room (this process; lost with the room). */
const lastSeen = new WeakMap<LiveRoom, Map<string, number>>();

/** ROOM-RULES-4: `uuid` joined the room or acted in it now. */
export function markActive(room: LiveRoom, uuid: string, now = Date.now()): void {
  let seen = lastSeen.get(room);
  if (!seen) lastSeen.set(room, (seen = new Map()));
  seen.set(uuid, now);
}

/** ROOM-RULES-4/7: when `uuid` last joined or acted in the room (undefined: not seen here). */
export function lastActive(room: LiveRoom, uuid: string): number | undefined {
  return lastSeen.get(room)?.get(uuid);
}

/**
 * ROOM-RULES-4: the active listeners: signed-in members (not guests or bots) other than the DJ
 * playing, seen in the last AFK_AFTER_MS. One never seen by this process (the room moved here)
 * counts as active.
 */
export function activeListeners(room: LiveRoom, now = Date.now()): string[] {
  const seen = lastSeen.get(room);
  const dj = room.playingDj();
  const out: string[] = [];
  for (const m of room.members.values()) {
    if (m.isGuest || m.tokenRole === 'guest' || m.tokenRole === 'bot' || m.uuid === dj) continue;
    const at = seen?.get(m.uuid);
    if (at === undefined || now - at <= AFK_AFTER_MS) out.push(m.uuid);
  }
  return out;
}

/**
 * ROOM-RULES-4: the song playing has reached the room's dislike share: dislikes of active
 * listeners / active listeners >= dislikeSkipShare (nobody listening: never).
 */
export function dislikeSkipDue(room: LiveRoom, now = Date.now()): boolean {
  const share = room.settings.rules?.dislikeSkipShare;
  if (!share || !room.playing) return false;
  const listeners = activeListeners(room, now);
  if (listeners.length === 0) return false;
  const dislikes = listeners.filter((uuid) => room.votes.get(uuid)?.like === false).length;
  return dislikes > 0 && dislikes / listeners.length >= share;
}
