import { BRAND_TEXT } from '../../brand';
import type { SearchSource, SongProvider } from '@tt/protocol';

/** The providers with a vendor player in the browser. */
export const VENDOR_PROVIDERS = ['spotify', 'apple', 'youtube', 'soundCloudPublic'] as const;
export type VendorProvider = (typeof VENDOR_PROVIDERS)[number];

/** Where the vendor players come from; every URL can be changed (VITE_… variables). */
export interface VendorConfig {
  scripts: Record<VendorProvider, string>;
  /** Spotify Web API base (the Web Playback SDK is told what to play through it). */
  spotifyApiUrl: string;
  /** Host of the YouTube IFrame player. */
  youtubeHost: string;
  /** The SoundCloud widget page and the API base its `url` parameter names tracks by. */
  soundcloudWidgetUrl: string;
  soundcloudApiUrl: string;
  /** MusicKit JS needs a developer token; without it Apple songs cannot play. */
  appleDeveloperToken?: string;
  /** The name vendor players show for this app. */
  appName: string;
}

export const DEFAULT_VENDOR_CONFIG: VendorConfig = {
  scripts: {
    spotify: 'https://sdk.scdn.co/spotify-player.js',
    apple: 'https://js-cdn.music.apple.com/musickit/v3/musickit.js',
    youtube: 'https://www.youtube.com/iframe_api',
    soundCloudPublic: 'https://w.soundcloud.com/player/api.js',
  },
  spotifyApiUrl: 'https://api.spotify.com',
  youtubeHost: 'https://www.youtube.com',
  soundcloudWidgetUrl: 'https://w.soundcloud.com/player/',
  soundcloudApiUrl: 'https://api.soundcloud.com',
  appName: BRAND_TEXT.title,
};

/** Search sources (GET /search/sources) that have a vendor player, as song providers. */
const SOURCE_PROVIDER: Partial<Record<SearchSource, VendorProvider>> = {
  spotify: 'spotify',
  apple: 'apple',
  youtube: 'youtube',
  soundcloud: 'soundCloudPublic',
};

/** The vendor players this platform is configured for, from its search sources. */
export function vendorProvidersFor(sources: readonly SearchSource[]): VendorProvider[] {
  const out: VendorProvider[] = [];
  for (const source of sources) {
    const provider = SOURCE_PROVIDER[source];
    if (provider && !out.includes(provider)) out.push(provider);
  }
  return out;
}

export function isVendorProvider(name: SongProvider): name is VendorProvider {
  return (VENDOR_PROVIDERS as readonly string[]).includes(name);
}

/** The error message for a missing configuration value. */
export function configurationValueMissing(key: string): Error {
  return new Error(`configuration-value-missing key:${key}`);
}
