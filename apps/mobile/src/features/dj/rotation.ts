import { useCallback, useEffect, useRef } from 'react';
import { SOCKET_ACTIONS, type ClientRoomState, type CrateSongDto } from '@tt/protocol';
import {
  currentPlay,
  endedPlay,
  needsNextUpdate,
  nextFromQueue,
  playedInQueue,
  toRoomSong,
  type Play,
} from '@tt/rules';
import { roomSession, roomStore } from '../room/session';
import type { CrateRef } from './active-crate';
import { crateChanged, moveCrateSong } from './queries';

/** The pure rules of the rotation (the play now, my ended play, my next song) are @tt/rules'. */

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
  const next = nextFromQueue(songs, currentPlay(state), me);
  if (needsNextUpdate(next, seat.nextSong)) {
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
        const played = ended ? playedInQueue(list, ended.song) : null;
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
