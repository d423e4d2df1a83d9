import type { FastifyInstance } from 'fastify';
import { gifEndpoints, type GifDto, type GifSearchRes } from '@tt/protocol';
import { fail } from '../../platform/errors';
import { gifSource, type GifSource } from '../../platform/providers/gifs';
import { ProviderHttpError } from '../../platform/providers/http';
import { route } from '../../platform/route';
import type { Platform } from '../../platform/service';

/** Answers kept this long, so a picker opened by many people asks the provider once. */
const CACHE_MS = 60_000;
const CACHE_MAX = 500;

/**
 * GET /api/chat-service/gifs (CHAT-GIF-1..3): GIF search through the configured provider. Off
 * (enabled: false, nothing fetched) until GIF_API_KEY is set; a provider failure is a 502
 * GIF_PROVIDER_UNAVAILABLE, logged without the key.
 */
export function registerGifRoutes(app: FastifyInstance, platform: Platform): void {
  const { config } = platform;
  const source: GifSource | null = gifSource({
    provider: config.GIF_PROVIDER,
    apiKey: config.GIF_API_KEY,
    baseUrl: config.GIF_BASE_URL,
    rating: config.GIF_RATING,
    clientKey: 'turntable-live',
    timeoutMs: 5_000,
  });
  const cache = new Map<string, { at: number; gifs: GifDto[] }>();

  route(app, gifEndpoints.search, async ({ query }): Promise<GifSearchRes> => {
    if (!source) return { enabled: false, provider: null, gifs: [] };
    const key = `${query.q.toLowerCase()}|${query.limit}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) {
      return { enabled: true, provider: source.provider, gifs: hit.gifs };
    }
    try {
      const gifs = (await source.search(query.q, query.limit)).slice(0, query.limit);
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
      cache.set(key, { at: Date.now(), gifs });
      return { enabled: true, provider: source.provider, gifs };
    } catch (err) {
      const detail =
        err instanceof ProviderHttpError
          ? { url: err.url, status: err.status }
          : { err: String(err) };
      platform.log.warn({ ...detail, provider: source.provider }, 'GIF provider failed');
      throw fail('GIF_PROVIDER_UNAVAILABLE');
    }
  });
}
