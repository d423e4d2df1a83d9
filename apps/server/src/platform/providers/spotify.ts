import {
  TokenCache,
  buildUrl,
  clientCredentials,
  fetchWithTimeout,
  jsonOrThrow,
  getJsonWithToken,
  msToSeconds,
  yearOf,
  type ProviderSearchPage,
  type ProviderSong,
} from './http';

/** Spotify Web API track object (the fields we read). */
export interface SpotifyTrack {
  id: string;
  name: string;
  duration_ms: number;
  explicit: boolean;
  preview_url?: string | null;
  external_ids?: { isrc?: string };
  external_urls?: { spotify?: string };
  artists: { id: string; name: string }[];
  album?: {
    name?: string;
    release_date?: string;
    images?: { url: string; width: number | null; height: number | null }[];
    genres?: string[];
  };
}

interface SpotifySearchResponse {
  tracks: {
    items: SpotifyTrack[];
    offset: number;
    limit: number;
    total: number;
    next: string | null;
  };
}

/** GET /v1/playlists/{id}/tracks: a page of playlist items (a local file or removed track is null). */
interface SpotifyPlaylistTracksResponse {
  items: { track: SpotifyTrack | null; is_local?: boolean }[];
  offset: number;
  limit: number;
  total: number;
  next: string | null;
}

export interface SpotifyOptions {
  apiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
}

export function mapSpotifyTrack(t: SpotifyTrack): ProviderSong {
  // Spotify lists images widest first; prefer the ~300 px one for a thumbnail.
  const images = t.album?.images ?? [];
  const thumb = images.find((i) => (i.width ?? 0) <= 320) ?? images.at(-1) ?? images[0];
  return {
    trackName: t.name,
    artistName: t.artists.map((a) => a.name).join(', '),
    genre: t.album?.genres?.[0] ?? null,
    duration: msToSeconds(t.duration_ms),
    isrc: t.external_ids?.isrc ?? null,
    explicit: Boolean(t.explicit),
    musicProviders: { spotify: t.id },
    thumbnails: thumb ? { spotify: thumb.url } : {},
    links: { spotify: t.external_urls?.spotify ?? `https://open.spotify.com/track/${t.id}` },
    previews: t.preview_url ? [t.preview_url] : [],
    streamUrls: {},
    albumName: t.album?.name ?? null,
    releaseYear: yearOf(t.album?.release_date),
  };
}

/** Spotify Web API with a client-credentials token, refreshed once on 401 (call retried once). */
export class SpotifyClient {
  private readonly tokens: TokenCache;

  constructor(private readonly opts: SpotifyOptions) {
    this.tokens = new TokenCache(
      clientCredentials(opts.tokenUrl, opts.clientId, opts.clientSecret, opts.timeoutMs),
    );
  }

  private get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T> {
    return getJsonWithToken<T>(buildUrl(this.opts.apiUrl, path, query), this.tokens, {
      refreshOn: [401],
      timeoutMs: this.opts.timeoutMs,
    });
  }

  /** GET /v1/tracks/{id}. */
  async getTrack(id: string, market?: string): Promise<ProviderSong> {
    const t = await this.get<SpotifyTrack>(`/v1/tracks/${encodeURIComponent(id)}`, { market });
    return mapSpotifyTrack(t);
  }

  /** GET /v1/search?q&type=track&offset&limit. */
  async search(q: string, offset = 0, limit = 20, market?: string): Promise<ProviderSearchPage> {
    const r = await this.get<SpotifySearchResponse>('/v1/search', {
      q,
      type: 'track',
      offset,
      limit,
      market,
    });
    const items = r.tracks?.items ?? [];
    return {
      songs: items.map(mapSpotifyTrack),
      next: r.tracks?.next ? offset + items.length : null,
    };
  }

  /**
   * Every track of a playlist, in order: GET /v1/playlists/{id}/tracks paged by 100. Local files
   * and removed tracks (no Spotify id) are left out; `total` counts the playlist's items.
   */
  async playlistTracks(
    id: string,
    market?: string,
  ): Promise<{ songs: ProviderSong[]; total: number }> {
    const songs: ProviderSong[] = [];
    let offset = 0;
    let total = 0;
    for (;;) {
      const r = await this.get<SpotifyPlaylistTracksResponse>(
        `/v1/playlists/${encodeURIComponent(id)}/tracks`,
        { offset, limit: 100, market },
      );
      const items = r.items ?? [];
      total = r.total ?? total;
      for (const item of items) {
        if (item.track?.id && !item.is_local) songs.push(mapSpotifyTrack(item.track));
      }
      if (!r.next || items.length === 0) break;
      offset += items.length;
    }
    return { songs, total };
  }

  /** A call of the Web API with a user's own access token (their library). */
  private async asUser<T>(token: string, method: string, path: string, body?: unknown) {
    const url = buildUrl(this.opts.apiUrl, path);
    const res = await fetchWithTimeout(
      url,
      {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      this.opts.timeoutMs,
    );
    return jsonOrThrow<T>(url, res);
  }

  /**
   * Makes a private playlist in the user's library (GET /v1/me, POST /v1/users/{id}/playlists)
   * and adds the tracks by 100 (POST /v1/playlists/{id}/tracks with spotify:track: URIs).
   */
  async createUserPlaylist(
    userToken: string,
    name: string,
    description: string,
    trackIds: string[],
  ): Promise<{ id: string; url: string }> {
    const me = await this.asUser<{ id: string }>(userToken, 'GET', '/v1/me');
    const pl = await this.asUser<{ id: string; external_urls?: { spotify?: string } }>(
      userToken,
      'POST',
      `/v1/users/${encodeURIComponent(me.id)}/playlists`,
      { name, description, public: false },
    );
    for (let i = 0; i < trackIds.length; i += 100) {
      await this.asUser(userToken, 'POST', `/v1/playlists/${encodeURIComponent(pl.id)}/tracks`, {
        uris: trackIds.slice(i, i + 100).map((id) => `spotify:track:${id}`),
      });
    }
    return {
      id: pl.id,
      url: pl.external_urls?.spotify ?? `https://open.spotify.com/playlist/${pl.id}`,
    };
  }
}
