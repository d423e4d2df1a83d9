import { describe, expect, it } from 'vitest';
import { SET_CRATE_NAME_MAX, setClock, setCrateName, setDay } from './room-sets';

describe('SET-6: how a set reads in the apps', () => {
  it('names the day and the time in the person’s language', () => {
    const iso = '2026-11-27T20:05:00.000Z';
    expect(setDay(iso, 'en-US')).toMatch(/Nov 2\d, 2026/);
    expect(setDay(iso, 'es')).toMatch(/nov/);
    expect(setClock(iso, 'en-US')).toMatch(/\d{1,2}:05\s?[AP]M/);
    expect(setClock(iso, 'es')).toMatch(/^\d{1,2}:05$/);
  });

  it('cuts a long crate name to what a crate holds', () => {
    expect(setCrateName('Late Night Grooves — Nov 27, 2026')).toBe(
      'Late Night Grooves — Nov 27, 2026',
    );
    expect(setCrateName('x'.repeat(150))).toHaveLength(SET_CRATE_NAME_MAX);
  });
});
