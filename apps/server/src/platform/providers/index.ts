import { AppleMusicClient } from './apple';
import { AudiusClient } from './audius';
import type { ProviderOptions } from './config';
import type { ProviderLogger } from './http';
import { SevenDigitalClient } from './seven-digital';
import { SoundcloudClient } from './soundcloud';
import { SpotifyClient } from './spotify';
import { YoutubeClient } from './youtube';

export * from './http';
export { providerOptionsFromEnv, type ProviderOptions } from './config';
export {
  AppleMusicClient,
  AudiusClient,
  SevenDigitalClient,
  SoundcloudClient,
  SpotifyClient,
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
}

/** Builds the adapters whose credentials are configured (Audius: its app name). */
export function createProviderClients(o: ProviderOptions, log: ProviderLogger): ProviderClients {
  const { spotify: s, apple: a, soundcloud: sc, youtube: y, sevenDigital: d } = o;
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
  };
}
