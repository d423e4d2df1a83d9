import { useCallback, useEffect, useRef } from 'react';
import {
  SOCKET_ACTIONS,
  type ClientRoomState,
  type CrateSongDto,
  type MinimalSongDto,
} from '@tt/protocol';
import { isSameSong } from '@tt/rules';
import { roomSession, roomStore } from '../room/session';
import type { CrateRef } from './active-crate';
import { crateChanged, moveCrateSong } from './queries';
import { toRoomSong } from './songs';

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
 * The song that should be my next one: the first of my crate that is not the song I am playing
 * now (RR-ROT-5: when my song starts my next song is empty, and I send the following one).
 */
export function nextFromCrate(
  songs: readonly CrateSongDto[],
  playing: Play | null,
  me: string | null,
): CrateSongDto | null {
  const mine = playing && me && playing.djUuid === me ? playing.song : null;
  return songs.find((s) => !mine || !isSameSong(s, mine)) ?? null;
}

/** Who plays after the song on now: the DJ after the one playing, or the first when none plays. */
export function upNextUuid(state: Pick<ClientRoomState, 'djs' | 'nowPlaying'>): string | null {
  if (!state.nowPlaying) return state.djs[0]?.uuid ?? null;
  return state.djs.length > 1 ? state.djs[1]!.uuid : null;
}

/**
 * Tells the room my next song is the first of my crate, when I am in the booth and it differs
 * from the one the room has. Reads the room as it is now (the store), so any screen may call it
 * after a change of the crate.
 */
export async function syncNextSong(me: string | null, songs: readonly CrateSongDto[]) {
  const state = roomStore.getState().state;
  if (!state || !me) return;
  const seat = state.djs.find((d) => d.uuid === me);
  if (!seat) return;
  const next = nextFromCrate(songs, currentPlay(state), me);
  if (next && (seat.nextSong === null || !isSameSong(next, seat.nextSong))) {
    await roomSession.roomAction(SOCKET_ACTIONS.updateNextSong, { song: toRoomSong(next) });
  }
}

/**
 * Plays my crate while I am in the booth: when my song starts (my next song is then empty,
 * RR-ROT-5) the first other song of the crate becomes my next one; when my song has played it
 * moves to the bottom of the crate and the new first song follows. A change of the crate's
 * order changes my next song too.
 */
export function useCrateRotation(
  state: ClientRoomState | null,
  me: string | null,
  crate: CrateRef,
  songs: CrateSongDto[] | null,
  total: number,
) {
  const last = useRef<Play | null>(null);
  const busy = useRef(false);
  const play = state ? currentPlay(state) : null;
  const seat = me && state ? state.djs.find((d) => d.uuid === me) : undefined;

  const rotate = useCallback(
    async (ended: Play | null) => {
      if (busy.current) return;
      busy.current = true;
      try {
        let list = songs ?? [];
        const played = ended ? list.find((s) => isSameSong(s, ended.song)) : undefined;
        if (played) {
          await moveCrateSong(crate, played.crateSongUuid, Math.max(0, total - 1));
          list = (await crateChanged(crate))?.songs ?? list;
        }
        await syncNextSong(me, list);
      } catch {
        // The room or the crate refused: the next change of the room tries again.
      } finally {
        busy.current = false;
      }
    },
    [songs, me, crate, total],
  );

  const playKey = play ? `${play.djUuid}:${play.startTime}` : '';
  useEffect(() => {
    const ended = endedPlay(last.current, play, me);
    last.current = play;
    if (ended) void rotate(ended);
    // Only a new play (its DJ and start) matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playKey]);

  // In the booth: the top of the crate is my next song (sat down without one, my song started,
  // or the crate's order changed).
  const seated = seat !== undefined;
  const first = songs?.[0]?.crateSongUuid ?? null;
  useEffect(() => {
    if (seated && first !== null) void rotate(null);
  }, [seated, first, playKey, rotate]);
}
