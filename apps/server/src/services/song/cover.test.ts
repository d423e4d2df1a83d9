import { describe, expect, it } from 'vitest';
import { coverSvg, initials, shapeFamily } from './cover';
import { demoSongShortId } from './short-id';
import { DEMO_TRACKS } from './demo/tracks';

describe('generated covers', () => {
  it('take up to two initials from the title', () => {
    expect(initials('Late Tram to Nowhere')).toBe('LT');
    expect(initials('kettle')).toBe('K');
    expect(initials('  (blue) ink  ')).toBe('BI');
    expect(initials('élan vital')).toBe('ÉV');
    expect(initials('...')).toBe('♪');
  });

  it('choose the shapes from the genre', () => {
    expect(shapeFamily('Techno')).toBe('rings');
    expect(shapeFamily('Lo-fi')).toBe('waves');
    expect(shapeFamily('Disco')).toBe('stripes');
    expect(shapeFamily('Afrobeat')).toBe('triangles');
    expect(shapeFamily('Polka')).toBe('squares');
    expect(shapeFamily(null)).toBe('squares');
  });

  it('are the same for the same song and differ between songs', () => {
    const a = { id: 'abcdefghjk', genre: 'House', trackName: 'Brass Elevator' };
    expect(coverSvg(a)).toBe(coverSvg({ ...a }));
    expect(coverSvg(a)).not.toBe(coverSvg({ ...a, id: 'bcdefghjkm' }));
    expect(coverSvg(a)).not.toBe(coverSvg({ ...a, genre: 'Jazz' }));
  });

  it('escape the title', () => {
    const svg = coverSvg({ id: 'abcdefghjk', genre: '<b>', trackName: '<script> & "x"' });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;script&gt; &amp; &quot;x&quot;');
  });

  it('differ across the whole demo catalogue', () => {
    const covers = DEMO_TRACKS.map((t) =>
      coverSvg({ id: demoSongShortId(t.trackName), genre: t.genre, trackName: t.trackName }),
    );
    expect(new Set(covers).size).toBe(covers.length);
  });
});
