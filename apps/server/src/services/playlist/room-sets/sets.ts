import type { MinimalSongDto, RecentSongDto, RoomSetDto } from '@tt/protocol';
import { SET_GAP_MINUTES, SET_SAVE_MAX_SONGS } from '@tt/protocol';

const endOf = (p: RecentSongDto) => Date.parse(p.playedAt) + p.song.duration * 1000;

/**
 * SET-1: one DJ's plays in a room, in order, while each starts no more than SET_GAP_MINUTES
 * after the end of that DJ's previous play there. Others' plays in between (a rotation) do not
 * end it. `plays` come newest first (as the room history answers them); the sets come newest
 * first (by their end), each with its plays oldest first — at most SET_SAVE_MAX_SONGS, the latest.
 */
export function groupSets(plays: readonly RecentSongDto[], gapMinutes = SET_GAP_MINUTES) {
  const gap = gapMinutes * 60_000;
  const open = new Map<string, RecentSongDto[]>();
  const done: RecentSongDto[][] = [];
  for (const play of [...plays].reverse()) {
    const current = open.get(play.djUuid);
    if (current && Date.parse(play.playedAt) - endOf(current.at(-1)!) <= gap) {
      current.push(play);
      continue;
    }
    if (current) done.push(current);
    open.set(play.djUuid, [play]);
  }
  done.push(...open.values());
  const sets: RoomSetDto[] = done.map((run) => ({
    djUuid: run[0]!.djUuid,
    startedAt: new Date(Date.parse(run[0]!.playedAt)).toISOString(),
    endedAt: new Date(endOf(run.at(-1)!)).toISOString(),
    songCount: run.length,
    songs: run.slice(-SET_SAVE_MAX_SONGS),
  }));
  return sets.sort(
    (a, b) => b.endedAt.localeCompare(a.endedAt) || b.startedAt.localeCompare(a.startedAt),
  );
}

/** A played song as a crate takes it: the song, not where it sat in someone's crate. */
export function asCrateSong(song: MinimalSongDto): MinimalSongDto {
  const { crateSongUuid: _c, status: _s, position: _p, playbackToken: _t, ...rest } = song;
  return { ...rest, playbackToken: null };
}

/** SET-6: "<room> — <date>" when the request names no crate (the client sends it in its language). */
export function defaultSetName(roomName: string, at: Date): string {
  const date = at.toISOString().slice(0, 10);
  const suffix = ` — ${date}`;
  return roomName.slice(0, 100 - suffix.length) + suffix;
}
