/**
 * SYNC-1..3: the server clock, estimated from several readings (NTP-style). Pure: the caller
 * passes every time in, in milliseconds of the local clock (`Date.now()` or a test clock).
 *
 * - A round trip (a request sent at local t0, answered with the server's `serverTime`, read at
 *   local t1) says offset = serverTime − (t0 + t1) / 2, right to within ±(t1 − t0) / 2.
 *   It also bounds it for sure: serverTime − t1 ≤ offset ≤ serverTime − t0 (no delay is negative).
 *   The estimate is the middle of where all the kept round trips' bounds overlap (each way's
 *   shortest delay counts, even from different round trips); should they not overlap (a clock
 *   stepped, answers from servers whose clocks differ), the median of the few fastest round trips.
 * - A one-way reading (a heartbeat `serverTime` read at local `received`) only says
 *   offset ≥ serverTime − received: the network delay is unknown, never negative.
 */

export interface ClockEstimatorOptions {
  /** How many round trips are kept (the newest). */
  keep: number;
  /** How many of the kept round trips with the shortest RTT the fallback is the median of. */
  best: number;
  /**
   * 'overlap': the middle of the round trips' common bounds (the fallback when they do not
   * overlap); 'best-median': always the median of the `best` fastest (kept for comparison).
   */
  method: 'overlap' | 'best-median';
  /** How long (local ms) a one-way lower bound stays fresh enough to raise the estimate. */
  lowerBoundWindowMs: number;
}

export const DEFAULT_CLOCK_OPTIONS: ClockEstimatorOptions = {
  keep: 16,
  best: 3,
  method: 'overlap',
  lowerBoundWindowMs: 120_000,
};

interface RoundTrip {
  offset: number;
  rtt: number;
  /** serverTime − t1 ≤ offset ≤ serverTime − t0. */
  low: number;
  high: number;
}

interface LowerBound {
  bound: number;
  at: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export class ClockEstimator {
  private readonly options: ClockEstimatorOptions;
  private roundTrips: RoundTrip[] = [];
  private lowerBounds: LowerBound[] = [];
  private latest = Number.NEGATIVE_INFINITY;
  private oneWayCount = 0;

  constructor(options: Partial<ClockEstimatorOptions> = {}) {
    this.options = { ...DEFAULT_CLOCK_OPTIONS, ...options };
  }

  /** SYNC-1: a request sent at local `t0`, answered with `serverTime`, read at local `t1`. */
  addRoundTrip(t0: number, serverTime: number, t1: number): void {
    if (![t0, serverTime, t1].every(Number.isFinite) || t1 < t0) return;
    this.roundTrips.push({
      offset: serverTime - (t0 + t1) / 2,
      rtt: t1 - t0,
      low: serverTime - t1,
      high: serverTime - t0,
    });
    if (this.roundTrips.length > this.options.keep) this.roundTrips.shift();
    this.touch(t1);
  }

  /** SYNC-2: a one-way reading of the server clock (a heartbeat), read at local `received`. */
  addOneWay(serverTime: number, received: number): void {
    if (!Number.isFinite(serverTime) || !Number.isFinite(received)) return;
    this.oneWayCount++;
    this.lowerBounds.push({ bound: serverTime - received, at: received });
    this.touch(received);
  }

  /** serverTime − local clock, ms (0 before any reading). */
  get offset(): number {
    const lower = this.freshLowerBound();
    if (this.roundTrips.length === 0) return lower ?? 0;
    const overlap = this.overlap();
    const estimate =
      this.options.method === 'overlap' && overlap
        ? (overlap.low + overlap.high) / 2
        : median(
            [...this.roundTrips]
              .sort((a, b) => a.rtt - b.rtt)
              .slice(0, this.options.best)
              .map((s) => s.offset),
          );
    // SYNC-2: never below a fresh lower bound (a heartbeat that came faster than the estimate allows).
    return lower === null ? estimate : Math.max(estimate, lower);
  }

  /**
   * ± ms the offset may be off by: half the width of the round trips' common bounds, at most half
   * the shortest round trip kept (null: no round trip yet).
   */
  get uncertainty(): number | null {
    if (this.roundTrips.length === 0) return null;
    const overlap = this.options.method === 'overlap' ? this.overlap() : null;
    if (overlap) return (overlap.high - overlap.low) / 2;
    return Math.min(...this.roundTrips.map((s) => s.rtt)) / 2;
  }

  /** How many readings were taken (round trips kept, one-way readings ever). */
  get samples(): { roundTrips: number; oneWay: number } {
    return { roundTrips: this.roundTrips.length, oneWay: this.oneWayCount };
  }

  /** Forget everything (a new clock, e.g. the local clock jumped). */
  reset(): void {
    this.roundTrips = [];
    this.lowerBounds = [];
    this.latest = Number.NEGATIVE_INFINITY;
    this.oneWayCount = 0;
  }

  private touch(now: number) {
    this.latest = Math.max(this.latest, now);
    const since = this.latest - this.options.lowerBoundWindowMs;
    this.lowerBounds = this.lowerBounds.filter((b) => b.at >= since);
  }

  /** Where every kept round trip's bounds overlap (null: they do not). */
  private overlap(): { low: number; high: number } | null {
    const low = Math.max(...this.roundTrips.map((s) => s.low));
    const high = Math.min(...this.roundTrips.map((s) => s.high));
    return low <= high ? { low, high } : null;
  }

  private freshLowerBound(): number | null {
    if (this.lowerBounds.length === 0) return null;
    return Math.max(...this.lowerBounds.map((b) => b.bound));
  }
}
