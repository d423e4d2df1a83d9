import {
  ProviderHttpError,
  buildUrl,
  getJson,
  yearOf,
  type ProviderSearchPage,
  type ProviderSong,
} from './http';

/** 7digital API 1.2 track (the fields we read). `duration` is in seconds. */
export interface SevenDigitalTrack {
  id: number | string;
  title: string;
  version?: string;
  duration: number;
  explicitContent?: boolean;
  isrc?: string;
  url?: string;
  artist: { id: number; name: string; appearsAs?: string };
  release?: {
    id: number;
    title: string;
    version?: string;
    image?: string;
    releaseDate?: string;
  };
  download?: { releaseDate?: string };
}

interface SevenDigitalEnvelope {
  status: 'ok' | 'error';
  error?: { code: number; errorMessage: string };
}
interface TrackDetails extends SevenDigitalEnvelope {
  track: SevenDigitalTrack;
}
interface TrackSearch extends SevenDigitalEnvelope {
  searchResults: {
    page: number;
    pageSize: number;
    totalItems: number;
    searchResult: { type: string; track: SevenDigitalTrack }[];
  };
}

/** 7digital image sizes (SONG-ART-1). */
export const SEVEN_DIGITAL_IMAGE_SIZES = [33, 50, 100, 180, 182, 200, 350, 500, 800] as const;
export type SevenDigitalImageSize = (typeof SEVEN_DIGITAL_IMAGE_SIZES)[number];

export interface SevenDigitalOptions {
  apiUrl: string;
  /** Sent as `oauth_consumer_key`. */
  consumerKey: string;
  country?: string;
  imageSize?: SevenDigitalImageSize;
  timeoutMs?: number;
}

/** Cover URLs end in `_<size>.jpg`; pick another size of the same image. */
export function sevenDigitalImage(url: string, size: SevenDigitalImageSize): string {
  return url.replace(/_\d+\.(jpg|png)$/, `_${size}.$1`);
}

export function mapSevenDigitalTrack(
  t: SevenDigitalTrack,
  imageSize: SevenDigitalImageSize = 350,
): ProviderSong {
  const id = String(t.id);
  return {
    trackName: t.version ? `${t.title} (${t.version})` : t.title,
    artistName: t.artist.appearsAs || t.artist.name,
    genre: null,
    duration: Math.round(t.duration ?? 0),
    isrc: t.isrc || null,
    explicit: Boolean(t.explicitContent),
    musicProviders: { sevenDigital: id },
    thumbnails: t.release?.image
      ? { sevenDigital: sevenDigitalImage(t.release.image, imageSize) }
      : {},
    links: t.url ? { sevenDigital: t.url } : {},
    previews: [],
    streamUrls: {},
    albumName: t.release?.title ?? null,
    releaseYear: yearOf(t.release?.releaseDate ?? t.download?.releaseDate),
  };
}

/** 7digital catalogue API 1.2 (JSON), keyed by `oauth_consumer_key`. */
export class SevenDigitalClient {
  private readonly country: string;

  constructor(private readonly opts: SevenDigitalOptions) {
    this.country = opts.country ?? 'US';
  }

  private async get<T extends SevenDigitalEnvelope>(
    path: string,
    query: Record<string, string | number | undefined>,
  ): Promise<T> {
    const url = buildUrl(this.opts.apiUrl, path, {
      ...query,
      country: this.country,
      oauth_consumer_key: this.opts.consumerKey,
    });
    const body = await getJson<T>(url, {}, this.opts.timeoutMs);
    // 7digital can answer 200 with an error envelope.
    if (body?.status !== 'ok') {
      throw new ProviderHttpError(url, 200, body?.error?.errorMessage ?? 'Error status', body);
    }
    return body;
  }

  /** GET /track/details?trackid. */
  async getTrack(id: string | number): Promise<ProviderSong> {
    const r = await this.get<TrackDetails>('/track/details', { trackid: String(id) });
    return mapSevenDigitalTrack(r.track, this.opts.imageSize);
  }

  /** GET /track/search?q&page&pageSize — offset is turned into a page of `limit`. */
  async search(q: string, offset = 0, limit = 20): Promise<ProviderSearchPage> {
    const page = Math.floor(offset / limit) + 1;
    const r = await this.get<TrackSearch>('/track/search', { q, page, pageSize: limit });
    const results = r.searchResults?.searchResult ?? [];
    const start = (page - 1) * limit;
    const total = r.searchResults?.totalItems ?? 0;
    return {
      songs: results
        .filter((x) => x.type === 'track')
        .map((x) => mapSevenDigitalTrack(x.track, this.opts.imageSize)),
      next: start + results.length < total ? start + results.length : null,
    };
  }
}
