/**
 * The pitched instruments of the demo synthesiser. Each renders one note or chord (MIDI notes,
 * held `gate` seconds, velocity 0..1, brightness 0..1) to a mono buffer that includes its
 * release tail. Pure functions of their input, so the renderer caches them.
 */
import {
  TAU,
  addPulse,
  addSaw,
  addSine,
  applyAdsr,
  applyDecay,
  noise,
  onePoleLp,
  softClip,
  svf,
} from './dsp';
import { hash32, midiToFreq } from './theory';

export const TONES = [
  'pad',
  'strings',
  'epiano',
  'organ',
  'pluck',
  'stab',
  'bell',
  'lead',
  'flute',
  'clav',
  'guitar',
  'melodica',
  'sub',
  'boom',
  'sawBass',
  'acid',
  'fmBass',
  'reese',
  'upright',
] as const;
export type ToneName = (typeof TONES)[number];

type Envelope = Parameters<typeof applyAdsr>[2];

export interface ToneRequest {
  tone: ToneName;
  notes: number[];
  /** Seconds the note is held. */
  gate: number;
  vel: number;
  /** 0 dark .. 1 bright (filter openings). */
  bright: number;
}

/**
 * Each instrument's envelope (seconds; sustain 0..1): it rises in `attack`, falls toward the
 * sustain level in `decay` while held, and fades out in `release`, the tail after the gate.
 */
const ENVELOPE: Record<ToneName, Envelope> = {
  pad: { attack: 0.5, decay: 0.8, sustain: 0.85, release: 1.2 },
  strings: { attack: 0.07, decay: 0.3, sustain: 0.8, release: 0.45 },
  epiano: { attack: 0.003, decay: 2.2, sustain: 0.25, release: 0.5 },
  organ: { attack: 0.006, decay: 0.3, sustain: 0.7, release: 0.08 },
  pluck: { attack: 0.002, decay: 1, sustain: 1, release: 0.25 },
  stab: { attack: 0.003, decay: 0.3, sustain: 0.35, release: 0.2 },
  bell: { attack: 0.002, decay: 1, sustain: 1, release: 1.6 },
  lead: { attack: 0.01, decay: 0.3, sustain: 0.75, release: 0.2 },
  flute: { attack: 0.06, decay: 0.4, sustain: 0.8, release: 0.25 },
  clav: { attack: 0.002, decay: 0.25, sustain: 0.4, release: 0.06 },
  guitar: { attack: 0.002, decay: 1, sustain: 1, release: 0.2 },
  melodica: { attack: 0.03, decay: 0.3, sustain: 0.8, release: 0.15 },
  sub: { attack: 0.006, decay: 0.4, sustain: 0.85, release: 0.08 },
  boom: { attack: 0.002, decay: 1, sustain: 1, release: 0.25 },
  sawBass: { attack: 0.003, decay: 0.25, sustain: 0.6, release: 0.08 },
  acid: { attack: 0.002, decay: 0.2, sustain: 0.7, release: 0.06 },
  fmBass: { attack: 0.002, decay: 0.5, sustain: 0.5, release: 0.1 },
  reese: { attack: 0.01, decay: 0.4, sustain: 0.9, release: 0.15 },
  upright: { attack: 0.004, decay: 1, sustain: 1, release: 0.15 },
};

/** Detune by cents. */
const cents = (f: number, c: number) => f * Math.pow(2, c / 1200);

/** Karplus-Strong string: a noise burst circulating in a damped, all-pass-tuned delay line. */
function string(
  len: number,
  sr: number,
  freq: number,
  bright: number,
  decay: number,
  seed: number,
) {
  const out = new Float32Array(len);
  const period = sr / freq;
  // The averaging filter delays half a sample; a first-order all-pass supplies the fraction.
  const total = period - 0.5;
  const n = Math.max(2, Math.floor(total - 0.1));
  const d = total - n;
  const c = (1 - d) / (1 + d);
  const line = noise(n, seed);
  onePoleLp(line, sr, 1500 + bright * 7000);
  // Loss per round trip so the note falls by 60 dB in `decay` seconds.
  const loss = Math.pow(0.001, period / (decay * sr));
  let pos = 0;
  let lastX = 0;
  let apX = 0;
  let apY = 0;
  for (let i = 0; i < len; i++) {
    const x = line[pos];
    const avg = 0.5 * (x + lastX) * loss;
    lastX = x;
    const y = c * avg + apX - c * apY;
    apX = avg;
    apY = y;
    line[pos] = y;
    out[i] = x;
    if (++pos >= n) pos = 0;
  }
  return out;
}

/** Two-operator FM: a sine carrier modulated at `ratio`, index falling from i0 to i1 (tau s). */
function fm(
  out: Float32Array,
  sr: number,
  freq: number,
  amp: number,
  ratio: number,
  i0: number,
  i1: number,
  tau: number,
) {
  const coef = Math.exp(-1 / (tau * sr));
  let index = i0 - i1;
  let pc = 0;
  let pm = 0;
  const dc = (TAU * freq) / sr;
  const dm = (TAU * freq * ratio) / sr;
  for (let i = 0; i < out.length; i++) {
    out[i] += amp * Math.sin(pc + (i1 + index) * Math.sin(pm));
    index *= coef;
    pc += dc;
    pm += dm;
    if (pc > TAU) pc -= TAU;
    if (pm > TAU) pm -= TAU;
  }
}

function renderOne(
  tone: ToneName,
  out: Float32Array,
  sr: number,
  midi: number,
  r: ToneRequest,
  seed: number,
) {
  const f = midiToFreq(midi);
  const { gate, vel, bright } = r;
  const one = new Float32Array(out.length);
  switch (tone) {
    case 'pad':
      addSaw(one, sr, cents(f, -9), 0.3, 0.1);
      addSaw(one, sr, f, 0.3, 0.6);
      addSaw(one, sr, cents(f, 8), 0.3, 0.35);
      addSine(one, sr, f / 2, 0.12);
      svf(one, sr, 'lp', 500 + bright * 2200, 0.8);
      break;
    case 'strings':
      addSaw(one, sr, cents(f, -6), 0.35, 0.2);
      addSaw(one, sr, cents(f, 6), 0.35, 0.7);
      svf(one, sr, 'lp', 1500 + bright * 3500, 0.9);
      break;
    case 'epiano':
      fm(one, sr, f, 0.55, 1, 1.2 + 1.6 * vel * (0.5 + bright), 0.15, 0.35);
      fm(one, sr, f, 0.12 * vel, 14, 1.5, 0, 0.02);
      break;
    case 'organ':
      addSine(one, sr, f, 0.45);
      addSine(one, sr, f * 2, 0.3);
      addSine(one, sr, f * 3, 0.18 * (0.5 + bright));
      addSine(one, sr, f * 4, 0.1 * bright);
      break;
    case 'pluck':
    case 'guitar': {
      const ks = string(one.length, sr, f, bright, tone === 'guitar' ? 1.2 : 0.7, seed + midi);
      one.set(ks);
      if (tone === 'guitar') svf(one, sr, 'hp', 180);
      break;
    }
    case 'stab':
      addSaw(one, sr, cents(f, -5), 0.35);
      addSaw(one, sr, cents(f, 5), 0.35, 0.5);
      addPulse(one, sr, f, 0.2, 0.5);
      svf(one, sr, 'lp', (t) => 400 + (1500 + 3500 * bright) * Math.exp(-t / 0.12), 1.4);
      break;
    case 'bell':
      fm(one, sr, f, 0.5, 4, 2 * (0.4 + bright), 0.1, 0.5);
      applyDecay(one, sr, 0.9);
      break;
    case 'lead':
      addSaw(one, sr, cents(f, -4), 0.3);
      addPulse(one, sr, cents(f, 4), 0.25, 0.5, 0.3);
      svf(one, sr, 'lp', (t) => 900 + (1200 + 3000 * bright) * Math.exp(-t / 0.25), 1.1);
      break;
    case 'flute': {
      addSine(one, sr, f, 0.6, { rate: 5, depth: 0.12, delay: 0.25 });
      addSine(one, sr, f * 2, 0.12);
      const breath = noise(one.length, seed + midi);
      svf(breath, sr, 'bp', f * 2, 2);
      for (let i = 0; i < one.length; i++) one[i] += breath[i] * 0.06;
      break;
    }
    case 'melodica':
      addPulse(one, sr, f, 0.3, 0.3);
      addPulse(one, sr, cents(f, 7), 0.2, 0.42, 0.5);
      svf(one, sr, 'lp', 1400 + bright * 2000, 0.8);
      break;
    case 'clav':
      addPulse(one, sr, f, 0.4, 0.22);
      svf(one, sr, 'lp', (t) => 800 + 4000 * bright * Math.exp(-t / 0.08), 2.2);
      svf(one, sr, 'hp', 220);
      break;
    case 'sub':
      addSine(one, sr, f, 0.85);
      for (let i = 0; i < one.length; i++) one[i] = softClip(one[i] * 1.4) * 0.8;
      break;
    case 'boom': {
      let phase = 0;
      for (let i = 0; i < one.length; i++) {
        const t = i / sr;
        const fr = f * (1 + 0.6 * Math.exp(-t / 0.03));
        phase += (TAU * fr) / sr;
        one[i] = softClip(Math.sin(phase) * 1.8) * 0.85;
      }
      applyDecay(one, sr, 0.45 + gate * 0.3);
      break;
    }
    case 'sawBass':
      addSaw(one, sr, f, 0.45);
      addSine(one, sr, f, 0.4);
      svf(one, sr, 'lp', (t) => 250 + (600 + 1200 * bright) * Math.exp(-t / 0.09), 1.2);
      break;
    case 'acid':
      addSaw(one, sr, f, 0.5);
      svf(one, sr, 'lp', (t) => 180 + (300 + 3200 * bright) * Math.exp(-t / 0.11), 5.5);
      for (let i = 0; i < one.length; i++) one[i] = softClip(one[i] * 1.6) * 0.6;
      break;
    case 'fmBass':
      fm(one, sr, f, 0.7, 1, 2.5 * (0.5 + bright), 0.3, 0.06);
      break;
    case 'reese':
      addSaw(one, sr, cents(f, -14), 0.3);
      addSaw(one, sr, cents(f, 14), 0.3, 0.4);
      svf(one, sr, 'lp', 350 + 700 * bright, 1);
      addSine(one, sr, f, 0.45);
      break;
    case 'upright':
      addSine(one, sr, f, 0.7);
      fm(one, sr, f * 2, 0.25, 1, 1.2, 0, 0.08);
      svf(one, sr, 'lp', 900 + 600 * bright, 0.8);
      applyDecay(one, sr, 0.7);
      break;
  }
  applyAdsr(one, sr, ENVELOPE[tone], gate);
  for (let i = 0; i < out.length; i++) out[i] += one[i];
}

/** Renders a note or chord; louder with velocity, chords scaled so they do not get louder. */
export function renderTone(r: ToneRequest, sr: number): Float32Array {
  const out = new Float32Array(Math.ceil((r.gate + ENVELOPE[r.tone].release) * sr));
  const seed = hash32(r.tone);
  for (const midi of r.notes) renderOne(r.tone, out, sr, midi, r, seed);
  const gain = r.vel / Math.sqrt(Math.max(1, r.notes.length));
  for (let i = 0; i < out.length; i++) out[i] *= gain;
  return out;
}
