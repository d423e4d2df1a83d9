import type { Timers } from './primus';

/** SYNC-6: how many clockSync round trips follow a join, and how they are spaced. */
export interface ClockSyncSchedule {
  /** Round trips right after a join (the join itself is one more). */
  burst: number;
  /** Pause before each of those (ms). */
  burstSpacingMs: number;
  /** Pause between the later ones while the room stays joined (ms). */
  intervalMs: number;
}

export const DEFAULT_CLOCK_SYNC: ClockSyncSchedule = {
  burst: 4,
  burstSpacingMs: 1500,
  intervalMs: 60_000,
};

export interface ClockSyncerOptions {
  timers: Timers;
  now: () => number;
  /**
   * Sends a clockSync; `onAnswer` runs the moment its answer frame is read. Resolves when
   * answered, rejects when refused or not sent.
   */
  send: (onAnswer: (frame: Record<string, unknown>) => void) => Promise<unknown>;
  /** A round trip taken: sent at t0, the server's clock, read at t1. */
  onRoundTrip: (t0: number, serverTime: number, t1: number) => void;
  schedule?: ClockSyncSchedule;
}

/**
 * SYNC-6: after each join, a few clockSync round trips close together, then one a minute, each
 * fed to the clock estimate. One chain at a time: `start()` replaces the one running, `stop()`
 * ends it. A refused or unanswered one only waits for the next minute.
 */
export class ClockSyncer {
  private timer: unknown = null;
  private run = 0;
  private readonly schedule: ClockSyncSchedule;

  constructor(private readonly opts: ClockSyncerOptions) {
    this.schedule = opts.schedule ?? DEFAULT_CLOCK_SYNC;
  }

  /** A join was answered: the round trips start over. */
  start(): void {
    this.stop();
    this.next(++this.run, 0);
  }

  stop(): void {
    this.run++;
    if (this.timer !== null) this.opts.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private next(run: number, done: number): void {
    const { burst, burstSpacingMs, intervalMs } = this.schedule;
    const delay = done < burst ? burstSpacingMs : intervalMs;
    this.timer = this.opts.timers.setTimeout(() => {
      this.timer = null;
      if (run === this.run) this.ask(run, done);
    }, delay);
  }

  private ask(run: number, done: number): void {
    const sentAt = this.opts.now();
    const onAnswer = (frame: Record<string, unknown>) => {
      const serverTime = frame.serverTime;
      if (run === this.run && typeof serverTime === 'number') {
        this.opts.onRoundTrip(sentAt, serverTime, this.opts.now());
      }
    };
    this.opts.send(onAnswer).then(
      () => run === this.run && this.next(run, done + 1),
      () => run === this.run && this.next(run, Math.max(done + 1, this.schedule.burst)),
    );
  }
}
