import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { HLS_SEGMENT_PATTERN, songHlsPaths } from '@tt/protocol';
import { mediaToolPath } from '../../platform/media-tools';

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

/**
 * SEC-FFMPEG-1: the ffmpeg demuxer of each type, forced with `-f` so that ffmpeg never guesses
 * the format of an upload (an ID3 tag followed by `#EXTM3U` would otherwise be read as an HLS
 * playlist that opens the files it names).
 */
export const AUDIO_DEMUXER: Record<AudioType, string> = {
  mp3: 'mp3',
  aac: 'aac',
  m4a: 'mov',
  wav: 'wav',
  flac: 'flac',
  ogg: 'ogg',
};

/** SEC-FFMPEG-1: how ffmpeg and ffprobe read an upload: local files only, the sniffed format. */
const inputArgs = (format: AudioType) => [
  '-protocol_whitelist',
  'file',
  '-f',
  AUDIO_DEMUXER[format],
];

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

/** The programs tests run; the server itself uses FFMPEG_PATH / FFPROBE_PATH of its config. */
export const ffmpegPath = () => process.env.FFMPEG_PATH || mediaToolPath('ffmpeg');
export const ffprobePath = () => process.env.FFPROBE_PATH || mediaToolPath('ffprobe');

/** Longest one transcode may take. */
const TRANSCODE_TIMEOUT_MS = 10 * 60 * 1000;
const PROBE_TIMEOUT_MS = 60 * 1000;

/** ffmpeg or ffprobe cannot be run at all (not installed, not executable): try again later. */
export class ToolUnavailableError extends Error {
  constructor(tool: string, cause: Error) {
    super(`${tool} is not available: ${cause.message}`);
    this.name = 'ToolUnavailableError';
  }
}

export interface HlsRendition {
  /** The playlist as ffmpeg wrote it (segment URIs are bare file names). */
  playlist: string;
  /** Segment file name → bytes. */
  segments: Map<string, Buffer>;
  key: Buffer;
  iv: Buffer;
  /** Seconds of decoded audio: the sum of the playlist's segment durations. */
  duration: number;
}

function run(file: string, args: string[], timeout: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout, maxBuffer: 4 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EACCES') reject(new ToolUnavailableError(file, err));
      else reject(new Error(`${path.basename(file)} failed: ${err.message}\n${stderr}`));
    });
  });
}

/**
 * Runs `fn` with the bytes in a temporary file under `tmpRoot` (removed afterwards; one left by a
 * process that died is removed by cleanTranscodeTemp).
 */
export async function withInputFile<T>(
  data: Buffer,
  tmpRoot: string,
  fn: (file: string) => Promise<T>,
): Promise<T> {
  await fs.mkdir(tmpRoot, { recursive: true });
  const dir = await fs.mkdtemp(path.join(tmpRoot, 'audio-'));
  try {
    const file = path.join(dir, 'input');
    await fs.writeFile(file, data);
    return await fn(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The duration ffprobe reads from the container (seconds), without decoding; null when it
 * cannot tell (no audio stream, unreadable headers). Throws ToolUnavailableError.
 */
export async function probeDuration(
  file: string,
  ffprobe: string,
  format: AudioType,
): Promise<number | null> {
  let out: string;
  try {
    out = await run(
      ffprobe,
      [
        ...inputArgs(format),
        '-v',
        'error',
        '-select_streams',
        'a:0',
        '-show_entries',
        'format=duration:stream=codec_type',
      ].concat(['-of', 'json', file]),
      PROBE_TIMEOUT_MS,
    );
  } catch (err) {
    if (err instanceof ToolUnavailableError) throw err;
    return null;
  }
  const probe = JSON.parse(out) as { streams?: unknown[]; format?: { duration?: string } };
  const seconds = Number(probe.format?.duration);
  return probe.streams?.length && Number.isFinite(seconds) ? seconds : null;
}

/** Sum of the #EXTINF durations of a media playlist. */
export function playlistDuration(playlist: string): number {
  let total = 0;
  for (const m of playlist.matchAll(/^#EXTINF:([\d.]+)/gm)) total += Number(m[1]);
  return total;
}

/**
 * Transcodes audio to AES-128-encrypted HLS (AAC 128 kb/s, 6-second MPEG-TS segments, a VOD
 * playlist) with a fresh random key and IV. `keyUri` is written as the playlist's #EXT-X-KEY URI.
 * At most `maxSeconds` of audio are decoded. Throws ToolUnavailableError when ffmpeg cannot run,
 * another Error when it cannot decode the file.
 */
export async function transcodeToHls(
  file: string,
  keyUri: string,
  opts: { ffmpeg: string; maxSeconds: number; format: AudioType; tmpRoot: string },
): Promise<HlsRendition> {
  await fs.mkdir(opts.tmpRoot, { recursive: true });
  const dir = await fs.mkdtemp(path.join(opts.tmpRoot, 'hls-'));
  try {
    const key = randomBytes(16);
    const iv = randomBytes(16);
    const keyPath = path.join(dir, 'hls.key');
    const keyInfoPath = path.join(dir, 'hls.keyinfo');
    const outDir = path.join(dir, 'out');
    await fs.mkdir(outDir);
    await fs.writeFile(keyPath, key);
    await fs.writeFile(keyInfoPath, `${keyUri}\n${keyPath}\n${iv.toString('hex')}\n`);
    await run(
      opts.ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
        ...inputArgs(opts.format),
        ...['-i', file, '-t', String(opts.maxSeconds)],
        ...['-map', '0:a:0', '-vn', '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '44100'],
        // The HLS muxer writes local files, encrypting segments through `crypto:`; nothing else.
        ...['-protocol_whitelist', 'file,crypto'],
        ...['-f', 'hls', '-hls_time', '6', '-hls_playlist_type', 'vod'],
        ...['-hls_key_info_file', keyInfoPath],
        ...['-hls_segment_filename', path.join(outDir, 'seg%05d.ts')],
        path.join(outDir, 'index.m3u8'),
      ],
      TRANSCODE_TIMEOUT_MS,
    );
    const playlist = await fs.readFile(path.join(outDir, 'index.m3u8'), 'utf8');
    const segments = new Map<string, Buffer>();
    for (const name of (await fs.readdir(outDir)).sort()) {
      if (HLS_SEGMENT_PATTERN.test(name)) {
        segments.set(name, await fs.readFile(path.join(outDir, name)));
      }
    }
    if (segments.size === 0) throw new Error('ffmpeg wrote no HLS segments');
    return { playlist, segments, key, iv, duration: playlistDuration(playlist) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * SEC-TMP-1: removes what transcodes left under `tmpRoot` (a process that died mid-transcode)
 * when older than `olderThanMs` — never a running transcode's files, which are younger than that.
 * Answers how many entries were removed.
 */
export async function cleanTranscodeTemp(tmpRoot: string, olderThanMs: number): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(tmpRoot);
  } catch {
    return 0;
  }
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names) {
    const entry = path.join(tmpRoot, name);
    const stat = await fs.lstat(entry).catch(() => null);
    if (!stat || stat.mtimeMs > cutoff) continue;
    await fs.rm(entry, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * The stored playlist as served: each segment URI pointing at its route, and the #EXT-X-KEY URI
 * replaced by `keyUrl` (signed for the caller) when given; left as stored (the bare key route,
 * which refuses) otherwise.
 */
export function rewritePlaylist(playlist: string, shortId: string, keyUrl: string | null): string {
  return playlist
    .split('\n')
    .map((line) => {
      const name = line.trim();
      if (HLS_SEGMENT_PATTERN.test(name)) return songHlsPaths.segment(shortId, name);
      if (keyUrl && line.startsWith('#EXT-X-KEY:')) {
        return line.replace(/URI="[^"]*"/, `URI="${keyUrl}"`);
      }
      return line;
    })
    .join('\n');
}
