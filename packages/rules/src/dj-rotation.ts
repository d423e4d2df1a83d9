import type { ClientRoomState, CrateSongDto, MinimalSongDto } from '@tt/protocol';
import { isSameSong } from './music';

/** How a DJ's crate plays in the room, as both apps decide it (no React, no DOM). */

/** A crate song as the room takes it (addDj, updateNextSong): without the crate-only fields. */
export function toRoomSong(song: CrateSongDto): MinimalSongDto {
  return {
    trackName: song.trackName,
    artistName: song.artistName,
    genre: song.genre,
    duration: song.duration,
    isrc: song.isrc,
    musicProviders: song.musicProviders,
    thumbnails: song.thumbnails,
    playbackToken: song.playbackToken,
    crateSongUuid: song.crateSongUuid,
    status: song.status,
    ...(song.songShortId ? { songShortId: song.songShortId } : {}),
  };
}

/** One play of a song in the room: who played it and when it started. */
export interface Play {
  djUuid: string;
  startTime: number;
  song: MinimalSongDto;
}

/** The play going on now, or null when nothing plays (`djs[0]` plays, RR-ROT-1). */
export function currentPlay(state: Pick<ClientRoomState, 'djs' | 'nowPlaying'>): Play | null {
  const dj = state.djs[0];
  if (!state.nowPlaying || !dj) return null;
  return { djUuid: dj.uuid, startTime: state.nowPlaying.startTime, song: state.nowPlaying.song };
}

/** My play that has just ended (`before` was mine and is not going on any longer), or null. */
export function endedPlay(before: Play | null, now: Play | null, me: string | null): Play | null {
  if (!before || !me || before.djUuid !== me) return null;
  if (now && now.djUuid === before.djUuid && now.startTime === before.startTime) return null;
  return before;
}

/**
 * The song that should be my next one: the first of my queue (crate) that is not the song I am
 * playing now (RR-ROT-5: when my song starts, my next song is empty and I send the following one).
 */
export function nextFromQueue(
  queue: readonly CrateSongDto[],
  playing: Play | null,
  me: string | null,
): CrateSongDto | null {
  const mine = playing && me && playing.djUuid === me ? playing.song : null;
  return queue.find((s) => !mine || !isSameSong(s, mine)) ?? null;
}

/** Where a played song is in my queue (the same-song rule), to move it to the bottom. */
export function playedInQueue(
  queue: readonly CrateSongDto[],
  played: MinimalSongDto,
): CrateSongDto | null {
  return queue.find((s) => isSameSong(s, played)) ?? null;
}

/** Whether the room should be told of `next` as my next song (it differs from the one it has). */
export function needsNextUpdate(
  next: CrateSongDto | null,
  current: MinimalSongDto | null,
): next is CrateSongDto {
  return next !== null && (current === null || !isSameSong(next, current));
}

/** Who plays after the song on now: the DJ after the one playing, or the first when none plays. */
export function upNextUuid(state: Pick<ClientRoomState, 'djs' | 'nowPlaying'>): string | null {
  if (!state.nowPlaying) return state.djs[0]?.uuid ?? null;
  return state.djs.length > 1 ? state.djs[1]!.uuid : null;
}
