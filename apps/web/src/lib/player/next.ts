import type { ClientRoomState, MinimalSongDto as Song } from '@tt/protocol';

/** The song the room will play next, as far as the room's state tells every listener. */
export interface NextSong {
  song: Song;
  /** Server clock ms: SYNC-7, the song now playing's endTime (the server starts the next there). */
  startTime: number;
  endTime: number;
}

/**
 * SYNC-9: the next song from the state every listener holds: the lineup's next songs are public
 * (`djs[i].nextSong`). The DJ playing (`djs[0]`) goes to the end of the lineup after the song, or
 * steps down when `songsRemainingForDj` is 0; the first DJ after that with a next song plays it,
 * from the song now playing's endTime (SYNC-7). Null when nothing plays or nobody has a song.
 * A guess: a DJ may still change their song, leave, or the song may be skipped; the room's
 * playedSong then says what really plays and the player follows that (SYNC-10).
 */
export function predictNext(
  state: Pick<ClientRoomState, 'nowPlaying' | 'djs'> & { songsRemainingForDj?: number },
): NextSong | null {
  const np = state.nowPlaying;
  if (!np || state.djs.length === 0) return null;
  const [playing, ...rest] = state.djs;
  const order = state.songsRemainingForDj === 0 ? rest : [...rest, playing];
  const dj = order.find((d) => d.nextSong !== null && d.nextSong !== undefined);
  if (!dj?.nextSong) return null;
  const startTime = np.endTime;
  return {
    song: dj.nextSong,
    startTime,
    endTime: startTime + Math.round(dj.nextSong.duration * 1000),
  };
}

/**
 * SYNC-8: the volume factor (0..1) of a song at `serverNow` with a crossfade of `seconds`: the
 * transition is centred on the switch time; the old song fades out over its last seconds/2 and the
 * new one fades in over its first seconds/2, both on the server timeline (equal-power curves).
 * 0 or null: always 1 (a cut).
 */
export function fadeGain(
  serverNow: number,
  song: { startTime: number; endTime: number },
  seconds: number | null | undefined,
): number {
  if (!seconds || seconds <= 0) return 1;
  const half = (seconds * 1000) / 2;
  const fromStart = serverNow - song.startTime;
  const toEnd = song.endTime - serverNow;
  const x = Math.max(0, Math.min(1, fromStart / half, toEnd / half));
  return Math.sin((Math.PI / 2) * x);
}
