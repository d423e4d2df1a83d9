import type { MusicConnectionDto, MusicConnectionProvider } from '@tt/protocol';
import type { AuthContext } from '../../../platform/auth';
import type { Config } from '../../../platform/config';
import type { ProviderTokenService } from './provider-tokens.service';

/**
 * The account page's view of music-provider connections (MUSIC-CONNECT-1..3 in
 * docs/ACCOUNT-RULES.md): which providers this platform has, which the caller connected, and
 * what the browser needs to start the provider's consent flow.
 */

/** What each provider is asked for: playback and playlist export (Spotify), reading (YouTube). */
export const CONNECT_SCOPES: Record<MusicConnectionProvider, string> = {
  spotify:
    'streaming user-read-email user-read-private playlist-modify-private playlist-modify-public',
  apple: '',
  youtube: 'https://www.googleapis.com/auth/youtube.readonly',
  soundcloud: '',
};

const ORDER: MusicConnectionProvider[] = ['spotify', 'apple', 'youtube', 'soundcloud'];

function oauthOf(config: Config, provider: Exclude<MusicConnectionProvider, 'apple'>) {
  const p = config.providers;
  const c = { spotify: p.spotify, soundcloud: p.soundcloud, youtube: p.youtubeAuth }[provider];
  return { ...c, available: Boolean(c.clientId && c.clientSecret) };
}

export async function musicConnections(
  tokens: ProviderTokenService,
  config: Config,
  auth: AuthContext,
): Promise<{ connections: MusicConnectionDto[] }> {
  const user = await tokens.caller(auth);
  const saved = await tokens.repo.savedAt(user.id);
  const connections = ORDER.map((provider): MusicConnectionDto => {
    const at = saved.get(provider) ?? null;
    const base = {
      provider,
      connected: at !== null,
      connectedAt: at ? at.toISOString() : null,
      scope: CONNECT_SCOPES[provider],
    };
    if (provider === 'apple') {
      const developerToken = config.providers.apple.developerToken ?? null;
      return {
        ...base,
        available: developerToken !== null,
        authorizeUrl: null,
        clientId: null,
        developerToken,
      };
    }
    const o = oauthOf(config, provider);
    return {
      ...base,
      available: o.available,
      authorizeUrl: o.available ? o.authorizeUrl : null,
      clientId: o.available ? (o.clientId ?? null) : null,
      developerToken: null,
    };
  });
  return { connections };
}

/** MUSIC-CONNECT-3: disconnecting forgets the tokens; disconnecting twice is fine. */
export async function disconnectMusic(
  tokens: ProviderTokenService,
  config: Config,
  auth: AuthContext,
  provider: MusicConnectionProvider,
) {
  const user = await tokens.caller(auth);
  await tokens.repo.delete(user.id, provider);
  return musicConnections(tokens, config, auth);
}
