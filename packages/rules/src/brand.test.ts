import { describe, expect, it } from 'vitest';
import { SEARCH_SOURCES } from '@tt/protocol';
import { BRAND_INFO, brandOffersSource, parseBrand } from './brand';

describe('brands', () => {
  it('BRAND-PROVIDERS-1: turntable offers every source; hangout the paid catalogue and uploads', () => {
    expect(SEARCH_SOURCES.filter((s) => brandOffersSource('turntable', s))).toEqual([
      ...SEARCH_SOURCES,
    ]);
    expect(SEARCH_SOURCES.filter((s) => brandOffersSource('hangout', s))).toEqual([
      'uploadService',
      'sevenDigital',
    ]);
  });

  it('BRAND-NAME-1: each brand has its own name; BRAND values are forgiving, unknown ones null', () => {
    expect(BRAND_INFO.hangout.title).toBe('hangout.fm');
    expect(BRAND_INFO.turntable.title).toBe('Turntable LIVE');
    expect(parseBrand(' Hangout ')).toBe('hangout');
    expect(parseBrand('turntable')).toBe('turntable');
    expect(parseBrand('myspace')).toBeNull();
    expect(parseBrand(undefined)).toBeNull();
  });
});
