import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HLS_SEGMENT_PATTERN } from '@tt/protocol';

/** The audio types an upload may have, by their magic bytes; the MIME type music-metadata reads. */
export type AudioType = 'mp3' | 'aac' | 'm4a' | 'wav' | 'flac' | 'ogg';

export const AUDIO_MIME: Record<AudioType, string> = {
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
};

const ascii = (data: Buffer, start: number, end: number) =>
  data.subarray(start, end).toString('latin1');

/** The audio type of the bytes by their magic numbers, or null. */
export function sniffAudioType(data: Buffer): AudioType | null {
  if (data.length < 12) return null;
  if (ascii(data, 0, 3) === 'ID3') return 'mp3';
  if (ascii(data, 0, 4) === 'fLaC') return 'flac';
  if (ascii(data, 0, 4) === 'OggS') return 'ogg';
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WAVE') return 'wav';
  if (ascii(data, 4, 8) === 'ftyp') return 'm4a';
  if (data[0] === 0xff) {
    // ADTS (raw AAC): sync 0xFFF, layer 00. MPEG audio: sync 0xFFE, layer ≠ 00.
    if ((data[1] & 0xf6) === 0xf0) return 'aac';
    if ((data[1] & 0xe0) === 0xe0 && (data[1] & 0x06) !== 0) return 'mp3';
  }
  return null;
}

export const ffmpegPath = () => process.env.FFMPEG_PATH || 'ffmpeg';
export const ffprobePath = () => process.env.FFPROBE_PATH || 'ffprobe';

/** Longest one transcode may take. */
const TRANSCODE_TIMEOUT_MS = 10 * 60 * 1000;

export interface HlsRendition {
  /** The playlist as ffmpeg wrote it (segment URIs are bare file names). */
  playlist: string;
  /** Segment file name → bytes. */
  segments: Map<string, Buffer>;
  key: Buffer;
  iv: Buffer;
}

function run(file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: TRANSCODE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
      (err, _stdout, stderr) => {
        if (err) reject(new Error(`${path.basename(file)} failed: ${err.message}\n${stderr}`));
        else resolve();
      },
    );
  });
}

/**
 * Transcodes audio to AES-128-encrypted HLS (AAC 128 kb/s, 6-second MPEG-TS segments, a VOD
 * playlist) with a fresh random key and IV. `keyUri` is written as the playlist's #EXT-X-KEY URI.
 */
export async function transcodeToHls(input: Buffer, keyUri: string): Promise<HlsRendition> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-hls-'));
  try {
    const key = randomBytes(16);
    const iv = randomBytes(16);
    const inputPath = path.join(dir, 'input');
    const keyPath = path.join(dir, 'hls.key');
    const keyInfoPath = path.join(dir, 'hls.keyinfo');
    const outDir = path.join(dir, 'out');
    await fs.mkdir(outDir);
    await fs.writeFile(inputPath, input);
    await fs.writeFile(keyPath, key);
    await fs.writeFile(keyInfoPath, `${keyUri}\n${keyPath}\n${iv.toString('hex')}\n`);
    await run(ffmpegPath(), [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
      ...['-i', inputPath],
      ...['-map', '0:a:0', '-vn', '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '44100'],
      ...['-f', 'hls', '-hls_time', '6', '-hls_playlist_type', 'vod'],
      ...['-hls_key_info_file', keyInfoPath],
      ...['-hls_segment_filename', path.join(outDir, 'seg%05d.ts')],
      path.join(outDir, 'index.m3u8'),
    ]);
    const playlist = await fs.readFile(path.join(outDir, 'index.m3u8'), 'utf8');
    const segments = new Map<string, Buffer>();
    for (const name of (await fs.readdir(outDir)).sort()) {
      if (HLS_SEGMENT_PATTERN.test(name)) {
        segments.set(name, await fs.readFile(path.join(outDir, name)));
      }
    }
    if (segments.size === 0) throw new Error('ffmpeg wrote no HLS segments');
    return { playlist, segments, key, iv };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The stored playlist with each segment URI pointing at `segmentUri(name)`. */
export function rewritePlaylist(playlist: string, segmentUri: (name: string) => string): string {
  return playlist
    .split('\n')
    .map((line) => {
      const name = line.trim();
      return HLS_SEGMENT_PATTERN.test(name) ? segmentUri(name) : line;
    })
    .join('\n');
}
