/* Crate rules shared by the web client and the playlist service (CRATE-*, docs/MUSIC-RULES.md). */

/** CRATE-NAME-1: a new crate is named "New Playlist #" and the lowest unused number. */
export const DEFAULT_CRATE_NAME_PREFIX = 'New Playlist #';

/** CRATE-SPECIAL-1: the special crates every user has from sign-up, by their stored names. */
export const QUEUE_CRATE_NAME = 'default';
export const LIKES_CRATE_NAME = 'tt-stars';
export const SPECIAL_CRATE_NAMES: readonly string[] = [QUEUE_CRATE_NAME, LIKES_CRATE_NAME];

/** Page sizes: songs of a crate, and crates of a list. */
export const CRATE_SONGS_PAGE_SIZE = 300;
export const CRATES_PAGE_SIZE = 100;

/** CRATE-THUMB-1: crate thumbnails refresh when the song position is within the first 32. */
export const CRATE_THUMBNAIL_POSITIONS = 32;

/** CRATE-IMPORT-1: lists refetch every 5 seconds while any crate import is IN_PROGRESS. */
export const CRATE_IMPORT_POLL_MS = 5_000;

/** How long the web client's queries keep their answers (milliseconds; Infinity = forever). */
export const CACHE_TIMES = {
  recentSongs: 60_000,
  profile: 5 * 60_000,
  playlists: 60_000,
  song: 60 * 60_000,
  likesCrate: Number.POSITIVE_INFINITY,
} as const;

/**
 * The default name of a new crate: "New Playlist #" followed by the lowest number ≥ 1 that no
 * existing crate name uses (names compared exactly, as the user sees them).
 */
export function defaultCrateName(existingNames: Iterable<string>): string {
  const used = new Set<number>();
  for (const name of existingNames) {
    if (!name.startsWith(DEFAULT_CRATE_NAME_PREFIX)) continue;
    const rest = name.slice(DEFAULT_CRATE_NAME_PREFIX.length);
    if (/^[1-9]\d{0,8}$/.test(rest)) used.add(Number(rest));
  }
  let n = 1;
  while (used.has(n)) n += 1;
  return `${DEFAULT_CRATE_NAME_PREFIX}${n}`;
}

/** Whether a change at this (0-based) position changes the crate's thumbnails (CRATE-THUMB-1). */
export function affectsCrateThumbnails(position: number): boolean {
  return position >= 0 && position < CRATE_THUMBNAIL_POSITIONS;
}

/** Whether a crate list should keep polling: some crate is still importing (CRATE-IMPORT-1). */
export function anyCrateImporting(crates: Iterable<{ importStatus?: string | null }>): boolean {
  for (const c of crates) if (c.importStatus === 'IN_PROGRESS') return true;
  return false;
}
