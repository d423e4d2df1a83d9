import { describe, expect, it } from 'vitest';
import { ClockEstimator } from './clock';
import { seededRandom as seeded } from './testing';

/** The local clock is 1.234 s behind the server: offset = server − local = +1234 ms. */
const TRUE_OFFSET = 1234;

/**
 * A simulated link: one-way delays of 5–200 ms, drawn apart for each way (asymmetric), mostly
 * short with a long tail (5 + 195·r³, as queueing delays are), or spread evenly (5 + 195·r).
 */
function link(random: () => number, spread: 'tail' | 'even' = 'tail') {
  const delay = () => 5 + 195 * (spread === 'tail' ? random() ** 3 : random());
  let local = 1_700_000_000_000;
  return {
    /** A request sent now, stamped by the server on arrival, its answer read on return. */
    roundTrip(): [number, number, number] {
      const t0 = local;
      const up = delay();
      const serverTime = t0 + up + TRUE_OFFSET;
      const t1 = t0 + up + delay();
      local = t1 + 1000 + random() * 4000;
      return [t0, serverTime, t1];
    },
    /** A heartbeat stamped by the server now, read after one delay. */
    oneWay(): [number, number] {
      const serverTime = local + TRUE_OFFSET;
      const received = local + delay();
      local = received + 1000;
      return [serverTime, received];
    },
    get now() {
      return local;
    },
  };
}

describe('ClockEstimator', () => {
  it('SYNC-1: a round trip gives serverTime − (t0 + t1) / 2, ± half the round trip', () => {
    const c = new ClockEstimator();
    expect(c.offset).toBe(0);
    expect(c.uncertainty).toBeNull();
    c.addRoundTrip(1000, 5100, 1200);
    expect(c.offset).toBe(4000);
    expect(c.uncertainty).toBe(100);
    expect(c.samples).toEqual({ roundTrips: 1, oneWay: 0 });
  });

  it('SYNC-1: lands within 10 ms of the true offset after 8 round trips, with skew and jitter', () => {
    const errors: number[] = [];
    for (let seed = 1; seed <= 200; seed++) {
      const l = link(seeded(seed));
      const c = new ClockEstimator();
      for (let i = 0; i < 8; i++) c.addRoundTrip(...l.roundTrip());
      const error = Math.abs(c.offset - TRUE_OFFSET);
      errors.push(error);
      // The truth is always inside the bounds the estimate gives.
      expect(error, `seed ${seed}`).toBeLessThanOrEqual(c.uncertainty!);
    }
    errors.sort((a, b) => a - b);
    expect(errors[Math.floor(errors.length * 0.95)]).toBeLessThanOrEqual(10);
  });

  it('SYNC-1: with delays spread evenly over 5–200 ms the truth stays inside the bounds', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const l = link(seeded(seed), 'even');
      const c = new ClockEstimator();
      for (let i = 0; i < 8; i++) c.addRoundTrip(...l.roundTrip());
      expect(Math.abs(c.offset - TRUE_OFFSET), `seed ${seed}`).toBeLessThanOrEqual(c.uncertainty!);
      expect(c.uncertainty).toBeLessThan(100);
    }
  });

  it('SYNC-1: round trips that do not overlap (a clock stepped) fall back to the fastest ones', () => {
    const c = new ClockEstimator();
    c.addRoundTrip(0, 1010, 20); // [990, 1010]
    c.addRoundTrip(100, 1200, 130); // [1070, 1100]: no overlap
    c.addRoundTrip(200, 1230, 240); // [990, 1030]
    expect(c.offset).toBe(1010); // median of 1000, 1085, 1010
    expect(c.uncertainty).toBe(10);
  });

  it('SYNC-1: keeps the best round trips of the last 16; a late slow one does not move it', () => {
    const c = new ClockEstimator();
    c.addRoundTrip(0, 1010 + 5, 10);
    c.addRoundTrip(100, 1110 + 6, 112);
    c.addRoundTrip(200, 1210 + 4, 208);
    const before = c.offset;
    // A slow answer (800 ms: 750 there, 50 back): its midpoint is 350 ms off.
    c.addRoundTrip(300, 300 + 1010 + 750, 1100);
    expect(c.offset).toBe(before);
    for (let i = 0; i < 20; i++)
      c.addRoundTrip(2000 + i * 100, 3000 + i * 100 + 20, 2040 + i * 100);
    expect(c.samples.roundTrips).toBe(16);
    expect(c.offset).toBe(1000);
  });

  it('SYNC-2: one-way readings never lower the estimate', () => {
    const random = seeded(7);
    const l = link(random);
    const c = new ClockEstimator();
    for (let i = 0; i < 8; i++) c.addRoundTrip(...l.roundTrip());
    const estimate = c.offset;
    for (let i = 0; i < 50; i++) {
      c.addOneWay(...l.oneWay());
      expect(c.offset).toBeGreaterThanOrEqual(estimate);
      // …and stay at or under the truth: a heartbeat is only a lower bound.
      expect(c.offset).toBeLessThanOrEqual(Math.max(estimate, TRUE_OFFSET));
    }
  });

  it('SYNC-2: a fresh lower bound raises an estimate under it, an old one no longer does', () => {
    const c = new ClockEstimator();
    c.addRoundTrip(0, 1000, 100); // offset 950 ± 50
    c.addOneWay(2000 + 980, 2000); // the server said 2980 at 2000: offset ≥ 980
    expect(c.offset).toBe(980);
    // Two minutes later the bound is stale: the round trips alone again.
    c.addOneWay(200_000 + 900, 200_000);
    expect(c.offset).toBe(950);
  });

  it('SYNC-2: with heartbeats only, the estimate is the best fresh lower bound', () => {
    const c = new ClockEstimator();
    c.addOneWay(1_000_400, 1_000_000);
    c.addOneWay(1_010_300, 1_010_000);
    expect(c.offset).toBe(400);
    expect(c.uncertainty).toBeNull();
    expect(c.samples).toEqual({ roundTrips: 0, oneWay: 2 });
  });

  it('ignores readings that make no sense (answer before the request, not numbers)', () => {
    const c = new ClockEstimator();
    c.addRoundTrip(100, 5000, 50);
    c.addOneWay(Number.NaN, 10);
    expect(c.samples).toEqual({ roundTrips: 0, oneWay: 0 });
  });
});
