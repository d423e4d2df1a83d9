import type { MinimalSongDto } from '@tt/protocol';
import type { LiveRoom } from './live-room';
import { pointer, type PatchWriter } from './patch-writer';
import { newTracksOnly, songKey } from './rules/room-rules';

/**
 * ROOM-RULES-8: with new tracks only, a queued song played in the room since it was queued (or
 * before the rule was set) is dropped before the next song is chosen; its DJ keeps the seat and is
 * passed over until they queue a new one (as ROOM-RULES-1 does with a song too long).
 */
export async function dropPlayedBefore(
  room: LiveRoom,
  w: PatchWriter,
  playedBefore: (room: LiveRoom, key: string) => Promise<boolean>,
): Promise<void> {
  if (!newTracksOnly(room.settings)) return;
  const djs = room.state.djs.slice();
  const played = await Promise.all(
    djs.map((d) =>
      d.nextSong
        ? playedBefore(room, songKey(d.nextSong as MinimalSongDto)).catch(() => false)
        : false,
    ),
  );
  played.forEach((p, i) => {
    if (!p || room.state.djs[i] !== djs[i] || !djs[i].nextSong) return;
    w.replace(pointer('djs', i, 'nextSong'), null);
    w.replace(pointer('visibleDjs', i, 'nextSong'), null);
  });
}
