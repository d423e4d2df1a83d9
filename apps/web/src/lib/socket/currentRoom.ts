/**
 * The local room record: the slug of the room the user is in, when it last
 * connected, and why it ended when a moderator kicked the user. Kept in localStorage so a reload
 * can bring the user back; passwords are never stored.
 */
export interface CurrentRoomRecord {
  slug: string;
  lastConnection: number;
  /** The kick reason (or another reason the room ended), shown until the user moves on. */
  error?: string | null;
}

export const CURRENT_ROOM_KEY = 'tt-current-room';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readCurrentRoom(): CurrentRoomRecord | null {
  try {
    const raw = storage()?.getItem(CURRENT_ROOM_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<CurrentRoomRecord>;
    return typeof v.slug === 'string' && v.slug
      ? { slug: v.slug, lastConnection: Number(v.lastConnection) || 0, error: v.error ?? null }
      : null;
  } catch {
    return null;
  }
}

export function writeCurrentRoom(record: CurrentRoomRecord | null): void {
  try {
    const s = storage();
    if (!s) return;
    if (record) s.setItem(CURRENT_ROOM_KEY, JSON.stringify(record));
    else s.removeItem(CURRENT_ROOM_KEY);
  } catch {
    // storage unavailable: the record lasts for this page only
  }
}
