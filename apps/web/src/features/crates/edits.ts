import type { MinimalSongDto } from '@tt/protocol';
import type { CrateSongDto } from './contract';

/*
 * Pure edits of a crate's song list as the client holds it: a sparse array by position (null =
 * a row whose page is not loaded yet). Every edit returns a new array with dense positions.
 */
export type SongSlots = readonly (CrateSongDto | null)[];

/** Positions follow the index again (objects whose position is right are kept as they are). */
export function reindex(items: (CrateSongDto | null)[]): (CrateSongDto | null)[] {
  return items.map((s, i) => (s && s.position !== i ? { ...s, position: i } : s));
}

/**
 * The list at `total` rows with a page's songs filled into the rows not loaded yet (a row the
 * screen already holds, such as a song being added, is kept).
 */
export function fillPage(
  items: SongSlots,
  total: number,
  offset: number,
  songs: readonly CrateSongDto[],
): (CrateSongDto | null)[] {
  const next =
    items.length === total
      ? items.slice()
      : Array.from({ length: total }, (_, i) => items[i] ?? null);
  songs.forEach((s, i) => {
    const at = offset + i;
    if (at < total && !next[at]) next[at] = s.position === at ? s : { ...s, position: at };
  });
  return next;
}

/** Inserts songs at `index` (past the end = the bottom). */
export function insertSongs(
  items: SongSlots,
  songs: readonly CrateSongDto[],
  index = items.length,
): (CrateSongDto | null)[] {
  const at = Math.min(Math.max(0, index), items.length);
  return reindex([...items.slice(0, at), ...songs, ...items.slice(at)]);
}

/** Removes the songs with these crate song uuids. */
export function removeSongs(items: SongSlots, uuids: ReadonlySet<string>): (CrateSongDto | null)[] {
  return reindex(items.filter((s) => !(s && uuids.has(s.crateSongUuid))));
}

/** Moves the row at `from` to `to` (both clamped into the list). */
export function moveSong(items: SongSlots, from: number, to: number): (CrateSongDto | null)[] {
  if (items.length === 0) return items.slice();
  const a = Math.min(Math.max(0, from), items.length - 1);
  const b = Math.min(Math.max(0, to), items.length - 1);
  if (a === b) return items.slice();
  const next = items.slice();
  const [row] = next.splice(a, 1);
  next.splice(b, 0, row ?? null);
  return reindex(next);
}

/** Replaces the placeholder `tempUuid` with the songs the server added (none: it goes away). */
export function replaceSong(
  items: SongSlots,
  tempUuid: string,
  added: readonly CrateSongDto[],
): (CrateSongDto | null)[] {
  const at = items.findIndex((s) => s?.crateSongUuid === tempUuid);
  if (at < 0) return items.slice();
  return reindex([...items.slice(0, at), ...added, ...items.slice(at + 1)]);
}

/** The index of a crate song, or -1. */
export function indexOfSong(items: SongSlots, uuid: string): number {
  return items.findIndex((s) => s?.crateSongUuid === uuid);
}

/** The uuids of the loaded rows between two indexes (either order, both included). */
export function rangeUuids(items: SongSlots, a: number, b: number): string[] {
  const lo = Math.max(0, Math.min(a, b));
  const hi = Math.min(items.length - 1, Math.max(a, b));
  const out: string[] = [];
  for (let i = lo; i <= hi; i++) {
    const s = items[i];
    if (s) out.push(s.crateSongUuid);
  }
  return out;
}

/** The row shown for a song being added, until the server answers with the real one. */
export function pendingSong(
  song: MinimalSongDto,
  tempUuid: string,
  position: number,
): CrateSongDto {
  return {
    crateSongUuid: tempUuid,
    position,
    songId: null,
    songShortId: song.songShortId ?? null,
    isrc: song.isrc,
    trackName: song.trackName,
    artistName: song.artistName,
    duration: song.duration,
    explicit: false,
    genre: song.genre,
    musicProviders: song.musicProviders,
    thumbnails: song.thumbnails,
    previews: [],
    playbackToken: song.playbackToken,
    status: song.status ?? 'PENDING_REQUEST',
  };
}
