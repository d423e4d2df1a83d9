/**
 * An HLS media playlist as the web export's Media Source player reads it (the platform's uploads:
 * one AES-128 key, MPEG-TS segments of a VOD playlist), and which segment to fetch next. Pure.
 */

export interface HlsKey {
  method: 'AES-128';
  /** Absolute key URL. */
  uri: string;
  /** The playlist's IV, or null (then the segment's media sequence number is its IV). */
  iv: Uint8Array | null;
}

export interface HlsSegment {
  /** Absolute segment URL. */
  uri: string;
  /** Where it starts in the song, seconds (the sum of the durations before it). */
  start: number;
  duration: number;
  /** Its media sequence number. */
  sequence: number;
  key: HlsKey | null;
}

export interface HlsPlaylist {
  segments: HlsSegment[];
  /** The song's length by the playlist, seconds. */
  duration: number;
}

function hexBytes(hex: string): Uint8Array {
  const digits = hex.replace(/^0x/i, '').padStart(32, '0');
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The attributes of a tag line (`#EXT-X-KEY:METHOD=AES-128,URI="…",IV=0x…`). */
function attributes(line: string): Record<string, string> {
  const out: Record<string, string> = {};
  const body = line.slice(line.indexOf(':') + 1);
  for (const m of body.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) {
    out[m[1]] = m[2].startsWith('"') ? m[2].slice(1, -1) : m[2];
  }
  return out;
}

/** Reads a media playlist; relative URIs are resolved against `url`. */
export function parsePlaylist(text: string, url: string): HlsPlaylist {
  const segments: HlsSegment[] = [];
  let sequence = 0;
  let key: HlsKey | null = null;
  let duration: number | null = null;
  let start = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) {
      sequence = Number.parseInt(line.slice(line.indexOf(':') + 1), 10) || 0;
    } else if (line.startsWith('#EXT-X-KEY:')) {
      const a = attributes(line);
      if (a.METHOD === 'NONE') key = null;
      else if (a.METHOD === 'AES-128' && a.URI) {
        key = {
          method: 'AES-128',
          uri: new URL(a.URI, url).href,
          iv: a.IV ? hexBytes(a.IV) : null,
        };
      } else throw new Error(`HLS encryption ${a.METHOD ?? '?'} is not supported`);
    } else if (line.startsWith('#EXTINF:')) {
      duration = Number.parseFloat(line.slice(line.indexOf(':') + 1));
    } else if (!line.startsWith('#')) {
      const d = duration ?? 0;
      segments.push({ uri: new URL(line, url).href, start, duration: d, sequence, key });
      start += d;
      sequence++;
      duration = null;
    }
  }
  return { segments, duration: start };
}

/** The IV of a segment: the playlist's, else its media sequence number (big-endian, 16 bytes). */
export function ivOf(segment: HlsSegment): Uint8Array {
  if (segment.key?.iv) return segment.key.iv;
  const iv = new Uint8Array(16);
  let n = segment.sequence;
  for (let i = 15; i >= 0 && n > 0; i--) {
    iv[i] = n % 256;
    n = Math.floor(n / 256);
  }
  return iv;
}

/** The index of the segment playing at `seconds` (the last one past the end, the first before 0). */
export function segmentAt(playlist: HlsPlaylist, seconds: number): number {
  const { segments } = playlist;
  for (let i = 0; i < segments.length; i++) {
    if (seconds < segments[i].start + segments[i].duration) return i;
  }
  return Math.max(0, segments.length - 1);
}

export interface BufferWindow {
  /** Seconds kept buffered ahead of the position. */
  ahead: number;
  /** Seconds kept behind it (older data is removed, Media Source buffers are small for audio). */
  behind: number;
}

export const DEFAULT_WINDOW: BufferWindow = { ahead: 45, behind: 20 };

/** True when `seconds` lies in one of the buffered ranges. */
export function isBuffered(ranges: readonly (readonly [number, number])[], seconds: number) {
  return ranges.some(([a, b]) => a <= seconds && seconds < b);
}

/**
 * The next segment to fetch for a player at `position`: the first one from the segment playing
 * now up to `ahead` seconds on that is not in the buffer (a segment counts as there when its middle
 * is buffered), or null when the window is full.
 */
export function nextSegment(
  playlist: HlsPlaylist,
  ranges: readonly (readonly [number, number])[],
  position: number,
  window: BufferWindow = DEFAULT_WINDOW,
): number | null {
  const { segments } = playlist;
  for (let i = segmentAt(playlist, position); i < segments.length; i++) {
    const s = segments[i];
    if (s.start > position + window.ahead) return null;
    if (!isBuffered(ranges, s.start + s.duration / 2)) return i;
  }
  return null;
}

/** Up to where (seconds) buffered data behind `position` may go, or null when nothing is to go. */
export function evictBefore(
  ranges: readonly (readonly [number, number])[],
  position: number,
  window: BufferWindow = DEFAULT_WINDOW,
): number | null {
  const first = ranges[0];
  const until = position - window.behind;
  return first && first[0] < until - 1 ? until : null;
}
