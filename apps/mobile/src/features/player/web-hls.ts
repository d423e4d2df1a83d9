import {
  DEFAULT_WINDOW,
  evictBefore,
  isBuffered,
  ivOf,
  nextSegment,
  parsePlaylist,
  type BufferWindow,
  type HlsPlaylist,
} from './hls-playlist';

/**
 * The web export only. A <video> element cannot send the bearer token, and Chromium's own HLS
 * plays a playlist only from an http(s) URL (not from a blob: or data: one): so the export plays
 * uploads through Media Source Extensions, as hls.js does in the web app. The playlist and its
 * key are fetched here with the token, segments are fetched (public), decrypted (AES-128-CBC,
 * Web Crypto) and appended as MPEG-TS at their place in the song; the buffer follows the
 * element's position (45 s ahead, 20 s behind), so a seek anywhere loads from there.
 */

type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** MPEG-TS with AAC-LC, what the server's transcoder writes. */
export const MSE_TYPE = 'video/mp2t; codecs="mp4a.40.2"';

/** True when this browser can play the uploads through Media Source Extensions. */
export function mseSupported(): boolean {
  const MS = (globalThis as { MediaSource?: typeof MediaSource }).MediaSource;
  return typeof MS === 'function' && MS.isTypeSupported(MSE_TYPE);
}

export interface MseHlsDeps {
  fetch: FetchLike;
  subtle: SubtleCrypto;
  /** Where the element is, seconds (its currentTime). */
  position: () => number;
  window?: BufferWindow;
  /** Pause between checks of the buffer while it is full, ms. */
  idleMs?: number;
  onError?: (error: unknown) => void;
}

export interface MseHlsSource {
  /** Give this to the element (a blob: URL of the MediaSource). */
  uri: string;
  playlist: HlsPlaylist;
  /** Stops loading and lets the MediaSource go. */
  close: () => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function ranges(sb: SourceBuffer): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < sb.buffered.length; i++) out.push([sb.buffered.start(i), sb.buffered.end(i)]);
  return out;
}

/** Resolves when the SourceBuffer has finished its append or removal. */
function settled(sb: SourceBuffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      sb.removeEventListener('updateend', done);
      sb.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => {
      sb.removeEventListener('updateend', done);
      sb.removeEventListener('error', failed);
      reject(new Error('SourceBuffer append failed'));
    };
    sb.addEventListener('updateend', done);
    sb.addEventListener('error', failed);
  });
}

/** Fetches the playlist (with `headers`) and opens a MediaSource that plays it. */
export async function openMseHls(
  playlistUrl: string,
  headers: Record<string, string> | undefined,
  deps: MseHlsDeps,
): Promise<MseHlsSource> {
  const res = await deps.fetch(playlistUrl, { headers });
  if (!res.ok) throw new Error(`HLS playlist answered ${res.status}`);
  const playlist = parsePlaylist(await res.text(), playlistUrl);
  if (playlist.segments.length === 0) throw new Error('HLS playlist has no segments');

  const keys = new Map<string, Promise<CryptoKey>>();
  const keyOf = (uri: string) => {
    let key = keys.get(uri);
    if (!key) {
      key = (async () => {
        const r = await deps.fetch(uri, { headers });
        if (!r.ok) throw new Error(`HLS key answered ${r.status}`);
        return deps.subtle.importKey('raw', await r.arrayBuffer(), 'AES-CBC', false, ['decrypt']);
      })();
      key.catch(() => keys.delete(uri));
      keys.set(uri, key);
    }
    return key;
  };
  const segmentBytes = async (index: number): Promise<ArrayBuffer> => {
    const segment = playlist.segments[index];
    const r = await deps.fetch(segment.uri);
    if (!r.ok) throw new Error(`HLS segment answered ${r.status}`);
    const data = await r.arrayBuffer();
    if (!segment.key) return data;
    const iv = ivOf(segment);
    return deps.subtle.decrypt(
      { name: 'AES-CBC', iv: iv as BufferSource },
      await keyOf(segment.key.uri),
      data,
    );
  };

  const mediaSource = new MediaSource();
  const uri = URL.createObjectURL(mediaSource);
  let closed = false;
  /** Each time the element (re)opens the MediaSource; a loader stops when it is not the last. */
  let attachment = 0;
  const close = () => {
    closed = true;
    URL.revokeObjectURL(uri);
  };
  const window = deps.window ?? DEFAULT_WINDOW;
  const idle = deps.idleMs ?? 250;

  async function pump(sb: SourceBuffer, mine: number) {
    /** Closed by us, or the element let this opening of the MediaSource go. */
    const gone = () => closed || mine !== attachment || mediaSource.readyState === 'closed';
    let failures = 0;
    /** The segment that follows the one appended last: it goes on without a new offset. */
    let following: number | null = null;
    while (!gone()) {
      try {
        const position = deps.position();
        const have = ranges(sb);
        const evict = evictBefore(have, position, window);
        if (evict !== null) {
          sb.remove(0, evict);
          await settled(sb);
          continue;
        }
        const next = nextSegment(playlist, have, position, window);
        if (next === null) {
          const last = playlist.segments[playlist.segments.length - 1];
          const complete = isBuffered(have, last.start + last.duration / 2);
          if (complete && mediaSource.readyState === 'open' && !sb.updating) {
            mediaSource.endOfStream();
          }
          await sleep(idle);
          continue;
        }
        const bytes = await segmentBytes(next);
        if (gone()) return;
        if (next !== following) {
          // Elsewhere in the song: the parser drops what it holds of the last segment, and this
          // one is placed at its start in the song, whatever its own timestamps say.
          sb.abort();
          sb.timestampOffset = playlist.segments[next].start;
        }
        sb.appendBuffer(bytes);
        await settled(sb);
        following = next + 1;
        failures = 0;
      } catch (error) {
        if (gone()) return;
        // A full buffer (QuotaExceededError) or a failed request: keep less behind, try again.
        if ((error as { name?: string }).name === 'QuotaExceededError') {
          const position = deps.position();
          if (!sb.updating && position > 5) {
            sb.remove(0, position - 5);
            await settled(sb).catch(() => undefined);
          }
        } else if (++failures >= 5) {
          deps.onError?.(error);
          return;
        }
        await sleep(1000);
      }
    }
  }

  // The element opens the MediaSource when given its URL, and again should its src be set anew (a
  // fresh buffer then starts: the URL stays valid until close()). An append after endOfStream()
  // (a seek back) reopens it too, keeping its buffer: nothing to start then.
  mediaSource.addEventListener('sourceopen', () => {
    if (closed || mediaSource.sourceBuffers.length > 0) return;
    const mine = ++attachment;
    try {
      mediaSource.duration = playlist.duration;
      const sb = mediaSource.addSourceBuffer(MSE_TYPE);
      // One segment after the other from where loading starts (timestampOffset, the start in the
      // song of the first): positions match the web app's (hls.js) and the server clock's.
      sb.mode = 'sequence';
      void pump(sb, mine);
    } catch (error) {
      deps.onError?.(error);
    }
  });
  return { uri, playlist, close };
}
