/**
 * Renders a demo track to a 16-bit stereo WAV: the score's notes are synthesised once each
 * (cached), mixed block by block with pan, side-chain pumping and effect sends, through reverb
 * and echo, faded in and out, soft-limited and levelled. Memory stays at the WAV plus a block.
 */
import { compose, type NoteEvent, type Score, type Voice } from './compose';
import { renderDrum } from './drums';
import { PingPongDelay, Reverb } from './dsp';
import { renderTone } from './instruments';
import { MasterStage } from './master';
import type { DemoTrack } from './tracks';
import { createWav } from './wav';

export interface RenderOptions {
  /** Default 44100. */
  sampleRate?: number;
  /** Render only this many seconds (short test tracks); the whole track by default. */
  maxSeconds?: number;
  /** Stops the rendering (it rejects with the signal's reason). */
  signal?: AbortSignal;
}

export interface RenderedTrack {
  /** The WAV file. */
  wav: Buffer;
  seconds: number;
  sampleRate: number;
  /** Distinct note renderings (the rest of the notes reuse them). */
  voices: number;
  notes: number;
}

const BLOCK = 16384;

interface Playing {
  buf: Float32Array;
  start: number;
  end: number;
  gl: number;
  gr: number;
  /** Right channel starts this many samples later. */
  lag: number;
  reverb: number;
  echo: number;
  duck: boolean;
}

/** out[o + k] += src[s + k] * gain (* duck[o + k]) for k < count. */
function addInto(
  out: Float32Array,
  src: Float32Array,
  o: number,
  s: number,
  count: number,
  gain: number,
  duck: Float32Array | null,
) {
  if (duck) for (let k = 0; k < count; k++) out[o + k] += src[s + k] * gain * duck[o + k];
  else for (let k = 0; k < count; k++) out[o + k] += src[s + k] * gain;
}

/** Mixes a score block by block: notes (rendered once each), pumping, sends, effects. */
class Mixer {
  readonly cache = new Map<string, Float32Array>();
  private readonly L = new Float32Array(BLOCK);
  private readonly R = new Float32Array(BLOCK);
  private readonly verbSend = new Float32Array(BLOCK);
  private readonly echoSend = new Float32Array(BLOCK);
  private readonly duckBlock = new Float32Array(BLOCK);
  private readonly duckTable: Float32Array;
  private readonly beat: number;
  private readonly reverb: Reverb;
  private readonly echo: PingPongDelay;
  private readonly playing: Playing[] = [];
  private next = 0;

  constructor(
    private readonly score: Score,
    private readonly sr: number,
  ) {
    const st = score.style;
    // Side-chain: each beat the pumped parts dip and come back.
    this.beat = (60 / score.bpm) * sr;
    this.duckTable = new Float32Array(Math.ceil(this.beat) + 1);
    const attack = 0.004 * sr;
    for (let j = 0; j < this.duckTable.length; j++) {
      const dip = Math.min(1, j / attack) * Math.exp(-j / (this.beat * 0.28));
      this.duckTable[j] = 1 - st.pump * dip;
    }
    this.reverb = new Reverb(sr, st.reverb.size, st.reverb.damp);
    this.echo = new PingPongDelay(sr, (st.delay.beats * 60) / score.bpm, st.delay.feedback);
  }

  private voice(v: Voice): Float32Array {
    const key = JSON.stringify(v);
    let buf = this.cache.get(key);
    if (!buf) {
      buf =
        v.kind === 'drum'
          ? renderDrum(v.drum, this.sr, v.length, v.variant)
          : renderTone(v, this.sr);
      this.cache.set(key, buf);
    }
    return buf;
  }

  /** Adds the part of a playing note that falls in the block [b0, b1). */
  private mix(a: Playing, b0: number, b1: number, duck: Float32Array | null) {
    const { buf, start, gl, gr, lag } = a;
    const from = Math.max(start, b0);
    const count = Math.min(a.end, b1) - from;
    const rv = a.reverb * (gl + gr) * 0.5;
    const ec = a.echo * (gl + gr) * 0.5;
    addInto(this.L, buf, from - b0, from - start, count, gl, duck);
    if (rv > 0) addInto(this.verbSend, buf, from - b0, from - start, count, rv, duck);
    if (ec > 0) addInto(this.echoSend, buf, from - b0, from - start, count, ec, duck);
    const fromR = Math.max(start + lag, b0);
    const toR = Math.min(a.end + lag, b1);
    addInto(this.R, buf, fromR - b0, fromR - start - lag, toR - fromR, gr, duck);
  }

  /** The stereo mix of frames [b0, b1), in buffers valid until the next call. */
  block(b0: number, b1: number): [Float32Array, Float32Array] {
    const { sr, score, playing, L, R, verbSend, echoSend, duckBlock } = this;
    const st = score.style;
    const events: NoteEvent[] = score.events;
    const n = b1 - b0;
    for (const buf of [L, R, verbSend, echoSend]) buf.fill(0);
    while (this.next < events.length && events[this.next].time * sr < b1) {
      const e = events[this.next++];
      const buf = this.voice(e.voice);
      const start = Math.round(e.time * sr);
      const angle = ((e.pan + 1) * Math.PI) / 4;
      playing.push({
        buf,
        start,
        end: start + buf.length,
        gl: Math.cos(angle) * Math.SQRT2 * e.gain,
        gr: Math.sin(angle) * Math.SQRT2 * e.gain,
        lag: Math.round((e.width / 1000) * sr),
        reverb: e.reverb,
        echo: e.echo,
        duck: e.duck,
      });
    }
    if (st.pump > 0) {
      const { beat, duckTable } = this;
      for (let o = 0, ph = b0 % beat; o < n; o++) {
        duckBlock[o] = duckTable[ph | 0];
        if (++ph >= beat) ph -= beat;
      }
    }
    for (let p = playing.length - 1; p >= 0; p--) {
      const a = playing[p];
      this.mix(a, b0, b1, a.duck ? duckBlock : null);
      if (a.end + a.lag <= b1) playing.splice(p, 1);
    }
    const l = L.subarray(0, n);
    const r = R.subarray(0, n);
    this.echo.process(echoSend.subarray(0, n), l, r, 0.6);
    this.reverb.process(verbSend.subarray(0, n), l, r, st.reverb.wet * 2);
    return [l, r];
  }
}

/**
 * Renders the track. Asynchronous: it gives the event loop a turn after each block (a few
 * milliseconds of work), so a server rendering in the background keeps answering.
 */
export async function renderTrack(
  track: DemoTrack,
  opts: RenderOptions = {},
): Promise<RenderedTrack> {
  const sr = opts.sampleRate ?? 44100;
  const seconds = Math.min(track.seconds, opts.maxSeconds ?? Infinity);
  const score = compose(track, seconds);
  const frames = Math.round(seconds * sr);
  const { file, samples } = createWav(frames, sr, 2);
  const mixer = new Mixer(score, sr);
  const master = new MasterStage(sr, frames, samples, score.style.darken);
  for (let b0 = 0; b0 < frames; b0 += BLOCK) {
    if (b0 > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    opts.signal?.throwIfAborted();
    const [l, r] = mixer.block(b0, Math.min(frames, b0 + BLOCK));
    master.write(l, r, b0);
  }
  master.level();
  return {
    wav: file,
    seconds: frames / sr,
    sampleRate: sr,
    voices: mixer.cache.size,
    notes: score.events.length,
  };
}
