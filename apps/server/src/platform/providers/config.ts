import { z } from 'zod';

/**
 * Base URLs and credentials of the music-provider adapters, read from the environment. Every
 * base URL defaults to the provider's real public API; tests point them at local fakes.
 * Credentials are optional: an adapter whose credentials are missing is simply not built.
 */
const url = (fallback: string) => z.string().url().default(fallback);
const secret = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

export const ProviderEnv = z.object({
  SPOTIFY_API_URL: url('https://api.spotify.com'),
  SPOTIFY_TOKEN_URL: url('https://accounts.spotify.com/api/token'),
  /** Where a person consents to connecting their account (the browser is sent there). */
  SPOTIFY_AUTHORIZE_URL: url('https://accounts.spotify.com/authorize'),
  SPOTIFY_CLIENT_ID: secret,
  SPOTIFY_CLIENT_SECRET: secret,
  APPLE_MUSIC_API_URL: url('https://api.music.apple.com'),
  APPLE_MUSIC_TOKEN: secret,
  APPLE_STOREFRONT: z
    .string()
    .regex(/^[a-z]{2}$/, 'a two-letter storefront code such as us')
    .default('us'),
  SOUNDCLOUD_API_URL: url('https://api.soundcloud.com'),
  /** Not in the lead's list: SoundCloud's token endpoint lives on another host. */
  SOUNDCLOUD_TOKEN_URL: url('https://secure.soundcloud.com/oauth/token'),
  SOUNDCLOUD_AUTHORIZE_URL: url('https://secure.soundcloud.com/authorize'),
  SOUNDCLOUD_CLIENT_ID: secret,
  SOUNDCLOUD_CLIENT_SECRET: secret,
  /** The mobile app's own SoundCloud client (its users' tokens are refreshed with it). */
  SOUNDCLOUD_MOBILE_CLIENT_ID: secret,
  SOUNDCLOUD_MOBILE_CLIENT_SECRET: secret,
  AUDIUS_API_URL: url('https://api.audius.co'),
  /** Audius needs no key, only an app name; unset leaves Audius off so a fresh start stays offline. */
  AUDIUS_APP_NAME: secret,
  YOUTUBE_API_URL: url('https://www.googleapis.com'),
  YOUTUBE_API_KEY: secret,
  /** Google OAuth2 (POST /youtube/exchange-code and /youtube/refresh-token). */
  YOUTUBE_TOKEN_URL: url('https://oauth2.googleapis.com/token'),
  YOUTUBE_AUTHORIZE_URL: url('https://accounts.google.com/o/oauth2/v2/auth'),
  YOUTUBE_CLIENT_ID: secret,
  YOUTUBE_CLIENT_SECRET: secret,
  SEVENDIGITAL_API_URL: url('https://api.7digital.com/1.2'),
  SEVENDIGITAL_KEY: secret,
  /** MUSIC-PROVIDERS-1: Deezer's public API needs no key; `true` turns it on (off keeps a fresh start offline). */
  DEEZER_API_URL: url('https://api.deezer.com'),
  DEEZER_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  NAPSTER_API_URL: url('https://api.napster.com'),
  NAPSTER_API_KEY: secret,
  TIDAL_API_URL: url('https://openapi.tidal.com/v2'),
  TIDAL_TOKEN_URL: url('https://auth.tidal.com/v1/oauth2/token'),
  TIDAL_CLIENT_ID: secret,
  TIDAL_CLIENT_SECRET: secret,
});
export type ProviderEnv = z.infer<typeof ProviderEnv>;

export interface ProviderOptions {
  spotify: {
    apiUrl: string;
    tokenUrl: string;
    authorizeUrl: string;
    clientId?: string;
    clientSecret?: string;
  };
  apple: { apiUrl: string; developerToken?: string; storefront: string };
  soundcloud: {
    apiUrl: string;
    tokenUrl: string;
    authorizeUrl: string;
    clientId?: string;
    clientSecret?: string;
  };
  /** The mobile app's SoundCloud client (same token URL as `soundcloud`). */
  soundcloudMobile: { clientId?: string; clientSecret?: string };
  audius: { apiUrl: string; appName?: string };
  youtube: { apiUrl: string; apiKey?: string };
  /** Google OAuth2 client for connecting users' YouTube accounts. */
  youtubeAuth: {
    tokenUrl: string;
    authorizeUrl: string;
    clientId?: string;
    clientSecret?: string;
  };
  sevenDigital: { apiUrl: string; consumerKey?: string };
  deezer: { apiUrl: string; enabled: boolean };
  napster: { apiUrl: string; apiKey?: string };
  tidal: { apiUrl: string; tokenUrl: string; clientId?: string; clientSecret?: string };
}

/** Parses the provider variables of `env`; a malformed value throws a ZodError naming it. */
export function providerOptionsFromEnv(env: Record<string, string | undefined>): ProviderOptions {
  // Empty strings count as unset, as in .env files.
  const cleaned = Object.fromEntries(
    Object.keys(ProviderEnv.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const e = ProviderEnv.parse(cleaned);
  return {
    spotify: {
      apiUrl: e.SPOTIFY_API_URL,
      tokenUrl: e.SPOTIFY_TOKEN_URL,
      authorizeUrl: e.SPOTIFY_AUTHORIZE_URL,
      clientId: e.SPOTIFY_CLIENT_ID,
      clientSecret: e.SPOTIFY_CLIENT_SECRET,
    },
    apple: {
      apiUrl: e.APPLE_MUSIC_API_URL,
      developerToken: e.APPLE_MUSIC_TOKEN,
      storefront: e.APPLE_STOREFRONT,
    },
    soundcloud: {
      apiUrl: e.SOUNDCLOUD_API_URL,
      tokenUrl: e.SOUNDCLOUD_TOKEN_URL,
      authorizeUrl: e.SOUNDCLOUD_AUTHORIZE_URL,
      clientId: e.SOUNDCLOUD_CLIENT_ID,
      clientSecret: e.SOUNDCLOUD_CLIENT_SECRET,
    },
    soundcloudMobile: {
      clientId: e.SOUNDCLOUD_MOBILE_CLIENT_ID,
      clientSecret: e.SOUNDCLOUD_MOBILE_CLIENT_SECRET,
    },
    audius: { apiUrl: e.AUDIUS_API_URL, appName: e.AUDIUS_APP_NAME },
    youtube: { apiUrl: e.YOUTUBE_API_URL, apiKey: e.YOUTUBE_API_KEY },
    youtubeAuth: {
      tokenUrl: e.YOUTUBE_TOKEN_URL,
      authorizeUrl: e.YOUTUBE_AUTHORIZE_URL,
      clientId: e.YOUTUBE_CLIENT_ID,
      clientSecret: e.YOUTUBE_CLIENT_SECRET,
    },
    sevenDigital: { apiUrl: e.SEVENDIGITAL_API_URL, consumerKey: e.SEVENDIGITAL_KEY },
    deezer: { apiUrl: e.DEEZER_API_URL, enabled: e.DEEZER_ENABLED },
    napster: { apiUrl: e.NAPSTER_API_URL, apiKey: e.NAPSTER_API_KEY },
    tidal: {
      apiUrl: e.TIDAL_API_URL,
      tokenUrl: e.TIDAL_TOKEN_URL,
      clientId: e.TIDAL_CLIENT_ID,
      clientSecret: e.TIDAL_CLIENT_SECRET,
    },
  };
}
