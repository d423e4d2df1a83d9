import {
  providerTokenEndpoints as tokens,
  type MusicConnectionDto,
  type MusicConnectionProvider,
} from '@tt/protocol';
import { api } from '../../lib/api';
import type { MusicKitNamespace } from '../../lib/player/vendor/apple';
import { DEFAULT_VENDOR_CONFIG } from '../../lib/player/vendor/config';

/**
 * Connecting a music provider from the browser (MUSIC-CONNECT-2): the OAuth2 authorization-code
 * flow with PKCE for Spotify, YouTube (Google) and SoundCloud, MusicKit JS for Apple Music.
 */

export const CALLBACK_PATH = '/settings/connections/callback';
const PENDING_KEY = 'tt.connect.pending';

type OAuthProvider = Exclude<MusicConnectionProvider, 'apple'>;
interface Pending {
  provider: OAuthProvider;
  state: string;
  verifier: string;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const randomString = (n: number) => base64url(crypto.getRandomValues(new Uint8Array(n)));

export const redirectUri = () => `${window.location.origin}${CALLBACK_PATH}`;

/** Sends the browser to the provider's consent page; it comes back to CALLBACK_PATH. */
export async function startOAuth(c: MusicConnectionDto): Promise<void> {
  if (!c.authorizeUrl || !c.clientId || c.provider === 'apple') return;
  const verifier = randomString(48);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  const pending: Pending = { provider: c.provider, state: randomString(16), verifier };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(c.authorizeUrl);
  const params: Record<string, string> = {
    client_id: c.clientId,
    response_type: 'code',
    redirect_uri: redirectUri(),
    state: pending.state,
    code_challenge: base64url(new Uint8Array(digest)),
    code_challenge_method: 'S256',
  };
  if (c.scope) params.scope = c.scope;
  // Google hands out a refresh token only when asked for offline access.
  if (c.provider === 'youtube')
    Object.assign(params, { access_type: 'offline', prompt: 'consent' });
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  window.location.assign(url.toString());
}

export type CallbackError = 'denied' | 'state';

/**
 * Back from the consent page: checks the state against the one this tab sent, then exchanges
 * the code on the server. Answers the provider, or throws a CallbackError / the server's error.
 */
export async function finishOAuth(search: URLSearchParams): Promise<OAuthProvider> {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  const pending = raw ? (JSON.parse(raw) as Pending) : null;
  if (!pending || search.get('state') !== pending.state) throw new Error('state');
  const code = search.get('code');
  if (!code) throw new Error('denied');
  const body = { code, redirectUri: redirectUri(), codeVerifier: pending.verifier };
  const exchange = {
    spotify: tokens.spotifyExchangeCode,
    youtube: tokens.youtubeExchangeCode,
    soundcloud: tokens.soundcloudExchangeCode,
  }[pending.provider];
  await api.call(exchange, { body });
  return pending.provider;
}

/** Apple Music: MusicKit JS asks the person to sign in; its user token is kept on the server. */
export async function connectApple(developerToken: string): Promise<void> {
  const w = window as unknown as { MusicKit?: MusicKitNamespace };
  if (!w.MusicKit) {
    const src =
      (import.meta.env.VITE_MUSICKIT_URL as string | undefined) ||
      DEFAULT_VENDOR_CONFIG.scripts.apple;
    await new Promise<void>((resolve, reject) => {
      document.addEventListener('musickitloaded', () => resolve(), { once: true });
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onerror = () => reject(new Error(`MusicKit did not load from ${src}`));
      document.head.appendChild(script);
    });
  }
  const music = await w.MusicKit!.configure({
    developerToken,
    app: { name: DEFAULT_VENDOR_CONFIG.appName, build: '1' },
  });
  const musicUserToken = await music.authorize();
  if (typeof musicUserToken !== 'string' || !musicUserToken) throw new Error('denied');
  await api.call(tokens.appleSaveUserToken, { body: { musicUserToken } });
}
