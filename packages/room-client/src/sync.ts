/**
 * The server clock and keeping a player in step with the room: the song is meant to be at
 * `duration − (endTime − serverNow)` seconds; the player compares that with its own position now
 * and then and corrects the difference (drift). Pure: any media player (an <audio> element, a
 * native one) feeds it positions.
 */

/**
 * serverTime − local clock, ms, from one reading of the server clock, with no allowance for the
 * network delay. The room connection estimates it from many readings instead (ClockEstimator,
 * clock.ts, SYNC-1..3); this stays for one-off readings and as the bench's baseline.
 */
export function serverClockOffset(serverTime: number, localNow: number): number {
  return serverTime - localNow;
}

/** The server clock now, ms: the local clock plus the offset learnt from the server. */
export function serverNow(offset: number, clock: () => number = Date.now): number {
  return clock() + offset;
}

/** Seconds into the song the room is at, by the server clock (may pass the duration at the end). */
export function expectedPositionSeconds(
  song: { duration: number },
  endTime: number,
  serverNow: number,
): number {
  return Math.max(0, song.duration - (endTime - serverNow) / 1000);
}

/** Where a now-playing song starts: duration − time remaining until the end, never negative. */
export function startOffsetSeconds(
  nowPlaying: { song: { duration: number }; endTime: number },
  serverNow: number,
): number {
  return expectedPositionSeconds(nowPlaying.song, nowPlaying.endTime, serverNow);
}

export interface DriftOptions {
  /** Drift (seconds, either way) past which the player seeks. */
  seekThreshold: number;
  /** Drift under which nothing is done and the rate goes back to 1. */
  settle: number;
  /** Largest playbackRate change for small drift (0 turns nudging off; SYNC-4: ±3 %). */
  maxNudge: number;
  /** Seconds a nudge aims to take to cancel the drift. */
  nudgeSeconds: number;
  /** Longest head start given to a seek (seeking needs time to buffer before it plays again). */
  maxLead: number;
  /**
   * Right after a song starts nothing is lost by a seek (the start is buffered anyway): until the
   * media is first within this drift, it seeks past it instead of `seekThreshold`…
   */
  alignThreshold: number;
  /** …for at most this many seeks. */
  alignSeeks: number;
}

export const DEFAULT_DRIFT_OPTIONS: DriftOptions = {
  seekThreshold: 0.3,
  settle: 0.03,
  maxNudge: 0.03,
  nudgeSeconds: 2,
  maxLead: 1.5,
  alignThreshold: 0.1,
  alignSeeks: 3,
};

export type DriftDecision =
  | { kind: 'none'; drift: number; rate: 1 }
  | { kind: 'nudge'; drift: number; rate: number }
  | { kind: 'seek'; drift: number; rate: 1; seekTo: number };

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Decides, sample by sample, how to cancel the drift: a seek past `seekThreshold` (aimed ahead by
 * the time the last seek took to play again, learnt from the drift right after it), else a small
 * playbackRate change (SYNC-4: at most ±3 %), else nothing. While a song starts, it seeks past `alignThreshold`.
 */
export class DriftController {
  private readonly options: DriftOptions;
  private lead = 0;
  private seeked = false;
  private aligning = true;
  private alignSeeks = 0;

  constructor(options: Partial<DriftOptions> = {}) {
    this.options = { ...DEFAULT_DRIFT_OPTIONS, ...options };
    this.aligning = this.options.alignSeeks > 0;
  }

  /** Seconds a seek is aimed ahead of the expected position. */
  seekLead(): number {
    return this.lead;
  }

  /**
   * Forget what was learnt (a new song). `align` false: the song started where it should (SYNC-10's
   * switch) and plays already, so a seek would be heard: only the usual threshold applies.
   */
  reset(align = true): void {
    this.lead = 0;
    this.seeked = false;
    this.aligning = align && this.options.alignSeeks > 0;
    this.alignSeeks = 0;
  }

  /** `position` is where the media is, `expected` where the room is, both in seconds. */
  decide(position: number, expected: number): DriftDecision {
    const o = this.options;
    const drift = position - expected;
    if (this.seeked) {
      // Right after a seek the drift is (lead − time the seek took): learn the time it takes.
      this.seeked = false;
      if (Math.abs(drift) > o.settle) this.lead = clamp(this.lead - drift, 0, o.maxLead);
    }
    if (this.aligning && Math.abs(drift) <= o.alignThreshold) this.aligning = false;
    const threshold = this.aligning ? o.alignThreshold : o.seekThreshold;
    if (Math.abs(drift) > threshold) {
      this.seeked = true;
      if (this.aligning && ++this.alignSeeks >= o.alignSeeks) this.aligning = false;
      return { kind: 'seek', drift, rate: 1, seekTo: Math.max(0, expected + this.lead) };
    }
    if (Math.abs(drift) > o.settle && o.maxNudge > 0) {
      const change = clamp(drift / o.nudgeSeconds, -o.maxNudge, o.maxNudge);
      return { kind: 'nudge', drift, rate: 1 - change };
    }
    return { kind: 'none', drift, rate: 1 };
  }
}
