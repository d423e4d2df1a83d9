import { spawn } from 'node:child_process';
import { mediaToolPath } from '../platform/media-tools';

/** Helpers for the listen-stream tests (LIVE-AUDIO-12..14, LIVE-AUDIO-16; imported by tests only). */

/** Runs ffmpeg with `args`, feeding `input` (if any); answers stdout and stderr. */
export function ffmpeg(args: string[], input?: Buffer): Promise<{ out: Buffer; err: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(mediaToolPath('ffmpeg'), ['-hide_banner', '-nostdin', ...args], {
      stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    p.stdout!.on('data', (d: Buffer) => out.push(d));
    p.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    p.on('error', reject);
    p.on('close', () => resolve({ out: Buffer.concat(out), err }));
    if (input && p.stdin) {
      p.stdin.on('error', () => {});
      p.stdin.end(input);
    }
  });
}

/** The packets of an Ogg stream, in order (segments joined across lacing values of 255). */
export function oggPackets(ogg: Buffer): Buffer[] {
  const packets: Buffer[] = [];
  let partial: Buffer[] = [];
  let at = 0;
  while (at + 27 <= ogg.length) {
    if (ogg.toString('ascii', at, at + 4) !== 'OggS') throw new Error(`no Ogg page at ${at}`);
    const segments = ogg[at + 26];
    const table = ogg.subarray(at + 27, at + 27 + segments);
    let data = at + 27 + segments;
    for (const len of table) {
      partial.push(ogg.subarray(data, data + len));
      data += len;
      if (len < 255) {
        packets.push(Buffer.concat(partial));
        partial = [];
      }
    }
    at = data;
  }
  return packets;
}

/** Real Opus packets (48 kHz mono, 20 ms each) of a sine: ffmpeg encodes, the Ogg is parsed back. */
export async function sineOpusPackets(seconds: number, hz = 440): Promise<Buffer[]> {
  const { out, err } = await ffmpeg([
    ...['-f', 'lavfi', '-i', `sine=frequency=${hz}:sample_rate=48000:duration=${seconds}`],
    ...['-ac', '1', '-c:a', 'libopus', '-b:a', '32k', '-frame_duration', '20'],
    ...['-f', 'ogg', 'pipe:1'],
  ]);
  const packets = oggPackets(out);
  if (packets.length < 3) throw new Error(`ffmpeg made no Opus: ${err.slice(-400)}`);
  // The first two are the OpusHead and OpusTags headers.
  return packets.slice(2);
}

/** ffmpeg's volumedetect of audio bytes it can read: mean and max level (dB). */
async function volume(bytes: Buffer, format: string): Promise<{ mean: number; max: number }> {
  const { err } = await ffmpeg(
    ['-f', format, '-i', 'pipe:0', '-af', 'volumedetect', '-f', 'null', '-'],
    bytes,
  );
  const read = (what: string) => {
    const m = new RegExp(`${what}_volume:\\s*(-?[\\d.]+|-inf) dB`).exec(err);
    return !m || m[1] === '-inf' ? -Infinity : Number(m[1]);
  };
  return { mean: read('mean'), max: read('max') };
}

/** The mean level (dB) of audio bytes (-Infinity: silence or nothing decodable). */
export const meanVolume = async (bytes: Buffer, format = 'mp3') =>
  (await volume(bytes, format)).mean;

/** The loudest sample's level (dB). */
export const maxVolume = async (bytes: Buffer, format = 'mp3') => (await volume(bytes, format)).max;

/** Offsets of MPEG audio frame sync words (11 set bits) whose header looks like Layer III. */
export function mp3FrameStarts(bytes: Buffer): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < bytes.length; i++) {
    if (bytes[i] === 0xff && (bytes[i + 1] & 0xe0) === 0xe0 && (bytes[i + 1] & 0x06) === 0x02) {
      out.push(i);
    }
  }
  return out;
}
