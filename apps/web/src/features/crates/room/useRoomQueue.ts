import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import {
  SOCKET_ACTIONS,
  type ClientRoomState,
  type CrateDto,
  type CrateSongDto,
  type MinimalSongDto,
} from '@tt/protocol';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { useSession } from '../../../lib/session';
import { roomAction } from '../../../lib/socket/session';
import type { Me } from '../../../entities/room/hooks';
import { addSongs, moveSong, type CrateRef } from '../api';
import { specialCrateEndpoints } from '../contract';
import { storeCrate } from '../queries';
import {
  currentPlay,
  endedPlay,
  needsNextUpdate,
  nextFromQueue,
  playedInQueue,
  toRoomSong,
  type Play,
} from '@tt/rules';

export const QUEUE: CrateRef = { special: 'queue' };
/** How many of the queue's first songs the room shows (and rotates through). */
export const ROOM_QUEUE_SHOWN = 50;
export const roomQueueKey = ['crates', 'room-queue'] as const;

/** The first songs of my queue, as the room shows them. */
export function useRoomQueue(enabled: boolean) {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useQuery({
    queryKey: roomQueueKey,
    queryFn: ({ signal }) =>
      api.call(
        specialCrateEndpoints.songs,
        { params: { special: 'queue' }, query: { limit: ROOM_QUEUE_SHOWN, offset: 0 } },
        { signal },
      ),
    enabled: signedIn && enabled,
  });
}

/** After a change of my queue: the crate screens and the room's copy follow. */
export async function queueChanged(crate?: CrateDto) {
  if (crate) storeCrate(QUEUE, crate);
  await queryClient.invalidateQueries({ queryKey: roomQueueKey });
  return queryClient.getQueryData<{ songs: CrateSongDto[]; total: number }>(roomQueueKey);
}

/**
 * Adds a song to my queue (at `position`, else the end); the crate screens and the room's copy
 * follow. `added` is false when it was already there (SAME-SONG-1).
 */
export async function addToQueue(song: MinimalSongDto, position?: number) {
  const res = await addSongs(QUEUE, [song], position);
  const fresh = await queueChanged(res.crate);
  return { added: res.added.length > 0, songs: fresh?.songs ?? [] };
}

/** Tells the room my next song is the first of my queue (when it is not already). */
export async function syncNextSong(state: ClientRoomState, me: Me, queue: CrateSongDto[]) {
  const seat = me.uuid ? state.djs.find((d) => d.uuid === me.uuid) : undefined;
  if (!seat) return;
  const next = nextFromQueue(queue, currentPlay(state), me.uuid);
  if (needsNextUpdate(next, seat.nextSong)) {
    await roomAction(SOCKET_ACTIONS.updateNextSong, { song: toRoomSong(next) });
  }
}

/**
 * Plays my queue while I am in the booth: when my song starts (my next song is then empty,
 * RR-ROT-5) the first other queue song becomes my next one; when my song has played it moves
 * to the bottom of the queue and the new first song follows.
 */
export function useQueueRotation(state: ClientRoomState, me: Me, queue: CrateSongDto[] | null) {
  const last = useRef<Play | null>(null);
  const busy = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const play = currentPlay(state);
  const seat = me.uuid ? state.djs.find((d) => d.uuid === me.uuid) : undefined;

  const rotate = useCallback(
    async (ended: Play | null) => {
      if (busy.current) return;
      busy.current = true;
      try {
        let songs = queue ?? [];
        const played = ended ? playedInQueue(songs, ended.song) : null;
        if (played) {
          const total =
            queryClient.getQueryData<{ total: number }>(roomQueueKey)?.total ?? songs.length;
          const crate = await moveSong(QUEUE, played.crateSongUuid, total);
          songs = (await queueChanged(crate))?.songs ?? songs;
        }
        await syncNextSong(stateRef.current, me, songs);
      } catch {
        // The room or the queue refused: the next change of the room tries again.
      } finally {
        busy.current = false;
      }
    },
    [queue, me],
  );

  const playKey = play ? `${play.djUuid}:${play.startTime}` : '';
  useEffect(() => {
    const ended = endedPlay(last.current, play, me.uuid);
    last.current = play;
    if (ended) void rotate(ended);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playKey]);

  // My next song is empty (my song started, or I sat down without one): the queue fills it.
  const emptyNext = seat !== undefined && seat.nextSong === null;
  const hasQueue = (queue?.length ?? 0) > 0;
  useEffect(() => {
    if (emptyNext && hasQueue) void rotate(null);
  }, [emptyNext, hasQueue, playKey, rotate]);
}
