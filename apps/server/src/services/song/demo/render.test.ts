import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffprobePath } from '../hls';
import { renderTrack, type RenderedTrack } from './render';
import { STYLE_NAMES } from './styles';
import { DEMO_TRACKS, type DemoTrack } from './tracks';
import { readWavInfo } from './wav';

const run = promisify(execFile);
const SECONDS = 6;

/** One track of each style. */
const perStyle = STYLE_NAMES.map((style) => DEMO_TRACKS.find((t) => t.style === style)!);

let tmp: string;
const renders = new Map<DemoTrack, RenderedTrack>();

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-demo-render-'));
  const started = performance.now();
  for (const track of perStyle)
    renders.set(track, await renderTrack(track, { maxSeconds: SECONDS }));
  const ms = performance.now() - started;
  const audio = perStyle.length * SECONDS;
  // A figure for the log, not an assertion: `npm run bench -- demo` measures the full catalogue.
  console.log(
    `demo synthesiser: ${audio} s of audio (${perStyle.length} styles) in ${ms.toFixed(0)} ms, ${(audio / (ms / 1000)).toFixed(0)}x real time`,
  );
}, 120_000);
afterAll(() => fs.rm(tmp, { recursive: true, force: true }));

/** The 16-bit samples of a rendered WAV (after the 44-byte header). */
const samplesOf = (wav: Buffer) =>
  new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.length - 44) / 2);

describe('the demo synthesiser', () => {
  it('writes 16-bit stereo 44.1 kHz PCM WAV of exactly the asked length, for every style', () => {
    for (const [track, r] of renders) {
      expect(readWavInfo(r.wav), track.style).toEqual({
        format: 1,
        channels: 2,
        sampleRate: 44100,
        bitsPerSample: 16,
        frames: SECONDS * 44100,
        seconds: SECONDS,
      });
      expect(r.wav.length).toBe(44 + SECONDS * 44100 * 4);
      expect(r.seconds).toBe(SECONDS);
    }
  });

  it('makes sound at a sane level: not silent, never clipped, no DC offset, both channels', () => {
    for (const [track, r] of renders) {
      const samples = samplesOf(r.wav);
      let peak = 0;
      let sum = 0;
      let squares = 0;
      let sides = 0;
      for (let i = 0; i < samples.length; i += 2) {
        const l = samples[i] / 32768;
        const rr = samples[i + 1] / 32768;
        peak = Math.max(peak, Math.abs(l), Math.abs(rr));
        sum += l + rr;
        squares += l * l + rr * rr;
        sides += (l - rr) * (l - rr);
      }
      const rms = Math.sqrt(squares / samples.length);
      expect(peak, track.style).toBeLessThan(0.9); // -1 dBFS at most
      expect(rms, track.style).toBeGreaterThan(0.03); // about -30 dBFS at least
      expect(Math.abs(sum / samples.length), track.style).toBeLessThan(0.01);
      expect(sides, `${track.style} is not mono`).toBeGreaterThan(0);
      // The fade-out ends in silence.
      expect(samples[samples.length - 2]).toBe(0);
    }
  });

  it('renders what ffprobe reads as PCM of the right duration', async () => {
    const [track, r] = [...renders][0];
    const file = path.join(tmp, `${track.seed}.wav`);
    await fs.writeFile(file, r.wav);
    const { stdout } = await run(ffprobePath(), [
      ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    ]);
    const probe = JSON.parse(stdout) as {
      streams: { codec_name: string; channels: number; sample_rate: string }[];
      format: { format_name: string; duration: string };
    };
    expect(probe.format.format_name).toBe('wav');
    expect(Number(probe.format.duration)).toBeCloseTo(SECONDS, 3);
    expect(probe.streams).toHaveLength(1);
    expect(probe.streams[0]).toMatchObject({
      codec_name: 'pcm_s16le',
      channels: 2,
      sample_rate: '44100',
    });
  });

  it('is deterministic: the same seed renders the same bytes, another seed other music', async () => {
    const track = perStyle[0];
    const again = await renderTrack(track, { maxSeconds: SECONDS });
    expect(again.wav.equals(renders.get(track)!.wav)).toBe(true);
    const other = await renderTrack({ ...track, seed: track.seed + 1 }, { maxSeconds: SECONDS });
    expect(other.wav.equals(again.wav)).toBe(false);
    // Same style, same length: different tracks of an album are different music.
    const sibling = DEMO_TRACKS.find((t) => t.style === track.style && t !== track)!;
    const siblingWav = (await renderTrack(sibling, { maxSeconds: SECONDS })).wav;
    expect(siblingWav.equals(again.wav)).toBe(false);
  });

  it('renders a whole track to its full length', async () => {
    const shortest = DEMO_TRACKS.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const r = await renderTrack(shortest);
    expect(readWavInfo(r.wav).seconds).toBe(shortest.seconds);
    expect(r.notes).toBeGreaterThan(r.voices); // notes reuse their renderings
  });

  it('stops when its signal is aborted', async () => {
    const abort = new AbortController();
    const rendering = renderTrack(perStyle[1], { signal: abort.signal });
    abort.abort(new Error('server closing'));
    await expect(rendering).rejects.toThrow('server closing');
  });
});
