/**
 * The drum and percussion voices of the demo synthesiser, from pitched sines and filtered
 * noise (no samples). Each renders one hit to a mono buffer; `length` (seconds) sizes the
 * voices that have none of their own (risers, vinyl crackle).
 */
import { TAU, addPulse, applyDecay, noise, softClip, svf } from './dsp';
import { hash32 } from './theory';

export const DRUMS = [
  'kick',
  'kickTight',
  'kickSoft',
  'kick808',
  'snare',
  'snareFat',
  'brush',
  'rim',
  'clap',
  'hat',
  'openHat',
  'ride',
  'shaker',
  'crash',
  'tom',
  'conga',
  'congaHigh',
  'cowbell',
  'riser',
  'crackle',
  'wind',
] as const;
export type DrumName = (typeof DRUMS)[number];

/** A sine whose frequency falls from f0 + sweep to f0 (time constant tau), as a drum body. */
function body(len: number, sr: number, f0: number, sweep: number, tau: number, amp: number) {
  const out = new Float32Array(len);
  let phase = 0;
  for (let i = 0; i < len; i++) {
    const f = f0 + sweep * Math.exp(-i / (tau * sr));
    phase += (TAU * f) / sr;
    out[i] = amp * Math.sin(phase);
  }
  return out;
}

/** Band-limited noise burst: filtered, decaying. */
function hiss(
  len: number,
  sr: number,
  seed: number,
  mode: 'hp' | 'bp' | 'lp',
  fc: number,
  q = 0.7,
) {
  const n = noise(len, seed);
  svf(n, sr, mode, fc, q);
  return n;
}

/** Six detuned square waves (the classic analogue-cymbal recipe), high-passed. */
function metal(len: number, sr: number, scale: number) {
  const out = new Float32Array(len);
  for (const f of [205.3, 304.4, 369.6, 522.7, 540, 800]) addPulse(out, sr, f * scale, 0.15);
  svf(out, sr, 'bp', 8000, 0.9);
  svf(out, sr, 'hp', 6000);
  return out;
}

const mix = (out: Float32Array, add: Float32Array, gain = 1) => {
  for (let i = 0; i < out.length && i < add.length; i++) out[i] += add[i] * gain;
  return out;
};

/** One hit of `name`; `variant` picks another noise seed (crackle and wind change each bar). */
export function renderDrum(name: DrumName, sr: number, length = 1, variant = 0): Float32Array {
  const seed = hash32(name) + variant;
  const len = (s: number) => Math.ceil(s * sr);
  switch (name) {
    case 'kick':
    case 'kickTight':
    case 'kickSoft':
    case 'kick808': {
      const p = {
        kick: { s: 0.45, f0: 48, sweep: 110, tau: 0.035, decay: 0.28, drive: 1.4, click: 0.25 },
        kickTight: { s: 0.3, f0: 52, sweep: 140, tau: 0.022, decay: 0.16, drive: 2, click: 0.35 },
        kickSoft: { s: 0.35, f0: 56, sweep: 60, tau: 0.04, decay: 0.18, drive: 1, click: 0.05 },
        kick808: { s: 0.9, f0: 44, sweep: 75, tau: 0.05, decay: 0.55, drive: 1.6, click: 0.1 },
      }[name];
      const out = body(len(p.s), sr, p.f0, p.sweep, p.tau, 1);
      applyDecay(out, sr, p.decay);
      for (let i = 0; i < out.length; i++) out[i] = softClip(out[i] * p.drive);
      const click = hiss(len(0.004), sr, seed, 'hp', 3000);
      applyDecay(click, sr, 0.001);
      mix(out, click, p.click);
      return out;
    }
    case 'snare':
    case 'snareFat': {
      const fat = name === 'snareFat';
      const out = body(len(fat ? 0.45 : 0.25), sr, 180, 60, 0.02, 0.5);
      applyDecay(out, sr, 0.05);
      const n = hiss(out.length, sr, seed, 'hp', fat ? 1200 : 1800);
      applyDecay(n, sr, fat ? 0.16 : 0.07);
      return mix(out, n, fat ? 0.75 : 0.6);
    }
    case 'brush': {
      const out = hiss(len(0.25), sr, seed, 'lp', 5000);
      for (let i = 0; i < out.length; i++) out[i] *= Math.min(1, i / (0.012 * sr)) * 0.35;
      applyDecay(out, sr, 0.07);
      return out;
    }
    case 'rim': {
      const out = body(len(0.06), sr, 1700, 0, 1, 0.35);
      mix(out, body(out.length, sr, 820, 0, 1, 0.35));
      svf(out, sr, 'hp', 400);
      applyDecay(out, sr, 0.012);
      return out;
    }
    case 'clap': {
      const out = new Float32Array(len(0.35));
      const n = hiss(out.length, sr, seed, 'bp', 1200, 1.3);
      for (let i = 0; i < out.length; i++) {
        const t = i / sr;
        const burst = t < 0.033 ? Math.exp(-(t % 0.011) / 0.004) : 0;
        out[i] = n[i] * (burst + 0.8 * Math.exp(-Math.max(0, t - 0.022) / 0.09)) * 1.4;
      }
      return out;
    }
    case 'hat':
    case 'openHat':
    case 'ride':
    case 'crash': {
      const p = {
        hat: { s: 0.12, tau: 0.025, n: 0.5, m: 0.5, hp: 7000 },
        openHat: { s: 0.6, tau: 0.18, n: 0.5, m: 0.5, hp: 6500 },
        ride: { s: 1.2, tau: 0.45, n: 0.15, m: 0.8, hp: 4000 },
        crash: { s: 2.2, tau: 0.65, n: 0.7, m: 0.4, hp: 3000 },
      }[name];
      const out = metal(len(p.s), sr, name === 'ride' ? 1.4 : 1);
      for (let i = 0; i < out.length; i++) out[i] *= p.m;
      mix(out, hiss(out.length, sr, seed, 'hp', p.hp), p.n);
      applyDecay(out, sr, p.tau);
      return out;
    }
    case 'shaker': {
      const out = hiss(len(0.12), sr, seed, 'bp', 6000, 1.1);
      for (let i = 0; i < out.length; i++) {
        const t = i / sr;
        out[i] *= Math.min(1, t / 0.015) * Math.exp(-t / 0.035) * 0.8;
      }
      return out;
    }
    case 'tom':
    case 'conga':
    case 'congaHigh': {
      const f = { tom: 105, conga: 210, congaHigh: 320 }[name];
      const out = body(len(0.4), sr, f, f * 0.3, 0.02, 0.8);
      applyDecay(out, sr, name === 'tom' ? 0.22 : 0.13);
      const slap = hiss(len(0.01), sr, seed, 'bp', 2500);
      return mix(out, slap, 0.15);
    }
    case 'cowbell': {
      const out = new Float32Array(len(0.3));
      addPulse(out, sr, 540, 0.3);
      addPulse(out, sr, 800, 0.3);
      svf(out, sr, 'bp', 800, 1.5);
      applyDecay(out, sr, 0.07);
      return out;
    }
    case 'riser': {
      const total = Math.max(1, len(length));
      const out = noise(total, seed);
      svf(out, sr, 'bp', (t) => 300 + 7000 * Math.pow(t / length, 2), 1.8);
      for (let i = 0; i < total; i++) out[i] *= Math.pow(i / total, 2) * 0.5;
      return out;
    }
    case 'crackle': {
      const total = Math.max(1, len(length));
      const out = hiss(total, sr, seed, 'bp', 2500, 0.5);
      for (let i = 0; i < total; i++) out[i] *= 0.025;
      const clicks = noise(total, seed + 1);
      for (let i = 0; i < total; i++) {
        if (clicks[i] > 0.9996) out[i] += (clicks[(i * 7) % total] > 0 ? 1 : -1) * 0.35;
      }
      svf(out, sr, 'lp', 6000);
      return out;
    }
    case 'wind': {
      const total = Math.max(1, len(length));
      const out = noise(total, seed);
      const phase = (variant % 7) / 7;
      svf(out, sr, 'bp', (t) => 500 + 900 * (1 + Math.sin(TAU * (t / length / 2 + phase))), 2.5);
      for (let i = 0; i < total; i++) out[i] *= 0.12 * Math.sin((Math.PI * i) / total);
      return out;
    }
  }
}
