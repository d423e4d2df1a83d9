import { songHlsPaths } from '@tt/protocol';

/**
 * The AES-128 key of an uploaded song is served only through a key URL the server signs for the
 * caller when they fetch the playlist with their token, and the key request must carry that same
 * token: playlist and key requests carry the bearer token. Segments are public and go without it,
 * and the token never leaves this origin.
 */
export const HLS_KEY_PATH = songHlsPaths.key('x').split('?')[0];
/** `/api/song-service/songs/{id}/hls-playlist`. */
const HLS_PLAYLIST_PATH = new RegExp(
  `^${songHlsPaths.playlist('ID').replace('ID', '[^/]+').replace(/[.?]/g, '\\$&')}$`,
);

function onOrigin(url: string, origin: string): URL | null {
  try {
    const u = new URL(url, origin);
    return u.origin === new URL(origin).origin ? u : null;
  } catch {
    return null;
  }
}

/** True when `url` (absolute or relative to `origin`) is this platform's HLS key endpoint. */
export function isHlsKeyUrl(url: string, origin: string): boolean {
  return onOrigin(url, origin)?.pathname === HLS_KEY_PATH;
}

/** True when `url` is the HLS playlist of one of this platform's uploads. */
export function isHlsPlaylistUrl(url: string, origin: string): boolean {
  const u = onOrigin(url, origin);
  return !!u && HLS_PLAYLIST_PATH.test(u.pathname);
}

/** Requests that carry the token: the playlist (its key URL is signed for us) and the key. */
const needsToken = (url: string, origin: string) =>
  isHlsKeyUrl(url, origin) || isHlsPlaylistUrl(url, origin);

/** The hls.js loader hooks (XHR and fetch loaders) that add the bearer token to those requests. */
export function hlsKeyAuth(token: () => string | null, origin: string) {
  return {
    xhrSetup(xhr: XMLHttpRequest, url: string): void {
      if (!needsToken(url, origin)) return;
      const t = token();
      if (!t) return;
      // Headers can only be set on an opened request; hls.js sends it without opening again.
      xhr.open('GET', url, true);
      xhr.setRequestHeader('Authorization', `Bearer ${t}`);
    },
    fetchSetup(context: { url: string }, initParams: RequestInit): Request {
      const t = needsToken(context.url, origin) ? token() : null;
      if (!t) return new Request(context.url, initParams);
      const headers = new Headers(initParams?.headers);
      headers.set('Authorization', `Bearer ${t}`);
      return new Request(context.url, { ...initParams, headers });
    },
  };
}

/** The server refused this caller the song's key (403): LIVE-LISTEN-2 asks a guest to sign in. */
export class HlsKeyRefused extends Error {
  constructor() {
    super('HLS key answered 403');
    this.name = 'HlsKeyRefused';
  }
}

type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * Native HLS (Safari without MediaSource) cannot add a header to its requests: the playlist is
 * fetched here with the token, the key fetched with the token and written into the playlist as a
 * data: URI, segment URIs made absolute, and the whole playlist handed to the element as a data:
 * URI.
 */
export async function nativeHlsSource(
  playlistUrl: string,
  deps: { token: () => string | null; origin: string; fetch: FetchLike },
): Promise<string> {
  const absolute = new URL(playlistUrl, deps.origin);
  const bearer = (url: string): Record<string, string> => {
    const t = needsToken(url, deps.origin) ? deps.token() : null;
    return t ? { Authorization: `Bearer ${t}` } : {};
  };
  const res = await deps.fetch(absolute.href, { headers: bearer(absolute.href) });
  if (!res.ok) throw new Error(`HLS playlist answered ${res.status}`);
  const text = await res.text();
  const keys = new Map<string, string>();
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#EXT-X-KEY:')) {
      const match = /URI="([^"]+)"/.exec(line);
      if (!match) {
        lines.push(line);
        continue;
      }
      const keyUrl = new URL(match[1], absolute).href;
      let data = keys.get(keyUrl);
      if (!data) {
        const keyRes = await deps.fetch(keyUrl, { headers: bearer(keyUrl) });
        if (keyRes.status === 403) throw new HlsKeyRefused();
        if (!keyRes.ok) throw new Error(`HLS key answered ${keyRes.status}`);
        const bytes = new Uint8Array(await keyRes.arrayBuffer());
        data = `data:application/octet-stream;base64,${toBase64(bytes)}`;
        keys.set(keyUrl, data);
      }
      lines.push(line.replace(match[0], `URI="${data}"`));
    } else if (line && !line.startsWith('#')) {
      lines.push(new URL(line, absolute).href);
    } else {
      lines.push(line);
    }
  }
  const playlist = new TextEncoder().encode(lines.join('\n'));
  return `data:application/vnd.apple.mpegurl;base64,${toBase64(playlist)}`;
}
