import {
  ProviderHttpError,
  buildUrl,
  getJson,
  yearOf,
  type ProviderSearchPage,
  type ProviderSong,
} from './http';

/** Deezer public API track (the fields we read). `duration` is in seconds. */
export interface DeezerTrack {
  id: number;
  readable?: boolean;
  title: string;
  title_version?: string;
  isrc?: string;
  link?: string;
  duration: number;
  release_date?: string;
  explicit_lyrics?: boolean;
  /** A 30-second MP3 clip; empty when Deezer has none for this track. */
  preview?: string;
  artist: { id: number; name: string };
  album?: {
    id: number;
    title: string;
    cover_medium?: string;
    cover_big?: string;
    release_date?: string;
  };
  type?: 'track';
}

/**
 * Deezer answers most errors with HTTP 200 and `{ error: { type, message, code } }`:
 * 800 no data (not found), 500/501/600 a bad parameter or query, 4 and 700 quota or busy.
 */
interface DeezerError {
  error?: { type?: string; message?: string; code?: number };
}

/** GET /search: `next` is the URL of the following page (absent on the last one). */
interface DeezerSearch extends DeezerError {
  data?: DeezerTrack[];
  total?: number;
  next?: string;
}

export interface DeezerOptions {
  apiUrl: string;
  timeoutMs?: number;
}

/** Codes Deezer gives for "no such item" and for a malformed id or query. */
const NOT_FOUND_CODES = new Set([800]);
const BAD_PARAMETER_CODES = new Set([500, 501, 600]);

export function mapDeezerTrack(t: DeezerTrack): ProviderSong {
  const id = String(t.id);
  const art = t.album?.cover_medium || t.album?.cover_big;
  return {
    trackName: t.title_version ? `${t.title} ${t.title_version}`.trim() : t.title,
    artistName: t.artist?.name ?? '',
    genre: null,
    duration: Math.round(t.duration ?? 0),
    isrc: t.isrc || null,
    explicit: Boolean(t.explicit_lyrics),
    musicProviders: { deezer: id },
    thumbnails: art ? { deezer: art } : {},
    links: { deezer: t.link || `https://www.deezer.com/track/${id}` },
    // MUSIC-PROVIDERS-2: Deezer's 30 s MP3 is the song's preview.
    previews: t.preview ? [t.preview] : [],
    streamUrls: {},
    albumName: t.album?.title ?? null,
    releaseYear: yearOf(t.release_date ?? t.album?.release_date),
  };
}

/**
 * Deezer's public API (no key): GET /track/{id}, GET /track/isrc:{isrc} and GET /search?q.
 * An error envelope becomes a ProviderHttpError: 404 for "no data", 400 for a bad parameter,
 * otherwise the provider failed.
 */
export class DeezerClient {
  constructor(private readonly opts: DeezerOptions) {}

  private async get<T extends DeezerError>(
    path: string,
    query: Record<string, string | number | undefined> = {},
  ): Promise<T> {
    const url = buildUrl(this.opts.apiUrl, path, query);
    const body = await getJson<T>(url, {}, this.opts.timeoutMs);
    const error = body?.error;
    if (error) {
      const code = error.code ?? 0;
      const status = NOT_FOUND_CODES.has(code) ? 404 : BAD_PARAMETER_CODES.has(code) ? 400 : 502;
      throw new ProviderHttpError(url, status, error.message ?? 'Deezer error', body);
    }
    if (!body || typeof body !== 'object') {
      throw new ProviderHttpError(url, 502, 'Not a Deezer answer', body);
    }
    return body;
  }

  private track(url: string, t: DeezerTrack & DeezerError): ProviderSong {
    if (typeof t.id !== 'number' || typeof t.title !== 'string' || !t.artist) {
      throw new ProviderHttpError(url, 404, 'Not a track', t);
    }
    return mapDeezerTrack(t);
  }

  /** GET /track/{id}. */
  async getTrack(id: string): Promise<ProviderSong> {
    const path = `/track/${encodeURIComponent(id)}`;
    return this.track(path, await this.get<DeezerTrack & DeezerError>(path));
  }

  /** GET /track/isrc:{isrc}: the track with this ISRC, or null when Deezer has none. */
  async getTrackByIsrc(isrc: string): Promise<ProviderSong | null> {
    const path = `/track/isrc:${encodeURIComponent(isrc.toUpperCase())}`;
    try {
      return this.track(path, await this.get<DeezerTrack & DeezerError>(path));
    } catch (err) {
      if (err instanceof ProviderHttpError && err.status === 404) return null;
      throw err;
    }
  }

  /** GET /search?q&index&limit (search results carry no ISRC; /track/{id} does). */
  async search(q: string, offset = 0, limit = 20): Promise<ProviderSearchPage> {
    const r = await this.get<DeezerSearch>('/search', { q, index: offset, limit });
    const data = (r.data ?? []).filter((t) => t && (t.type ?? 'track') === 'track');
    const total = r.total ?? 0;
    const end = offset + (r.data ?? []).length;
    return {
      songs: data.map(mapDeezerTrack),
      next: (r.next || end < total) && end > offset ? end : null,
    };
  }
}
