/**
 * The little music theory the demo synthesiser needs: a seeded random generator, keys and
 * scales, scale degrees to MIDI notes, diatonic chords and their voicing.
 */

/** A deterministic generator (mulberry32): the same seed always gives the same numbers. */
export interface Rng {
  /** 0 ≤ n < 1 */
  next(): number;
  /** An integer lo ≤ n ≤ hi. */
  int(lo: number, hi: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** lo ≤ n < hi */
  range(lo: number, hi: number): number;
}

/** A 32-bit hash of a text (FNV-1a), to derive independent streams from one seed. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A generator for `seed`; `stream` names an independent sequence (melody, drums...). */
export function rng(seed: number, stream = ''): Rng {
  let a = (seed ^ hash32(stream)) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    range: (lo, hi) => lo + next() * (hi - lo),
  };
}

const PITCH_CLASSES: Record<string, number> = {
  C: 0,
  'C#': 1,
  Db: 1,
  D: 2,
  'D#': 3,
  Eb: 3,
  E: 4,
  F: 5,
  'F#': 6,
  Gb: 6,
  G: 7,
  'G#': 8,
  Ab: 8,
  A: 9,
  'A#': 10,
  Bb: 10,
  B: 11,
};

export const MODES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
} as const;
export type ModeName = keyof typeof MODES;

export interface Key {
  /** Pitch class of the tonic, 0 = C. */
  tonic: number;
  mode: ModeName;
  intervals: readonly number[];
}

const KEY_PATTERN = /^([A-G](?:#|b)?) (major|minor|dorian|mixolydian)$/;

/** "F# minor" → the key; throws on anything else (the track list is checked by a test). */
export function parseKey(text: string): Key {
  const m = KEY_PATTERN.exec(text);
  if (!m) throw new Error(`not a key: ${text}`);
  const mode = m[2] as ModeName;
  return { tonic: PITCH_CLASSES[m[1]], mode, intervals: MODES[mode] };
}

export const isKey = (text: string) => KEY_PATTERN.test(text);

/** Whether the key's third is minor (chord qualities and progressions follow it). */
export const isMinor = (key: Key) => key.intervals[2] === 3;

/**
 * The MIDI note of a scale degree (0 = tonic; negative and ≥ 7 wrap into other octaves), with
 * the tonic placed in the octave that starts at `base` (a MIDI note of a C, e.g. 48 = C3).
 */
export function degreeToMidi(key: Key, degree: number, base: number): number {
  const octave = Math.floor(degree / 7);
  const step = degree - octave * 7;
  return base + key.tonic + octave * 12 + key.intervals[step];
}

export const midiToFreq = (midi: number) => 440 * Math.pow(2, (midi - 69) / 12);

/** The scale degrees of the diatonic chord on `root`: a triad, a seventh or a ninth chord. */
export function chordDegrees(root: number, size: 3 | 4 | 5): number[] {
  return Array.from({ length: size }, (_, i) => root + 2 * i);
}

/**
 * A chord voiced close around `center` (MIDI): each chord tone goes to the octave nearest the
 * centre, so consecutive chords move little (simple voice leading). Ascending, no duplicates.
 */
export function voiceChord(key: Key, degrees: number[], center: number): number[] {
  const notes = degrees.map((d) => {
    let m = degreeToMidi(key, d, 0);
    m += 12 * Math.round((center - m) / 12);
    if (m > center + 6) m -= 12;
    if (m < center - 6) m += 12;
    return m;
  });
  return [...new Set(notes)].sort((a, b) => a - b);
}

/** The nearest degree to `degree` that is a tone of the chord on `root` (root, third, fifth). */
export function nearestChordTone(degree: number, root: number, withSeventh = false): number {
  const tones = withSeventh ? [0, 2, 4, 6] : [0, 2, 4];
  let best = degree;
  let bestDistance = Infinity;
  for (let d = degree - 3; d <= degree + 3; d++) {
    const rel = (((d - root) % 7) + 7) % 7;
    if (tones.includes(rel) && Math.abs(d - degree) < bestDistance) {
      best = d;
      bestDistance = Math.abs(d - degree);
    }
  }
  return best;
}
