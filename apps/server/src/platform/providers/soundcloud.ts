import {
  ProviderHttpError,
  TokenCache,
  buildUrl,
  clientCredentials,
  getJsonWithToken,
  msToSeconds,
  yearOf,
  type ProviderSearchPage,
  type ProviderSong,
} from './http';

/** SoundCloud API track (the fields we read). `duration` is in milliseconds. */
export interface SoundcloudTrack {
  id: number;
  urn?: string;
  title: string;
  duration: number;
  genre?: string | null;
  artwork_url?: string | null;
  permalink_url?: string;
  created_at?: string;
  release_year?: number | null;
  sharing?: 'public' | 'private';
  secret_token?: string | null;
  access?: 'playable' | 'preview' | 'blocked';
  user: { id: number; username: string; avatar_url?: string };
  publisher_metadata?: {
    artist?: string;
    isrc?: string;
    explicit?: boolean;
    album_title?: string;
    release_title?: string;
  } | null;
}

/** GET /tracks/{id}/streams. */
export interface SoundcloudStreams {
  http_mp3_128_url?: string;
  hls_mp3_128_url?: string;
  hls_aac_160_url?: string;
  hls_opus_64_url?: string;
  preview_mp3_128_url?: string;
}

interface SoundcloudPage {
  collection: SoundcloudTrack[];
  next_href?: string | null;
}

export interface SoundcloudOptions {
  apiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
}

/** SoundCloud search pages hold 20 tracks. */
export const SOUNDCLOUD_PAGE = 20;

export function mapSoundcloudTrack(t: SoundcloudTrack): ProviderSong {
  const pm = t.publisher_metadata ?? {};
  // artwork_url names the 100 px "-large" size; "-t500x500" is the same image at 500 px.
  const art = (t.artwork_url ?? t.user.avatar_url)?.replace('-large.', '-t500x500.');
  return {
    trackName: t.title,
    artistName: pm.artist || t.user.username,
    genre: t.genre || null,
    duration: msToSeconds(t.duration),
    isrc: pm.isrc || null,
    explicit: Boolean(pm.explicit),
    musicProviders: { soundCloudPublic: String(t.id) },
    thumbnails: art ? { soundCloudPublic: art } : {},
    links: t.permalink_url ? { soundCloudPublic: t.permalink_url } : {},
    previews: [],
    streamUrls: {},
    albumName: pm.album_title || pm.release_title || null,
    releaseYear: t.release_year ?? yearOf(t.created_at),
  };
}

/**
 * SoundCloud API with an OAuth client-credentials token (`Authorization: OAuth <token>`),
 * refreshed once on 401 or 403 and the call retried once.
 */
export class SoundcloudClient {
  private readonly tokens: TokenCache;

  constructor(private readonly opts: SoundcloudOptions) {
    this.tokens = new TokenCache(
      clientCredentials(opts.tokenUrl, opts.clientId, opts.clientSecret, opts.timeoutMs),
    );
  }

  private get<T>(path: string, query?: Record<string, string | number | boolean | undefined>) {
    return getJsonWithToken<T>(buildUrl(this.opts.apiUrl, path, query), this.tokens, {
      refreshOn: [401, 403],
      authorization: (t) => `OAuth ${t}`,
      timeoutMs: this.opts.timeoutMs,
    });
  }

  /** GET /tracks/{id}; a private track needs its `secret_token`. */
  async getTrack(id: string | number, secretToken?: string): Promise<ProviderSong> {
    const t = await this.get<SoundcloudTrack>(`/tracks/${encodeURIComponent(String(id))}`, {
      secret_token: secretToken,
    });
    return mapSoundcloudTrack(t);
  }

  /** GET /tracks/{id}/streams (optional secret_token for private tracks). */
  async getStreams(id: string | number, secretToken?: string): Promise<SoundcloudStreams> {
    return this.get<SoundcloudStreams>(`/tracks/${encodeURIComponent(String(id))}/streams`, {
      secret_token: secretToken,
    });
  }

  /** The track with its stream URLs (http and hls) and preview filled in. */
  async getTrackWithStreams(id: string | number, secretToken?: string): Promise<ProviderSong> {
    const [song, s] = await Promise.all([
      this.getTrack(id, secretToken),
      this.getStreams(id, secretToken),
    ]);
    const hls = s.hls_aac_160_url ?? s.hls_mp3_128_url;
    return {
      ...song,
      streamUrls:
        s.http_mp3_128_url || hls
          ? {
              soundCloudPublic: {
                ...(s.http_mp3_128_url ? { http: s.http_mp3_128_url } : {}),
                ...(hls ? { hls } : {}),
              },
            }
          : {},
      previews: s.preview_mp3_128_url ? [s.preview_mp3_128_url] : [],
    };
  }

  /**
   * GET /resolve?url= — SoundCloud answers 302 to the resource of a soundcloud.com URL (a private
   * track's share link carries its secret token) and fetch follows it. Only tracks resolve.
   */
  async resolveTrack(url: string): Promise<ProviderSong> {
    const apiUrl = buildUrl(this.opts.apiUrl, '/resolve', { url });
    const t = await this.get<SoundcloudTrack & { kind?: string }>('/resolve', { url });
    if (!t || (t.kind !== undefined && t.kind !== 'track') || typeof t.id !== 'number') {
      throw new ProviderHttpError(apiUrl, 404, 'Not a track', null);
    }
    return mapSoundcloudTrack(t);
  }

  /**
   * The public tracks of a set (playlist), in order: GET /resolve?url= of its soundcloud.com
   * link, which SoundCloud answers 302 to the playlist resource with its `tracks`. Private
   * tracks of the set are left out; a link that is not a set is a 404.
   */
  async resolvePlaylistTracks(url: string): Promise<ProviderSong[]> {
    const p = await this.get<{ kind?: string; tracks?: SoundcloudTrack[] }>('/resolve', { url });
    if (!p || p.kind !== 'playlist' || !Array.isArray(p.tracks)) {
      throw new ProviderHttpError(
        buildUrl(this.opts.apiUrl, '/resolve', { url }),
        404,
        'Not a set',
        null,
      );
    }
    return p.tracks
      .filter((t) => typeof t?.title === 'string' && t.sharing !== 'private')
      .map(mapSoundcloudTrack);
  }

  /**
   * GET /me/tracks: the tracks of the account the token belongs to, private ones included (as
   * SoundCloud answers them, to be filtered by the caller), following `next_href` up to `max`.
   */
  async myTracks(max = 200): Promise<SoundcloudTrack[]> {
    const out: SoundcloudTrack[] = [];
    let url: string | null = buildUrl(this.opts.apiUrl, '/me/tracks', {
      linked_partitioning: true,
      limit: 50,
    });
    const base = this.opts.apiUrl.replace(/\/+$/, '');
    while (url && out.length < max) {
      const r: SoundcloudPage = await getJsonWithToken<SoundcloudPage>(url, this.tokens, {
        refreshOn: [401, 403],
        authorization: (t) => `OAuth ${t}`,
        timeoutMs: this.opts.timeoutMs,
      });
      out.push(...(r.collection ?? []));
      // Our token goes only to the API we were configured with.
      url = r.next_href && r.next_href.startsWith(`${base}/`) ? r.next_href : null;
    }
    return out.slice(0, max);
  }

  /** GET /tracks?q&offset&linked_partitioning=true&limit=20. */
  async search(q: string, offset = 0): Promise<ProviderSearchPage> {
    const r = await this.get<SoundcloudPage>('/tracks', {
      q,
      offset,
      linked_partitioning: true,
      limit: SOUNDCLOUD_PAGE,
    });
    const items = r.collection ?? [];
    return {
      songs: items.map(mapSoundcloudTrack),
      next: r.next_href ? offset + items.length : null,
    };
  }
}
