import { describe, expect, it } from 'vitest';
import {
  DriftController,
  expectedPositionSeconds,
  serverClockOffset,
  serverNow,
  startOffsetSeconds,
} from './sync';

describe('the server clock', () => {
  it('the offset is serverTime − local clock; the server clock is the local one plus it', () => {
    expect(serverClockOffset(1_000_750, 1_000_000)).toBe(750);
    expect(serverClockOffset(999_600, 1_000_000)).toBe(-400);
    expect(serverNow(750, () => 1_000_000)).toBe(1_000_750);
  });
});

describe('expectedPositionSeconds', () => {
  it('is duration − (endTime − serverNow), never negative', () => {
    expect(expectedPositionSeconds({ duration: 200 }, 200_000, 50_000)).toBe(50);
    expect(expectedPositionSeconds({ duration: 200 }, 200_000, -5_000)).toBe(0);
  });
});

describe('startOffsetSeconds', () => {
  const np = (duration: number, endTime: number) => ({ song: { duration }, endTime });
  it('is duration − remaining time', () => {
    expect(startOffsetSeconds(np(200, 200_000), 50_000)).toBe(50);
  });
  it('is never negative (server clock before the start)', () => {
    expect(startOffsetSeconds(np(200, 200_000), -10_000)).toBe(0);
  });
});

describe('DriftController', () => {
  it('does nothing inside the settle band', () => {
    const c = new DriftController();
    expect(c.decide(10.02, 10)).toEqual({ kind: 'none', drift: expect.closeTo(0.02, 5), rate: 1 });
  });

  it('SYNC-4: nudges the rate for small drift, against the drift and at most ±3 %', () => {
    const c = new DriftController();
    const ahead = c.decide(10.1, 10);
    expect(ahead.kind).toBe('nudge');
    expect(ahead.rate).toBeCloseTo(0.97, 5);
    expect(c.decide(9.75, 10).rate).toBeCloseTo(1.03, 5);
    const behind = c.decide(9.96, 10);
    expect(behind.kind).toBe('nudge');
    expect(behind.rate).toBeCloseTo(1.02, 5);
  });

  it('seeks past 300 ms either way', () => {
    const c = new DriftController();
    expect(c.decide(8, 10)).toMatchObject({ kind: 'seek', seekTo: 10, rate: 1 });
    expect(new DriftController().decide(12.5, 10)).toMatchObject({ kind: 'seek', seekTo: 10 });
    const aligned = new DriftController();
    aligned.decide(10, 10);
    expect(aligned.decide(10.29, 10).kind).toBe('nudge');
  });

  it('while a song starts, seeks past 100 ms instead, at most 3 times', () => {
    const c = new DriftController();
    expect(c.decide(9.8, 10).kind).toBe('seek');
    expect(c.decide(10.85, 11).kind).toBe('seek'); // 150 ms short: the seek took 150 ms
    expect(c.seekLead()).toBeCloseTo(0.15, 5);
    expect(c.decide(12.05, 12).kind).toBe('nudge'); // within 100 ms: aligned
    expect(c.decide(13.2, 13).kind).toBe('nudge'); // aligned: 300 ms rules again
    const stubborn = new DriftController();
    for (let i = 0; i < 3; i++) expect(stubborn.decide(i + 0.2 + i * 0.001, i).kind).toBe('seek');
    expect(stubborn.decide(3.2, 3).kind).toBe('nudge');
    stubborn.reset();
    expect(stubborn.decide(3.2, 3).kind).toBe('seek');
  });

  it('learns how long a seek takes and aims the next one that far ahead', () => {
    const c = new DriftController();
    expect(c.decide(0, 5)).toMatchObject({ kind: 'seek', seekTo: 5 });
    // One tick later the media is 0.4 s behind: the seek took 0.4 s to play again.
    const next = c.decide(5.6, 6);
    expect(c.seekLead()).toBeCloseTo(0.4, 5);
    expect(next).toMatchObject({ kind: 'seek' });
    expect((next as { seekTo: number }).seekTo).toBeCloseTo(6.4, 5);
    // Landing on time keeps the lead; reset forgets it.
    c.decide(7, 7);
    expect(c.seekLead()).toBeCloseTo(0.4, 5);
    c.reset();
    expect(c.seekLead()).toBe(0);
  });

  it('caps the lead and never aims before 0', () => {
    const c = new DriftController({ maxLead: 1, alignSeeks: 0 });
    c.decide(0, 10);
    c.decide(5, 15); // 10 s behind right after a seek
    expect(c.seekLead()).toBe(1);
    expect(new DriftController().decide(3, 0)).toMatchObject({ kind: 'seek', seekTo: 0 });
  });

  it('SYNC-10: after a gapless switch (reset without aligning) 150 ms is nudged, not seeked', () => {
    const c = new DriftController();
    c.reset(false);
    expect(c.decide(0.85, 1).kind).toBe('nudge');
    c.reset();
    expect(c.decide(0.85, 1).kind).toBe('seek');
  });

  it('nudging can be turned off', () => {
    expect(new DriftController({ maxNudge: 0, alignSeeks: 0 }).decide(10.2, 10).kind).toBe('none');
  });
});
