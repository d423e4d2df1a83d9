import type { ClientNowPlaying } from '@tt/protocol';
import { DriftController, expectedPositionSeconds, type DriftOptions } from '@tt/room-client';

/**
 * What the phone's player should do now, decided from the room (server clock) and the player's
 * position. Pure: RoomPlayer feeds it the room store and the native player and carries out the
 * step it returns.
 */

/** Why the plan is asked for. */
export type SyncEvent =
  /** The once-a-second check while playing, or a change in the room store. */
  | 'tick'
  /** The app came back to the foreground (AppState active). */
  | 'foreground'
  /** The app went to the background: the player plays on, nothing is corrected meanwhile. */
  | 'background'
  /** The room socket is joined again after a reconnect. */
  | 'reconnected'
  /** The player reported a stall (buffering, an error it recovered from). */
  | 'stalled'
  /** The user un-muted: back to the live position. */
  | 'resume';

export interface SyncInput {
  nowPlaying: Pick<ClientNowPlaying, 'song' | 'endTime' | 'startTime'> | null;
  /** The server clock, ms. */
  serverNow: number;
  /** Where the player is, seconds; null before it has loaded the song. */
  position: number | null;
  /**
   * The player says it plays from where it is (playing, and ready rather than loading). Its
   * position is compared with the room's only then, and only once it is seen moving.
   */
  ready: boolean;
  /** False while the user has muted the room locally. */
  listening: boolean;
  /** The song can be played on this phone (an upload). */
  playable: boolean;
}

export type SyncStep =
  /** Nothing to play or the user muted: the player pauses (and forgets the song when none). */
  | { kind: 'stop' }
  /** A new song (or the first one, a late join): load it and start at `startAt` seconds. */
  | { kind: 'load'; key: string; startAt: number }
  /** Jump to `to` seconds (drift past the threshold, or after an interruption). */
  | { kind: 'seek'; to: number; drift: number | null }
  /** Small drift: play at `rate` for a moment. */
  | { kind: 'rate'; rate: number; drift: number }
  | { kind: 'none'; drift: number | null };

/** One song of the room: its times and name (a replay of the same song is another song). */
export function songKey(np: SyncInput['nowPlaying']): string | null {
  if (!np) return null;
  const id = np.song.songShortId ?? `${np.song.artistName}|${np.song.trackName}`;
  return `${np.startTime}|${np.endTime}|${id}`;
}

/** Events after which the player's position says nothing about the room: it jumps live. */
const INTERRUPTIONS: ReadonlySet<SyncEvent> = new Set(['foreground', 'reconnected', 'resume']);

/**
 * Two positions closer together than this (server clock, ms) are not compared: the room store can
 * change many times a second, and a position read right after another tells nothing new.
 */
export const MIN_SAMPLE_GAP_MS = 500;
/** The player moves on when its position advanced by at least this share of the time passed. */
const MOVING = 0.5;

/**
 * The drift is measured only on a player that plays: ready, and seen moving between two samples
 * at least MIN_SAMPLE_GAP_MS apart. A player that is still loading (or seeking) reports the
 * position it was asked for while the room moves on; measuring it would seek again and again and
 * the media, restarted each time, would never get to play (the web export stayed at readyState 1).
 */
export class SyncPlanner {
  private readonly drift: DriftController;
  private key: string | null = null;
  private loaded = false;
  /** The last position sampled since the last load or seek, and when (server clock). */
  private sample: { position: number; at: number } | null = null;
  /** After a load or a seek until the player is seen moving: its stalls are that seek's. */
  private settling = false;

  constructor(options: Partial<DriftOptions> = {}) {
    this.drift = new DriftController(options);
  }

  /** The song the player holds (its key), null when none. */
  current(): string | null {
    return this.loaded ? this.key : null;
  }

  plan(event: SyncEvent, input: SyncInput): SyncStep {
    const np = input.nowPlaying;
    const key = songKey(np);
    if (!np || !key || !input.playable) return this.forget();
    const expected = expectedPositionSeconds(np.song, np.endTime, input.serverNow);
    if (expected >= np.song.duration) return this.forget();
    if (key !== this.key || !this.loaded) {
      if (!input.listening) return { kind: 'stop' };
      this.key = key;
      this.loaded = true;
      this.drift.reset();
      this.moved();
      return { kind: 'load', key, startAt: expected };
    }
    if (!input.listening) return { kind: 'stop' };
    if (event === 'background') return { kind: 'none', drift: null };
    if (INTERRUPTIONS.has(event)) {
      // The position a player reports right after an interruption cannot be trusted: go live.
      this.drift.reset();
      this.moved();
      const drift = input.position === null ? null : input.position - expected;
      return { kind: 'seek', to: expected, drift };
    }
    if (event === 'stalled') {
      // Buffering that a load or seek of ours caused is no stall. A real one: measure afresh.
      if (!this.settling) this.drift.reset();
      this.sample = null;
      return { kind: 'none', drift: null };
    }
    if (input.position === null || !input.ready) {
      this.sample = null;
      return { kind: 'none', drift: null };
    }
    const previous = this.sample;
    if (previous && input.serverNow - previous.at < MIN_SAMPLE_GAP_MS) {
      return { kind: 'none', drift: null };
    }
    this.sample = { position: input.position, at: input.serverNow };
    if (!previous) return { kind: 'none', drift: null };
    const passed = (input.serverNow - previous.at) / 1000;
    if (input.position - previous.position < passed * MOVING) return { kind: 'none', drift: null };
    this.settling = false;
    const decision = this.drift.decide(input.position, expected);
    if (decision.kind === 'seek') {
      this.moved();
      return { kind: 'seek', to: decision.seekTo, drift: decision.drift };
    }
    if (decision.kind === 'nudge')
      return { kind: 'rate', rate: decision.rate, drift: decision.drift };
    return { kind: 'none', drift: decision.drift };
  }

  /** The player was told to load or seek: wait until it is seen moving again. */
  private moved(): void {
    this.sample = null;
    this.settling = true;
  }

  private forget(): SyncStep {
    this.key = null;
    this.loaded = false;
    this.sample = null;
    return { kind: 'stop' };
  }
}
