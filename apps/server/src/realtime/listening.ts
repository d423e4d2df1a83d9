import type { MinimalSongDto } from '@tt/protocol';
import type { LiveRoom } from './live-room';

/**
 * SEC-HLS-KEY-2: which live rooms a song is heard in, for the song service's HLS key rule (through
 * ListeningPort). The song that ended last in each room is remembered so that a listener a little
 * late (the playlist asked for just after the song changed) still gets its key within the grace.
 */
const lastEnded = new WeakMap<LiveRoom, { ids: string[]; at: number }>();

/** The ids our uploads are known by in a room song: its upload id and catalogue short id. */
function uploadIds(song: MinimalSongDto): string[] {
  const ids: string[] = [];
  if (song.musicProviders.uploadService) ids.push(song.musicProviders.uploadService);
  if (song.songShortId) ids.push(song.songShortId);
  return ids;
}

/** The song playing in the room ended now (played out, skipped, or its DJ left). */
export function songEnded(room: LiveRoom, song: MinimalSongDto, now = Date.now()): void {
  lastEnded.set(room, { ids: uploadIds(song), at: now });
}

export function isListening(
  rooms: Iterable<LiveRoom>,
  userUuid: string,
  songShortId: string,
  graceMs: number,
  now = Date.now(),
): boolean {
  for (const room of rooms) {
    if (!room.members.has(userUuid)) continue;
    const { nowPlaying, djs } = room.state;
    if (nowPlaying && uploadIds(nowPlaying.song).includes(songShortId)) return true;
    if (djs.some((d) => d.nextSong && uploadIds(d.nextSong).includes(songShortId))) return true;
    const ended = lastEnded.get(room);
    if (ended && now - ended.at <= graceMs && ended.ids.includes(songShortId)) return true;
  }
  return false;
}

/** What another process needs to answer isListening for this room (ROOM-OWNER-8). */
export function listeningSnapshot(room: LiveRoom): {
  ids: string[];
  ended: { ids: string[]; at: number } | null;
} {
  const ids: string[] = [];
  const { nowPlaying, djs } = room.state;
  if (nowPlaying) ids.push(...uploadIds(nowPlaying.song));
  for (const d of djs) if (d.nextSong) ids.push(...uploadIds(d.nextSong));
  return { ids, ended: lastEnded.get(room) ?? null };
}
