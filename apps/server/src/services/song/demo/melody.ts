/**
 * Melodies and bass lines from the seeded generator: two-bar motifs over the key's scale built
 * into eight-bar phrases (A A' B A''), and a walking bass for the jazz-ish tracks.
 */
import {
  chordDegrees,
  degreeToMidi,
  nearestChordTone,
  voiceChord,
  type Key,
  type Rng,
} from './theory';

/** A melody note: its step in the phrase (16 per bar), length in steps, scale degree. */
export interface MelodyNote {
  step: number;
  len: number;
  deg: number;
}

const LOWEST = -2;
const HIGHEST = 9;
const MOVES = [-2, -1, -1, -1, 0, 1, 1, 1, 2, 2, -3, 3, 4];

/** Keeps a degree in the melody's range by reflecting it off the edges. */
function inRange(deg: number): number {
  if (deg < LOWEST) return LOWEST + (LOWEST - deg);
  if (deg > HIGHEST) return HIGHEST - (deg - HIGHEST);
  return deg;
}

/**
 * A two-bar motif: onsets on a grid of `grid` steps (more likely on strong beats, about
 * `density` notes a bar), pitches a random walk of small steps over the scale.
 */
export function motif(r: Rng, density: number, grid: number): MelodyNote[] {
  const steps = 32;
  const fill = density / (16 / grid);
  const onsets: number[] = [];
  for (let s = 0; s < steps; s += grid) {
    const strong = s % 8 === 0;
    const beat = s % 4 === 0;
    const tail = s >= steps - 4 ? 0.4 : 1; // breathe before the motif repeats
    const p = s === 0 ? 0.85 : Math.min(0.95, fill * (strong ? 1.5 : beat ? 1.15 : 0.75) * tail);
    if (r.chance(p)) onsets.push(s);
  }
  if (onsets.length < 2) onsets.splice(0, onsets.length, 0, 12, 16);
  let deg = r.pick([0, 2, 4, 4, 7]);
  return onsets.map((step, i) => {
    const room = (onsets[i + 1] ?? steps) - step;
    const len = room > grid * 2 && r.chance(0.3) ? grid : Math.min(room, 8);
    if (i > 0) deg = inRange(deg + r.pick(MOVES));
    return { step, len, deg };
  });
}

/** The same rhythm with one note moved a step (a repeat that is not a copy). */
function vary(r: Rng, notes: MelodyNote[]): MelodyNote[] {
  const out = notes.map((n) => ({ ...n }));
  const i = r.int(1, Math.max(1, out.length - 1));
  if (out[i]) out[i].deg = inRange(out[i].deg + r.pick([-1, 1, 2]));
  return out;
}

/** Ends on the tonic (or its octave), for the close of a phrase. */
function resolve(notes: MelodyNote[]): MelodyNote[] {
  const out = notes.map((n) => ({ ...n }));
  const last = out[out.length - 1];
  last.deg = last.deg > 3 ? 7 : 0;
  return out;
}

const shift = (notes: MelodyNote[], by: number) => notes.map((n) => ({ ...n, step: n.step + by }));

/** Two eight-bar phrases (128 steps each): A A' B A'' and B B' A B''. */
export function phrases(r: Rng, density: number, grid: number): [MelodyNote[], MelodyNote[]] {
  const a = motif(r, density, grid);
  const b = motif(r, density * 1.2, grid);
  const build = (x: MelodyNote[], y: MelodyNote[]) => [
    ...x,
    ...shift(vary(r, x), 32),
    ...shift(y, 64),
    ...shift(resolve(x), 96),
  ];
  return [build(a, b), build(b, a)];
}

/** A melody note's degree over a chord: strong beats land on chord tones. */
export function fitToChord(note: MelodyNote, chordRoot: number, sevenths: boolean): number {
  return note.step % 4 === 0 ? nearestChordTone(note.deg, chordRoot, sevenths) : note.deg;
}

/** The chord's root placed in the bass register (within a fifth below / a sixth above `home`). */
export function bassRoot(key: Key, root: number, home: number): number {
  const m = degreeToMidi(key, root, 0);
  let placed = m + 12 * Math.round((home - m) / 12);
  if (placed > home + 6) placed -= 12;
  return placed;
}

/** A bass note by pattern letter over the chord on `root`, in the bass register. */
export function bassNote(key: Key, root: number, letter: string, home: number): number {
  const offset = { R: 0, T: 2, F: 4, S: 6, O: 7, L: -3 }[letter] ?? 0;
  const base = bassRoot(key, root, home);
  return base + degreeToMidi(key, root + offset, 0) - degreeToMidi(key, root, 0);
}

/** Four quarter notes of a walking bass: root, two chord or scale tones, an approach note. */
export function walkingBar(r: Rng, key: Key, root: number, next: number, home: number): number[] {
  const first = bassRoot(key, root, home);
  const up = (deg: number) => first + degreeToMidi(key, root + deg, 0) - degreeToMidi(key, root, 0);
  const second = up(r.pick([1, 2, 2, 4]));
  const third = up(r.pick([2, 4, 4, 5, 7]));
  const target = bassRoot(key, next, home);
  const approach = r.pick([target - 1, target + 1, target + 2, target - 2]);
  return [first, second, third, approach];
}

/** The chord of `size` on `root`, voiced around `center`. */
export const chordNotes = (key: Key, root: number, size: 3 | 4 | 5, center: number) =>
  voiceChord(key, chordDegrees(root, size), center);
