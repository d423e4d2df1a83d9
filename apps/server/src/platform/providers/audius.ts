import {
  ProviderHttpError,
  buildUrl,
  getJson,
  yearOf,
  type ProviderSearchPage,
  type ProviderSong,
} from './http';

/** Audius API track (the fields we read). `duration` is in seconds. */
export interface AudiusTrack {
  id: string;
  title: string;
  duration: number;
  genre?: string | null;
  mood?: string | null;
  isrc?: string | null;
  permalink?: string;
  release_date?: string | null;
  is_streamable?: boolean;
  artwork?: { '150x150'?: string; '480x480'?: string; '1000x1000'?: string } | null;
  user: { id: string; name: string; handle?: string };
}

export interface AudiusOptions {
  apiUrl: string;
  /** Audius asks every caller to name its app in `app_name`. */
  appName?: string;
  timeoutMs?: number;
}

/** Audius public API: no credentials, answers wrapped in `{ data }`. */
export class AudiusClient {
  private readonly appName: string;

  constructor(private readonly opts: AudiusOptions) {
    this.appName = opts.appName ?? 'turntable-live';
  }

  private url(path: string, query: Record<string, string | number | undefined> = {}): string {
    return buildUrl(this.opts.apiUrl, path, { ...query, app_name: this.appName });
  }

  /** The stream URL of a track: GET /v1/tracks/{id}/stream redirects to the audio. */
  streamUrl(id: string): string {
    return this.url(`/v1/tracks/${encodeURIComponent(id)}/stream`);
  }

  map(t: AudiusTrack): ProviderSong {
    const art = t.artwork?.['480x480'] ?? t.artwork?.['150x150'] ?? t.artwork?.['1000x1000'];
    return {
      trackName: t.title,
      artistName: t.user.name,
      genre: t.genre || null,
      duration: Math.round(t.duration ?? 0),
      isrc: t.isrc || null,
      explicit: false,
      musicProviders: { audius: t.id },
      thumbnails: art ? { audius: art } : {},
      links: t.permalink ? { audius: `https://audius.co${t.permalink}` } : {},
      previews: [],
      streamUrls: t.is_streamable === false ? {} : { audius: { http: this.streamUrl(t.id) } },
      albumName: null,
      releaseYear: yearOf(t.release_date),
    };
  }

  /** GET /v1/tracks/{id}. */
  async getTrack(id: string): Promise<ProviderSong> {
    const r = await getJson<{ data: AudiusTrack }>(
      this.url(`/v1/tracks/${encodeURIComponent(id)}`),
      {},
      this.opts.timeoutMs,
    );
    return this.map(r.data);
  }

  /**
   * GET /v1/resolve?url= — Audius answers 302 to the API resource of an audius.co URL and fetch
   * follows it; a track answers `{ data }` like GET /v1/tracks/{id}.
   */
  async resolveTrack(url: string): Promise<ProviderSong> {
    const apiUrl = this.url('/v1/resolve', { url });
    const r = await getJson<{ data?: AudiusTrack }>(apiUrl, {}, this.opts.timeoutMs);
    const t = r?.data;
    if (!t || typeof t.id !== 'string' || typeof t.title !== 'string' || !t.user) {
      throw new ProviderHttpError(apiUrl, 404, 'Not a track', r);
    }
    return this.map(t);
  }

  /**
   * The tracks of a playlist or album, in order: GET /v1/resolve?url= of its audius.co link
   * (answered by the playlist, `{ data: [playlist] }`), then GET /v1/playlists/{id}/tracks.
   */
  async resolvePlaylistTracks(url: string): Promise<ProviderSong[]> {
    const apiUrl = this.url('/v1/resolve', { url });
    const r = await getJson<{ data?: { id?: string; playlist_name?: string }[] | { id?: string } }>(
      apiUrl,
      {},
      this.opts.timeoutMs,
    );
    const playlist = Array.isArray(r?.data) ? r.data[0] : r?.data;
    if (!playlist?.id || !Array.isArray(r?.data)) {
      throw new ProviderHttpError(apiUrl, 404, 'Not a playlist', r);
    }
    const t = await getJson<{ data?: AudiusTrack[] }>(
      this.url(`/v1/playlists/${encodeURIComponent(playlist.id)}/tracks`),
      {},
      this.opts.timeoutMs,
    );
    return (t.data ?? []).filter((x) => x?.id && x.title && x.user).map((x) => this.map(x));
  }

  /** GET /v1/tracks/search?query&offset&limit. */
  async search(query: string, offset = 0, limit = 20): Promise<ProviderSearchPage> {
    const r = await getJson<{ data: AudiusTrack[] }>(
      this.url('/v1/tracks/search', { query, offset, limit }),
      {},
      this.opts.timeoutMs,
    );
    const data = r.data ?? [];
    return {
      songs: data.map((t) => this.map(t)),
      next: data.length >= limit ? offset + data.length : null,
    };
  }
}
