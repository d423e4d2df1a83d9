/**
 * How each genre of the demo catalogue sounds: drum patterns, bass lines, chord rhythms,
 * instruments, progressions, swing, effects and song form. A track picks one option of each
 * list with its seeded generator, so two tracks of a genre are related but not the same.
 *
 * Patterns are 16 steps per bar (sixteenth notes; a 32-step pattern spans two bars):
 * - drums: `X` accent, `x` hit, `o` ghost, `.` nothing;
 * - bass: `R` root, `T` third, `F` fifth, `S` seventh, `O` octave, `L` fifth below, `-` hold,
 *   `.` rest; `walk` is a walking bass (quarter notes leading to the next chord);
 * - chords: `x` chord, `-` hold, `.` rest.
 */
import type { DrumName } from './drums';
import type { ToneName } from './instruments';

export type Layer = 'kick' | 'snare' | 'hats' | 'perc' | 'bass' | 'chords' | 'lead' | 'arp';
export type Form = 'club' | 'groove' | 'ambient';

export interface DrumPart {
  voice: DrumName;
  layer: Exclude<Layer, 'bass' | 'chords' | 'lead' | 'arp'>;
  patterns: string[];
  gain: number;
  pan?: number;
  reverb?: number;
  echo?: number;
}

export interface Style {
  form: Form;
  /** Delay of the off-beat unit, as a fraction of it (0 straight .. 0.6 heavy swing). */
  swing: number;
  /** Swung unit in steps: 1 = sixteenths, 2 = eighths. */
  swingUnit: 1 | 2;
  /** Random timing spread, seconds. */
  humanize: number;
  drums: DrumPart[];
  /** Snare pattern of the bar before a new section (empty: no fill). */
  fill: string;
  /** Side-chain pumping depth of bass and chords on each beat (0: none). */
  pump: number;
  bass: { tones: ToneName[]; patterns: string[]; gain: number };
  chords: {
    tones: ToneName[];
    rhythms: string[];
    /** 3 triads, 4 sevenths, 5 ninths. */
    size: 3 | 4 | 5;
    /** MIDI note the voicing centres on. */
    center: number;
    gain: number;
    reverb: number;
    /** Stereo width: right channel delay in ms. */
    width: number;
  };
  lead: {
    tones: ToneName[];
    /** Notes per bar, about. */
    density: number;
    /** Melody grid in steps: 1 sixteenths, 2 eighths, 4 quarters. */
    grid: 1 | 2 | 4;
    /** Octaves above the middle register. */
    octave: number;
    gain: number;
    reverb: number;
    echo: number;
  };
  arp: { tones: ToneName[]; rate: 1 | 2 | 4; gain: number; octave: number } | null;
  /** Progressions as scale degrees (0 = tonic), for minor-ish and major-ish keys. */
  progressions: { minor: number[][]; major: number[][] };
  barsPerChord: (1 | 2)[];
  reverb: { size: number; damp: number; wet: number };
  /** Echo time in beats and feedback. */
  delay: { beats: number; feedback: number };
  texture: DrumName | null;
  /** Low-pass of the whole mix (Hz), 0 for none. */
  darken: number;
  riser: boolean;
}

export const FOUR = 'x...x...x...x...';
export const BACKBEAT = '....x.......x...';
export const OFFBEAT = '..x...x...x...x.';
export const EIGHTHS = 'x.x.x.x.x.x.x.x.';
export const SIXTEENTHS = 'xoxoxoxoxoxoxoxo';
export const ROLL = '....x...x.x.xxxx';

export const MINOR_POP = [
  [0, 5, 2, 6],
  [0, 3, 6, 2],
  [0, 6, 5, 6],
  [5, 6, 0, 0],
];
export const MAJOR_POP = [
  [0, 4, 5, 3],
  [5, 3, 0, 4],
  [0, 5, 3, 4],
  [3, 4, 2, 5],
];
