import { AppleMusicClient } from './apple';
import { AudiusClient } from './audius';
import type { ProviderOptions } from './config';
import { DeezerClient } from './deezer';
import type { ProviderLogger } from './http';
import { NapsterClient } from './napster';
import { SevenDigitalClient } from './seven-digital';
import { SoundcloudClient } from './soundcloud';
import { SpotifyClient } from './spotify';
import { TidalClient } from './tidal';
import { YoutubeClient } from './youtube';

export * from './http';
export { providerOptionsFromEnv, type ProviderOptions } from './config';
export {
  AppleMusicClient,
  AudiusClient,
  DeezerClient,
  NapsterClient,
  SevenDigitalClient,
  SoundcloudClient,
  SpotifyClient,
  TidalClient,
  YoutubeClient,
};
export { parseIsoDuration } from './youtube';

export interface ProviderClients {
  spotify?: SpotifyClient;
  apple?: AppleMusicClient;
  soundcloud?: SoundcloudClient;
  audius?: AudiusClient;
  youtube?: YoutubeClient;
  sevenDigital?: SevenDigitalClient;
  deezer?: DeezerClient;
  napster?: NapsterClient;
  tidal?: TidalClient;
}

/**
 * Builds the adapters whose credentials are configured (Audius: its app name; Deezer, which
 * needs none: DEEZER_ENABLED).
 */
export function createProviderClients(o: ProviderOptions, log: ProviderLogger): ProviderClients {
  const { spotify: s, apple: a, soundcloud: sc, youtube: y, sevenDigital: d, tidal: t } = o;
  return {
    spotify:
      s.clientId && s.clientSecret
        ? new SpotifyClient({ ...s, clientId: s.clientId, clientSecret: s.clientSecret })
        : undefined,
    apple: a.developerToken
      ? new AppleMusicClient({ ...a, developerToken: a.developerToken, log })
      : undefined,
    soundcloud:
      sc.clientId && sc.clientSecret
        ? new SoundcloudClient({ ...sc, clientId: sc.clientId, clientSecret: sc.clientSecret })
        : undefined,
    audius: o.audius.appName ? new AudiusClient(o.audius) : undefined,
    youtube: y.apiKey ? new YoutubeClient({ apiUrl: y.apiUrl, apiKey: y.apiKey }) : undefined,
    sevenDigital: d.consumerKey
      ? new SevenDigitalClient({ apiUrl: d.apiUrl, consumerKey: d.consumerKey })
      : undefined,
    deezer: o.deezer.enabled ? new DeezerClient({ apiUrl: o.deezer.apiUrl }) : undefined,
    napster: o.napster.apiKey
      ? new NapsterClient({ apiUrl: o.napster.apiUrl, apiKey: o.napster.apiKey })
      : undefined,
    tidal:
      t.clientId && t.clientSecret
        ? new TidalClient({ ...t, clientId: t.clientId, clientSecret: t.clientSecret })
        : undefined,
  };
}
