import { describe, expect, it } from 'vitest';
import { arrange } from './arrange';
import { compose } from './compose';
import { STYLES, STYLE_NAMES } from './styles';
import { degreeToMidi, isKey, parseKey, voiceChord } from './theory';
import { DEMO_TRACKS } from './tracks';

describe('the demo track list', () => {
  it('has 30+ original tracks with distinct titles, 1 to 4 minutes each', () => {
    expect(DEMO_TRACKS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(DEMO_TRACKS.map((t) => t.trackName)).size).toBe(DEMO_TRACKS.length);
    expect(new Set(DEMO_TRACKS.map((t) => t.seed)).size).toBe(DEMO_TRACKS.length);
    for (const t of DEMO_TRACKS) {
      expect(t.trackName.trim()).toBe(t.trackName);
      expect(t.artistName.length).toBeGreaterThan(0);
      expect(t.albumName.length).toBeGreaterThan(0);
      expect(Number.isInteger(t.seconds)).toBe(true);
      expect(t.seconds).toBeGreaterThanOrEqual(60);
      expect(t.seconds).toBeLessThanOrEqual(240);
      expect(t.releaseYear).toBeGreaterThanOrEqual(2000);
    }
  });

  it('spans the genres, each played by a style of its own', () => {
    const genres = new Set(DEMO_TRACKS.map((t) => t.genre));
    for (const g of ['House', 'Techno', 'Ambient', 'Lo-fi', 'Disco', 'Drum & Bass', 'Synthwave']) {
      expect(genres).toContain(g);
    }
    for (const g of ['Jazz', 'Reggae', 'Funk', 'Hip-Hop', 'Afrobeat', 'Downtempo', 'Chillwave']) {
      expect(genres).toContain(g);
    }
    // Every style plays some track; a genre is always the same style.
    expect(new Set(DEMO_TRACKS.map((t) => t.style))).toEqual(new Set(STYLE_NAMES));
    for (const g of genres) {
      expect(new Set(DEMO_TRACKS.filter((t) => t.genre === g).map((t) => t.style)).size).toBe(1);
    }
  });

  it('lists one track of each album before the second ones (small catalogues are varied)', () => {
    const albums = new Set(DEMO_TRACKS.map((t) => t.albumName)).size;
    const first = DEMO_TRACKS.slice(0, albums);
    expect(new Set(first.map((t) => t.genre)).size).toBe(albums);
  });

  it('gives every track a real key and a tempo that suits its style', () => {
    const tempo: Record<string, [number, number]> = {
      house: [118, 128],
      techno: [125, 140],
      dnb: [160, 180],
      ambient: [55, 90],
      reggae: [65, 90],
      lofi: [70, 95],
      hiphop: [80, 100],
    };
    for (const t of DEMO_TRACKS) {
      expect(isKey(t.key), t.key).toBe(true);
      const [lo, hi] = tempo[t.style] ?? [60, 180];
      expect(t.bpm, `${t.trackName} at ${t.bpm} bpm`).toBeGreaterThanOrEqual(lo);
      expect(t.bpm, `${t.trackName} at ${t.bpm} bpm`).toBeLessThanOrEqual(hi);
    }
  });
});

describe('music theory', () => {
  it('reads keys and places scale degrees', () => {
    expect(parseKey('F# minor')).toMatchObject({ tonic: 6, mode: 'minor' });
    expect(() => parseKey('H major')).toThrow(/not a key/);
    const a = parseKey('A minor');
    expect(degreeToMidi(a, 0, 48)).toBe(57); // A3
    expect(degreeToMidi(a, 2, 48)).toBe(60); // C4, the minor third
    expect(degreeToMidi(a, 7, 48)).toBe(69); // A4
    expect(degreeToMidi(a, -1, 48)).toBe(55); // G3
  });

  it('voices chords close around a centre', () => {
    const c = parseKey('C major');
    expect(voiceChord(c, [0, 2, 4], 64)).toEqual([60, 64, 67]);
    // The V chord (G B D) near E4: stays within a tritone of the centre.
    for (const n of voiceChord(c, [4, 6, 8], 64)) expect(Math.abs(n - 64)).toBeLessThanOrEqual(6);
  });
});

describe('song form and score', () => {
  it('arranges whole phrases that add up to the track, for every form', () => {
    for (const form of ['club', 'groove', 'ambient'] as const) {
      for (const bars of [3, 17, 64, 111]) {
        const sections = arrange(form, bars);
        expect(sections.reduce((sum, x) => sum + x.bars, 0)).toBe(bars);
        sections.forEach((x, i) => {
          expect(x.startBar).toBe(i === 0 ? 0 : sections[i - 1].startBar + sections[i - 1].bars);
          if (i < sections.length - 1) expect(x.bars % 4).toBe(0);
        });
      }
    }
  });

  it('writes notes inside the track, melodies in the key, the same score for the same seed', () => {
    for (const track of DEMO_TRACKS.slice(0, STYLE_NAMES.length)) {
      const score = compose(track, track.seconds);
      expect(score.events.length).toBeGreaterThan(50);
      expect(score.events.every((e) => e.time >= 0 && e.time < track.seconds)).toBe(true);
      const key = parseKey(track.key);
      const scale = new Set(key.intervals.map((i) => (i + key.tonic) % 12));
      const leadTones = new Set<string>(STYLES[track.style].lead.tones);
      const melody = score.events.filter(
        (e) => e.voice.kind === 'tone' && leadTones.has(e.voice.tone) && e.echo > 0,
      );
      for (const e of melody) {
        if (e.voice.kind !== 'tone') continue;
        for (const n of e.voice.notes)
          expect(scale.has(n % 12), `${track.trackName}: ${n}`).toBe(true);
      }
      expect(compose(track, track.seconds)).toEqual(score);
    }
  });
});
