/**
 * The local room record: the slug of the room the user is in, when it last
 * connected, and why it ended when a moderator kicked the user. Kept in the platform's storage
 * (localStorage on the web) so a reload can bring the user back; passwords are never stored.
 */
export interface CurrentRoomRecord {
  slug: string;
  lastConnection: number;
  /** The kick reason (or another reason the room ended), shown until the user moves on. */
  error?: string | null;
}

/**
 * Synchronous key–value storage: the browser's localStorage, or on React Native a synchronous
 * store (MMKV, or a memory copy written through to AsyncStorage). Any method may throw: the
 * record then lasts as long as the page or app.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const CURRENT_ROOM_KEY = 'tt-current-room';

export function readCurrentRoom(
  storage: KeyValueStorage | null | undefined,
): CurrentRoomRecord | null {
  try {
    const raw = storage?.getItem(CURRENT_ROOM_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<CurrentRoomRecord>;
    return typeof v.slug === 'string' && v.slug
      ? { slug: v.slug, lastConnection: Number(v.lastConnection) || 0, error: v.error ?? null }
      : null;
  } catch {
    return null;
  }
}

export function writeCurrentRoom(
  storage: KeyValueStorage | null | undefined,
  record: CurrentRoomRecord | null,
): void {
  try {
    if (!storage) return;
    if (record) storage.setItem(CURRENT_ROOM_KEY, JSON.stringify(record));
    else storage.removeItem(CURRENT_ROOM_KEY);
  } catch {
    // storage unavailable: the record lasts for this page only
  }
}
