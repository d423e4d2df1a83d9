import { describe, expect, it } from 'vitest';
import { pagesFor, rowAt, scrollToReveal, visibleRange } from './windowing';

describe('crate list windowing', () => {
  it('renders only the rows in view plus overscan, for 10,000 songs', () => {
    // 56 px rows, a 560 px viewport scrolled to row 5,000.
    const r = visibleRange(5000 * 56, 560, 56, 10_000, 4);
    expect(r).toEqual({ start: 4996, end: 5015 });
    expect(r.end - r.start).toBeLessThan(30);
  });

  it('clamps at the top and the bottom', () => {
    expect(visibleRange(-40, 560, 56, 10_000, 4)).toEqual({ start: 0, end: 15 });
    expect(visibleRange(10_000 * 56, 560, 56, 10_000, 4)).toEqual({ start: 9995, end: 10_000 });
    expect(visibleRange(0, 560, 56, 3, 4)).toEqual({ start: 0, end: 3 });
    expect(visibleRange(0, 560, 56, 0)).toEqual({ start: 0, end: 0 });
  });

  it('names the 300-song pages a range needs', () => {
    expect(pagesFor({ start: 0, end: 20 }, 300)).toEqual([0]);
    expect(pagesFor({ start: 290, end: 310 }, 300)).toEqual([0, 300]);
    expect(pagesFor({ start: 9_990, end: 10_000 }, 300)).toEqual([9_900]);
    expect(pagesFor({ start: 5, end: 5 }, 300)).toEqual([]);
  });

  it('scrolls a row into view only when it is not', () => {
    expect(scrollToReveal(5, 0, 560, 56)).toBe(null);
    expect(scrollToReveal(10, 600, 560, 56)).toBe(560);
    expect(scrollToReveal(20, 0, 560, 56)).toBe(21 * 56 - 560);
  });

  it('finds the row under a drop point', () => {
    expect(rowAt(0, 56, 10)).toBe(0);
    expect(rowAt(57, 56, 10)).toBe(1);
    expect(rowAt(9999, 56, 10)).toBe(9);
    expect(rowAt(-5, 56, 10)).toBe(0);
  });
});
