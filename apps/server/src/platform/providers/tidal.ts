import {
  ProviderHttpError,
  TokenCache,
  buildUrl,
  clientCredentials,
  getJsonWithToken,
  yearOf,
  type ProviderSong,
} from './http';
import { parseIsoDuration } from './youtube';

/** A JSON:API resource of TIDAL's developer API v2 (the fields we read). */
interface Resource<T> {
  id: string;
  type: string;
  attributes?: T;
  relationships?: Record<string, { data?: { id: string; type: string }[] }>;
}
export type TidalTrack = Resource<{
  title: string;
  version?: string | null;
  isrc?: string;
  /** ISO-8601, e.g. `PT3M20S`. */
  duration: string;
  explicit?: boolean;
  externalLinks?: { href: string; meta?: { type?: string } }[];
}>;
export type TidalArtist = Resource<{ name: string }>;
export type TidalAlbum = Resource<{
  title: string;
  releaseDate?: string;
  imageLinks?: { href: string; meta?: { width?: number; height?: number } }[];
}>;
type Included = TidalArtist | TidalAlbum;

interface TidalDocument<D> {
  data?: D;
  included?: Included[];
}

export interface TidalOptions {
  apiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  countryCode?: string;
  timeoutMs?: number;
}

export function mapTidalTrack(t: TidalTrack, included: Included[] = []): ProviderSong {
  const a = t.attributes!;
  const related = (rel: string, type: string) =>
    (t.relationships?.[rel]?.data ?? [])
      .map((r) => included.find((i) => i.type === type && i.id === r.id))
      .filter((x): x is Included => Boolean(x));
  const artists = related('artists', 'artists') as TidalArtist[];
  const album = (related('albums', 'albums') as TidalAlbum[])[0]?.attributes;
  const images = [...(album?.imageLinks ?? [])].sort(
    (x, y) => (x.meta?.width ?? 0) - (y.meta?.width ?? 0),
  );
  const art = images.find((i) => (i.meta?.width ?? 0) >= 300) ?? images.at(-1);
  const share = a.externalLinks?.find((l) => l.meta?.type === 'TIDAL_SHARING')?.href;
  let duration: number;
  try {
    duration = parseIsoDuration(a.duration);
  } catch {
    duration = 0;
  }
  return {
    trackName: a.version ? `${a.title} (${a.version})` : a.title,
    artistName: artists
      .map((x) => x.attributes?.name ?? '')
      .filter(Boolean)
      .join(', '),
    genre: null,
    duration,
    isrc: a.isrc || null,
    explicit: Boolean(a.explicit),
    musicProviders: { tidal: t.id },
    thumbnails: art ? { tidal: art.href } : {},
    links: { tidal: share ?? `https://tidal.com/browse/track/${t.id}` },
    // TIDAL's API offers no clip to play without a subscription (MUSIC-PROVIDERS-2).
    previews: [],
    streamUrls: {},
    albumName: album?.title ?? null,
    releaseYear: yearOf(album?.releaseDate),
  };
}

/**
 * TIDAL developer API v2 (JSON:API) with a client-credentials token, refreshed once on 401:
 * GET /tracks/{id} and GET /tracks?filter[isrc]=, both with `countryCode` and
 * `include=artists,albums`. TIDAL's catalogue search needs more than a client token in
 * practice, so the platform does not search TIDAL (MUSIC-PROVIDERS-1).
 */
export class TidalClient {
  private readonly tokens: TokenCache;
  private readonly countryCode: string;

  constructor(private readonly opts: TidalOptions) {
    this.tokens = new TokenCache(
      clientCredentials(opts.tokenUrl, opts.clientId, opts.clientSecret, opts.timeoutMs),
    );
    this.countryCode = opts.countryCode ?? 'US';
  }

  private get<T>(path: string, query: Record<string, string | undefined> = {}): Promise<T> {
    const url = buildUrl(this.opts.apiUrl, path, {
      ...query,
      countryCode: this.countryCode,
      include: 'artists,albums',
    });
    return getJsonWithToken<T>(url, this.tokens, { timeoutMs: this.opts.timeoutMs });
  }

  private song(path: string, t: TidalTrack | undefined, included?: Included[]) {
    if (!t || t.type !== 'tracks' || typeof t.attributes?.title !== 'string') {
      throw new ProviderHttpError(path, 404, 'Not a track', t ?? null);
    }
    return mapTidalTrack(t, included);
  }

  /** GET /tracks/{id}. */
  async getTrack(id: string): Promise<ProviderSong> {
    const path = `/tracks/${encodeURIComponent(id)}`;
    const r = await this.get<TidalDocument<TidalTrack>>(path);
    return this.song(path, r?.data, r?.included);
  }

  /** GET /tracks?filter[isrc]=: the first track with this ISRC, or null. */
  async getTrackByIsrc(isrc: string): Promise<ProviderSong | null> {
    const r = await this.get<TidalDocument<TidalTrack[]>>('/tracks', {
      'filter[isrc]': isrc.toUpperCase(),
    });
    const t = r?.data?.[0];
    return t ? this.song('/tracks', t, r.included) : null;
  }
}
