import { z } from 'zod';
import { endpoint } from '../contract';

/**
 * GIF search for chat (CHAT-GIF-1..3): the platform asks a GIF provider (Tenor or GIPHY, through
 * a configurable base URL) and answers the same shape for both. Off until the provider's key is
 * set: then `enabled` is false and nothing is fetched.
 */
export const GIF_PROVIDERS = ['tenor', 'giphy'] as const;
export const GifProvider = z.enum(GIF_PROVIDERS);
export type GifProvider = z.infer<typeof GifProvider>;

export const GifDto = z.object({
  id: z.string(),
  title: z.string(),
  /** The GIF to send and show full size. */
  url: z.string(),
  /** A small version for the picker. */
  previewUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type GifDto = z.infer<typeof GifDto>;

export const GifSearchQuery = z.object({
  /** Empty: what is trending. */
  q: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(24),
});

export const GifSearchRes = z.object({
  enabled: z.boolean(),
  provider: GifProvider.nullable(),
  gifs: z.array(GifDto),
});
export type GifSearchRes = z.infer<typeof GifSearchRes>;

export const gifEndpoints = {
  search: endpoint({
    service: 'chat',
    method: 'GET',
    path: '/gifs',
    auth: 'authenticated',
    summary:
      'GIF search for chat through the configured provider (Tenor or GIPHY); empty q: trending. enabled is false while no provider key is set',
    query: GifSearchQuery,
    response: GifSearchRes,
    rateLimitPerMinute: 60,
  }),
};
