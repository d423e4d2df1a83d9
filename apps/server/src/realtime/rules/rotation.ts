/**
 * Rotation (RR-ROT-*): the lineup is a circle and `djs[0]` is the DJ playing now. After a song its
 * DJ goes to the end; the next DJ with a next song plays, DJs without one are passed over (they keep
 * their seat and move to the end behind the one who plays).
 */
export function nextDjIndex(djs: readonly { nextSong: unknown }[]): number {
  return djs.findIndex((d) => d.nextSong !== null && d.nextSong !== undefined);
}

/**
 * `songsRemainingForDj`: after the song now playing, how many more its DJ may play before stepping
 * down; -1 when songsPerDj is 0 (no limit); 0 when nothing plays (RR-SPD-3).
 */
export function songsRemaining(songsPerDj: number, playedByDj: number, playing: boolean): number {
  if (!playing) return 0;
  if (songsPerDj <= 0) return -1;
  return Math.max(0, songsPerDj - playedByDj);
}

/** A DJ who has played songsPerDj songs steps down when the last one ends (RR-SPD-1, RR-SPD-2). */
export function mustStepDown(songsPerDj: number, playedByDj: number): boolean {
  return songsPerDj > 0 && playedByDj >= songsPerDj;
}
