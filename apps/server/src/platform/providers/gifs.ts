import type { GifDto, GifProvider } from '@tt/protocol';
import { buildUrl, getJson, ProviderHttpError } from './http';

/**
 * GIF providers for chat (CHAT-GIF-1..3): Tenor API v2 and GIPHY API v1, reached through a
 * configurable base URL. Both answer the same GifDto list.
 */
export interface GifOptions {
  provider: GifProvider;
  apiKey?: string;
  /** Defaults to the provider's public API. */
  baseUrl?: string;
  /** GIPHY rating (g, pg, pg-13, r); Tenor's contentfilter is derived from it. */
  rating: string;
  /** Tenor's client_key: names this app in Tenor's logs. */
  clientKey: string;
  timeoutMs?: number;
}

export const GIF_BASE_URLS: Record<GifProvider, string> = {
  tenor: 'https://tenor.googleapis.com',
  giphy: 'https://api.giphy.com',
};

export interface GifSource {
  readonly provider: GifProvider;
  search(q: string, limit: number): Promise<GifDto[]>;
}

const int = (v: unknown): number => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
};
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Tenor's contentfilter for a GIPHY-style rating. */
export function tenorFilter(rating: string): string {
  switch (rating) {
    case 'g':
      return 'high';
    case 'pg':
      return 'medium';
    case 'r':
      return 'off';
    default:
      return 'low';
  }
}

interface TenorFormat {
  url?: string;
  dims?: number[];
}
interface TenorResult {
  id?: string;
  content_description?: string;
  title?: string;
  media_formats?: Record<string, TenorFormat | undefined>;
}

class Tenor implements GifSource {
  readonly provider = 'tenor' as const;
  constructor(private readonly o: GifOptions & { apiKey: string }) {}

  async search(q: string, limit: number): Promise<GifDto[]> {
    const base = this.o.baseUrl ?? GIF_BASE_URLS.tenor;
    const query = {
      key: this.o.apiKey,
      client_key: this.o.clientKey,
      limit,
      media_filter: 'gif,tinygif',
      contentfilter: tenorFilter(this.o.rating),
      ...(q ? { q } : {}),
    };
    const url = buildUrl(base, q ? '/v2/search' : '/v2/featured', query);
    const body = await getJson<{ results?: TenorResult[] }>(url, {}, this.o.timeoutMs);
    return (body.results ?? []).flatMap((r) => {
      const gif = r.media_formats?.gif;
      const tiny = r.media_formats?.tinygif ?? gif;
      if (!gif?.url || !r.id) return [];
      return [
        {
          id: String(r.id),
          title: text(r.content_description) || text(r.title),
          url: gif.url,
          previewUrl: tiny?.url ?? gif.url,
          width: int(gif.dims?.[0]),
          height: int(gif.dims?.[1]),
        },
      ];
    });
  }
}

interface GiphyImage {
  url?: string;
  width?: string | number;
  height?: string | number;
}
interface GiphyGif {
  id?: string;
  title?: string;
  images?: Record<string, GiphyImage | undefined>;
}

class Giphy implements GifSource {
  readonly provider = 'giphy' as const;
  constructor(private readonly o: GifOptions & { apiKey: string }) {}

  async search(q: string, limit: number): Promise<GifDto[]> {
    const base = this.o.baseUrl ?? GIF_BASE_URLS.giphy;
    const query = { api_key: this.o.apiKey, limit, rating: this.o.rating, ...(q ? { q } : {}) };
    const url = buildUrl(base, q ? '/v1/gifs/search' : '/v1/gifs/trending', query);
    const body = await getJson<{ data?: GiphyGif[] }>(url, {}, this.o.timeoutMs);
    return (body.data ?? []).flatMap((g) => {
      const full = g.images?.fixed_height ?? g.images?.original;
      const small = g.images?.fixed_height_small ?? g.images?.preview_gif ?? full;
      if (!full?.url || !g.id) return [];
      return [
        {
          id: String(g.id),
          title: text(g.title),
          url: full.url,
          previewUrl: small?.url ?? full.url,
          width: int(full.width),
          height: int(full.height),
        },
      ];
    });
  }
}

/** The configured GIF source, or null while no key is set (GIF search is then off). */
export function gifSource(o: GifOptions): GifSource | null {
  if (!o.apiKey) return null;
  const withKey = { ...o, apiKey: o.apiKey };
  return o.provider === 'giphy' ? new Giphy(withKey) : new Tenor(withKey);
}

export { ProviderHttpError };
