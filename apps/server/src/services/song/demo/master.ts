/**
 * The output stage of the demo renderer: DC removal, an optional darkening low-pass, fade in
 * and out, soft limiting, a loudness meter and the 16-bit samples; then levelling, so every
 * track plays about as loud as the others.
 */
import { TAU, softClip } from './dsp';

/**
 * Loudness the levelling aims at: RMS of the mix without its deep lows (two 100 Hz high-passes,
 * as ears and small speakers hear it), never pushing peaks past -1 dBFS.
 */
const TARGET_RMS = 0.1;
const PEAK = 0.89;
/** Drive into the soft limiter. */
const DRIVE = 0.8;

export class MasterStage {
  private peak = 0;
  private sumSquares = 0;
  /** Loudness weighting state per channel: last input, first and second high-pass outputs. */
  private w = new Float64Array(6);
  /** DC blocker (last input, output) and low-pass states per channel. */
  private f = new Float64Array(6);
  private readonly hp: number;
  private readonly dc: number;
  private readonly lp: number;
  private readonly fadeIn: number;
  private readonly fadeOut: number;

  /** `darken`: low-pass of the whole mix in Hz, 0 for none. */
  constructor(
    sr: number,
    private readonly frames: number,
    private readonly samples: Int16Array,
    darken: number,
  ) {
    this.hp = sr / (sr + TAU * 100);
    this.dc = 1 - (TAU * 10) / sr;
    this.lp = darken > 0 ? Math.exp((-TAU * darken) / sr) : 0;
    this.fadeIn = Math.min(frames, Math.round(0.01 * sr));
    const seconds = frames / sr;
    this.fadeOut = Math.min(frames, Math.round(Math.min(6, Math.max(1, seconds * 0.06)) * sr));
  }

  /** Writes the block of frames starting at `b0` (l and r hold its samples). */
  write(l: Float32Array, r: Float32Array, b0: number) {
    const { hp, dc, lp, fadeIn, fadeOut, frames, samples, w, f } = this;
    let [inL, oneL, twoL, inR, oneR, twoR] = w;
    let [dxL, dyL, zL, dxR, dyR, zR] = f;
    let peak = this.peak;
    let sum = 0;
    for (let o = 0; o < l.length; o++) {
      const i = b0 + o;
      let fade = 1;
      if (i < fadeIn) fade = i / fadeIn;
      const left = frames - i;
      if (left < fadeOut) fade *= 0.5 - 0.5 * Math.cos((Math.PI * left) / fadeOut);
      dyL = l[o] - dxL + dc * dyL;
      dxL = l[o];
      dyR = r[o] - dxR + dc * dyR;
      dxR = r[o];
      zL = dyL * (1 - lp) + zL * lp;
      zR = dyR * (1 - lp) + zR * lp;
      const yl = softClip(zL * DRIVE) * fade;
      const yr = softClip(zR * DRIVE) * fade;
      const al = yl < 0 ? -yl : yl;
      const ar = yr < 0 ? -yr : yr;
      if (al > peak) peak = al;
      if (ar > peak) peak = ar;
      const l1 = hp * (oneL + yl - inL);
      twoL = hp * (twoL + l1 - oneL);
      inL = yl;
      oneL = l1;
      const r1 = hp * (oneR + yr - inR);
      twoR = hp * (twoR + r1 - oneR);
      inR = yr;
      oneR = r1;
      sum += twoL * twoL + twoR * twoR;
      // Int16Array stores truncated (Math.round costs more than the half-bit it would save).
      samples[2 * i] = yl * 32767;
      samples[2 * i + 1] = yr * 32767;
    }
    w.set([inL, oneL, twoL, inR, oneR, twoR]);
    f.set([dxL, dyL, zL, dxR, dyR, zR]);
    this.peak = peak;
    this.sumSquares += sum;
  }

  /** Scales the whole track to the target loudness (peaks kept under -1 dBFS). */
  level() {
    const { samples, peak } = this;
    const rms = Math.sqrt(this.sumSquares / Math.max(1, this.frames * 2));
    const gain = rms > 0 && peak > 0 ? Math.min(TARGET_RMS / rms, PEAK / peak) : 1;
    if (Math.abs(gain - 1) > 0.01) {
      for (let i = 0; i < samples.length; i++) samples[i] = samples[i] * gain;
    }
  }
}
