/**
 * Signal-processing building blocks of the demo synthesiser: band-limited oscillators, a
 * state-variable filter, envelopes, seeded noise, a stereo reverb and a ping-pong delay. Every
 * function works on Float32Array buffers at the given sample rate.
 */
import { rng } from './theory';

export const TAU = Math.PI * 2;

/** PolyBLEP residual: removes most of the aliasing of a naive saw or square step. */
function blep(t: number, dt: number): number {
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

/** Adds a band-limited sawtooth of `freq` Hz (amplitude `amp`) to out; `phase0` in [0, 1). */
export function addSaw(out: Float32Array, sr: number, freq: number, amp: number, phase0 = 0) {
  const dt = freq / sr;
  let t = phase0;
  for (let i = 0; i < out.length; i++) {
    out[i] += amp * (2 * t - 1 - blep(t, dt));
    t += dt;
    if (t >= 1) t -= 1;
  }
}

/** Adds a band-limited pulse wave of duty `width` (0.5 = square). */
export function addPulse(
  out: Float32Array,
  sr: number,
  freq: number,
  amp: number,
  width = 0.5,
  phase0 = 0,
) {
  const dt = freq / sr;
  const dc = 2 * width - 1; // a narrow pulse is off-centre: removed
  let t = phase0;
  for (let i = 0; i < out.length; i++) {
    let v = (t < width ? 1 : -1) - dc;
    v += blep(t, dt);
    let t2 = t - width;
    if (t2 < 0) t2 += 1;
    v -= blep(t2, dt);
    out[i] += amp * v;
    t += dt;
    if (t >= 1) t -= 1;
  }
}

/** Adds a sine of `freq` Hz, optionally with vibrato (rate Hz, depth in semitones, delay s). */
export function addSine(
  out: Float32Array,
  sr: number,
  freq: number,
  amp: number,
  vibrato?: { rate: number; depth: number; delay: number },
) {
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    let f = freq;
    if (vibrato && i > vibrato.delay * sr) {
      f *= 1 + vibrato.depth * 0.0578 * Math.sin((TAU * vibrato.rate * i) / sr);
    }
    out[i] += amp * Math.sin(phase);
    phase += (TAU * f) / sr;
    if (phase > TAU) phase -= TAU;
  }
}

/** White noise in [-1, 1), the same for the same seed. */
export function noise(length: number, seed: number): Float32Array {
  const r = rng(seed, 'noise');
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = r.next() * 2 - 1;
  return out;
}

export type FilterMode = 'lp' | 'hp' | 'bp';

/**
 * A resonant state-variable filter (topology-preserving transform) applied in place. `cutoff`
 * is a number or a function of time in seconds (re-read every 32 samples); q ≈ 0.7 is flat.
 */
export function svf(
  buf: Float32Array,
  sr: number,
  mode: FilterMode,
  cutoff: number | ((t: number) => number),
  q = 0.707,
) {
  let ic1 = 0;
  let ic2 = 0;
  let g = 0;
  let k = 1 / q;
  let a1 = 0;
  let a2 = 0;
  let a3 = 0;
  const set = (fc: number) => {
    const f = Math.min(Math.max(fc, 20), sr * 0.45);
    g = Math.tan((Math.PI * f) / sr);
    k = 1 / q;
    a1 = 1 / (1 + g * (g + k));
    a2 = g * a1;
    a3 = g * a2;
  };
  const dynamic = typeof cutoff === 'function';
  if (!dynamic) set(cutoff);
  for (let i = 0; i < buf.length; i++) {
    if (dynamic && (i & 31) === 0) set(cutoff(i / sr));
    const v0 = buf[i];
    const v3 = v0 - ic2;
    const v1 = a1 * ic1 + a2 * v3;
    const v2 = ic2 + a2 * ic1 + a3 * v3;
    ic1 = 2 * v1 - ic1;
    ic2 = 2 * v2 - ic2;
    buf[i] = mode === 'lp' ? v2 : mode === 'bp' ? v1 : v0 - k * v1 - v2;
  }
}

/** A one-pole low-pass in place (gentle; for darkening a whole signal). */
export function onePoleLp(buf: Float32Array, sr: number, cutoff: number, state = { z: 0 }) {
  const a = Math.exp((-TAU * cutoff) / sr);
  let z = state.z;
  for (let i = 0; i < buf.length; i++) {
    z = buf[i] * (1 - a) + z * a;
    buf[i] = z;
  }
  state.z = z;
}

/**
 * Multiplies by an ADSR envelope: linear attack, exponential decay to `sustain`, held until
 * `gate` seconds, then an exponential release of `release` seconds (to about -60 dB).
 */
export function applyAdsr(
  buf: Float32Array,
  sr: number,
  env: { attack: number; decay: number; sustain: number; release: number },
  gate: number,
) {
  const a = Math.max(1, Math.round(env.attack * sr));
  const g = Math.max(a, Math.round(gate * sr));
  const decayCoef = Math.exp(-1 / Math.max(1, env.decay * sr * 0.25));
  const releaseCoef = Math.exp(-1 / Math.max(1, env.release * sr * 0.145));
  let level = 0;
  for (let i = 0; i < buf.length; i++) {
    if (i < a) level = i / a;
    else if (i < g) level = env.sustain + (level - env.sustain) * decayCoef;
    else level *= releaseCoef;
    buf[i] *= level;
  }
  // A short fade on the last samples: the note always ends at silence.
  const tail = Math.min(buf.length, 64);
  for (let i = 0; i < tail; i++) buf[buf.length - 1 - i] *= i / tail;
}

/** Multiplies by exp(-t / tau) (a plain percussive decay). */
export function applyDecay(buf: Float32Array, sr: number, tau: number, from = 0) {
  const coef = Math.exp(-1 / (tau * sr));
  let level = 1;
  for (let i = from; i < buf.length; i++) {
    buf[i] *= level;
    level *= coef;
  }
}

/** tanh-like soft saturation (rational approximation, exact at 0 and bounded by ±1). */
export function softClip(x: number): number {
  if (x > 3) return 1;
  if (x < -3) return -1;
  const x2 = x * x;
  return (x * (27 + x2)) / (27 + 9 * x2);
}

const COMBS = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
const ALLPASSES = [556, 441, 341, 225];
const SPREAD = 23;

/** One channel of a Freeverb-style reverb (parallel damped combs, then series all-passes). */
class ReverbChannel {
  private combs: Float32Array[];
  private combPos: number[];
  private combStore: number[];
  private aps: Float32Array[];
  private apPos: number[];

  constructor(sr: number, offset: number) {
    const scale = sr / 44100;
    this.combs = COMBS.map((n) => new Float32Array(Math.round((n + offset) * scale)));
    this.aps = ALLPASSES.map((n) => new Float32Array(Math.round((n + offset) * scale)));
    this.combPos = this.combs.map(() => 0);
    this.combStore = this.combs.map(() => 0);
    this.apPos = this.aps.map(() => 0);
  }

  private acc = new Float32Array(0);

  /** Writes the wet output of `input` (times `gain`) to `out` (overwrites). */
  process(input: Float32Array, out: Float32Array, room: number, damp: number, gain: number) {
    const n = input.length;
    if (this.acc.length < n) this.acc = new Float32Array(n);
    const acc = this.acc;
    acc.fill(0, 0, n);
    for (let c = 0; c < this.combs.length; c++) {
      const buf = this.combs[c];
      const len = buf.length;
      let pos = this.combPos[c];
      let store = this.combStore[c];
      for (let i = 0; i < n; i++) {
        const y = buf[pos];
        store = y * (1 - damp) + store * damp;
        buf[pos] = input[i] + store * room;
        acc[i] += y;
        if (++pos >= len) pos = 0;
      }
      this.combPos[c] = pos;
      this.combStore[c] = store;
    }
    for (let a = 0; a < this.aps.length; a++) {
      const buf = this.aps[a];
      const len = buf.length;
      let pos = this.apPos[a];
      for (let i = 0; i < n; i++) {
        const b = buf[pos];
        const x = acc[i];
        buf[pos] = x + b * 0.5;
        acc[i] = b - x;
        if (++pos >= len) pos = 0;
      }
      this.apPos[a] = pos;
    }
    for (let i = 0; i < n; i++) out[i] = acc[i] * gain;
  }
}

/**
 * A stereo reverb fed from a mono send, processed block by block (keeps its state). It runs at
 * half the sample rate (a damped tail has little above 10 kHz) and interpolates back up.
 */
export class Reverb {
  private left: ReverbChannel;
  private right: ReverbChannel;
  private half = new Float32Array(0);
  private wetL = new Float32Array(0);
  private wetR = new Float32Array(0);
  private lastL = 0;
  private lastR = 0;

  /** `size` 0..1 (room), `damp` 0..1 (darker tail). */
  constructor(
    sr: number,
    private readonly size: number,
    private readonly damp: number,
  ) {
    this.left = new ReverbChannel(sr / 2, 0);
    this.right = new ReverbChannel(sr / 2, SPREAD);
  }

  /** Adds the reverb of `send` (times `gain`) to outL / outR. */
  process(send: Float32Array, outL: Float32Array, outR: Float32Array, gain: number) {
    const n = send.length;
    const m = Math.ceil(n / 2);
    if (this.half.length < m) {
      this.half = new Float32Array(m);
      this.wetL = new Float32Array(m);
      this.wetR = new Float32Array(m);
    }
    const { half, wetL, wetR } = this;
    for (let k = 0; k < m; k++) {
      const i = 2 * k;
      half[k] = 0.5 * (send[i] + (i + 1 < n ? send[i + 1] : send[i]));
    }
    const room = 0.7 + this.size * 0.28;
    const g = gain * 0.015;
    const input = half.subarray(0, m);
    this.left.process(input, wetL, room, this.damp, g);
    this.right.process(input, wetR, room, this.damp, g);
    let lastL = this.lastL;
    let lastR = this.lastR;
    for (let k = 0; k < m; k++) {
      const i = 2 * k;
      outL[i] += 0.5 * (lastL + wetL[k]);
      outR[i] += 0.5 * (lastR + wetR[k]);
      if (i + 1 < n) {
        outL[i + 1] += wetL[k];
        outR[i + 1] += wetR[k];
      }
      lastL = wetL[k];
      lastR = wetR[k];
    }
    this.lastL = lastL;
    this.lastR = lastR;
  }
}

/** A ping-pong echo fed from a mono send (left first, then right), with a darkening loop. */
export class PingPongDelay {
  private bufL: Float32Array;
  private bufR: Float32Array;
  private pos = 0;
  private zL = 0;
  private zR = 0;
  private readonly damp: number;

  constructor(
    sr: number,
    seconds: number,
    private readonly feedback: number,
  ) {
    const len = Math.max(1, Math.round(seconds * sr));
    this.bufL = new Float32Array(len);
    this.bufR = new Float32Array(len);
    this.damp = Math.exp((-TAU * 3000) / sr);
  }

  process(send: Float32Array, outL: Float32Array, outR: Float32Array, gain: number) {
    const { bufL, bufR, feedback, damp } = this;
    const len = bufL.length;
    let pos = this.pos;
    let zL = this.zL;
    let zR = this.zR;
    for (let i = 0; i < send.length; i++) {
      const yL = bufL[pos];
      const yR = bufR[pos];
      zL = yL * (1 - damp) + zL * damp;
      zR = yR * (1 - damp) + zR * damp;
      bufL[pos] = send[i] + zR * feedback;
      bufR[pos] = zL * feedback;
      outL[i] += yL * gain;
      outR[i] += yR * gain;
      if (++pos >= len) pos = 0;
    }
    this.pos = pos;
    this.zL = zL;
    this.zR = zR;
  }
}
