import type { ErrorCode } from '@tt/protocol';
import type { Config } from '../../../platform/config';
import { fail, type AppError } from '../../../platform/errors';
import { fetchWithTimeout, jsonOrThrow, ProviderHttpError } from '../../../platform/providers/http';
import type { ProviderConnection } from '../schema';

/**
 * The OAuth2 token endpoints of Spotify, SoundCloud (web and mobile clients) and Google
 * (YouTube): the authorization-code and refresh-token grants of RFC 6749 §4.1 and §6, and how
 * their failures become our errors.
 */

export type OAuthConnection = Exclude<ProviderConnection, 'apple'>;

export interface OAuthClient {
  connection: OAuthConnection | 'discord';
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Spotify wants HTTP Basic client authentication; SoundCloud and Google take it in the form. */
  clientAuth: 'basic' | 'form';
}

/** What a token endpoint granted. */
export interface GrantedTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresInSeconds: number | null;
  scope: string | null;
}

export const NOT_CONFIGURED: Record<OAuthConnection, ErrorCode> = {
  spotify: 'SPOTIFY_NOT_CONFIGURED',
  soundcloud: 'SOUNDCLOUD_NOT_CONFIGURED',
  soundcloudMobile: 'SOUNDCLOUD_MOBILE_NOT_CONFIGURED',
  youtube: 'YOUTUBE_NOT_CONFIGURED',
};

export const NOT_CONNECTED: Record<ProviderConnection, ErrorCode> = {
  spotify: 'SPOTIFY_NOT_CONNECTED',
  soundcloud: 'SOUNDCLOUD_NOT_CONNECTED',
  soundcloudMobile: 'SOUNDCLOUD_NOT_CONNECTED',
  youtube: 'YOUTUBE_NOT_CONNECTED',
  apple: 'APPLE_NOT_CONNECTED',
};

/** The configured OAuth client of a connection, or the NOT_CONFIGURED error. */
export function oauthClient(config: Config, connection: OAuthConnection): OAuthClient {
  const p = config.providers;
  const creds = {
    spotify: { ...p.spotify, clientAuth: 'basic' as const },
    soundcloud: { ...p.soundcloud, clientAuth: 'form' as const },
    soundcloudMobile: {
      ...p.soundcloudMobile,
      tokenUrl: p.soundcloud.tokenUrl,
      clientAuth: 'form' as const,
    },
    youtube: { ...p.youtubeAuth, clientAuth: 'form' as const },
  }[connection];
  if (!creds.clientId || !creds.clientSecret) throw fail(NOT_CONFIGURED[connection]);
  return {
    connection,
    tokenUrl: creds.tokenUrl,
    clientId: creds.clientId,
    clientSecret: creds.clientSecret,
    clientAuth: creds.clientAuth,
  };
}

interface TokenResponse {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
}

/** POSTs one grant to the client's token endpoint; throws ProviderHttpError on any failure. */
export async function requestTokens(
  client: OAuthClient,
  grant: Record<string, string | undefined>,
): Promise<GrantedTokens> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(grant)) if (v !== undefined) form.set(k, v);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (client.clientAuth === 'basic') {
    const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
    headers.authorization = `Basic ${basic}`;
  } else {
    form.set('client_id', client.clientId);
    form.set('client_secret', client.clientSecret);
  }
  const res = await fetchWithTimeout(client.tokenUrl, {
    method: 'POST',
    headers,
    body: form.toString(),
  });
  const body = await jsonOrThrow<TokenResponse | null>(client.tokenUrl, res);
  if (!body || typeof body.access_token !== 'string' || body.access_token === '') {
    throw new ProviderHttpError(client.tokenUrl, res.status, 'No access_token in answer', body);
  }
  const expires = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    refreshToken:
      typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : null,
    expiresInSeconds: Number.isFinite(expires) && expires > 0 ? Math.floor(expires) : null,
    scope: typeof body.scope === 'string' ? body.scope : null,
  };
}

/** The OAuth error name of a token-endpoint refusal (`{ error: 'invalid_grant' }`). */
function oauthError(err: ProviderHttpError): string | null {
  const body = err.body as { error?: unknown } | null;
  return body && typeof body === 'object' && typeof body.error === 'string' ? body.error : null;
}

/** Errors that say our own client is misconfigured, not that the caller's input is bad. */
const CLIENT_PROBLEMS = new Set([
  'invalid_client',
  'unauthorized_client',
  'unsupported_grant_type',
]);

export type FailureKind = 'exchange' | 'refresh';

/**
 * What the caller is told when a grant fails:
 * - exchange refused (400/401, e.g. invalid_grant for a wrong, expired or used code, or a
 *   redirect URI that does not match) → 400 PROVIDER_CODE_REJECTED;
 * - refresh refused with invalid_grant (revoked or expired refresh token) → 403
 *   PROVIDER_RECONNECT_NEEDED (`reconnect` is true: the kept tokens are useless);
 * - no answer, a 5xx, 429, an unusable answer or our client refused (invalid_client) → 502
 *   PROVIDER_UNAVAILABLE.
 */
export function grantFailure(
  err: unknown,
  kind: FailureKind,
): { error: AppError; reconnect: boolean; clientProblem: boolean } {
  if (!(err instanceof ProviderHttpError)) {
    return { error: fail('PROVIDER_UNAVAILABLE'), reconnect: false, clientProblem: false };
  }
  const name = oauthError(err);
  const refused = err.status === 400 || err.status === 401;
  const clientProblem = refused && name !== null && CLIENT_PROBLEMS.has(name);
  if (refused && !clientProblem) {
    if (kind === 'exchange') {
      return { error: fail('PROVIDER_CODE_REJECTED'), reconnect: false, clientProblem };
    }
    if (name === 'invalid_grant') {
      return { error: fail('PROVIDER_RECONNECT_NEEDED'), reconnect: true, clientProblem };
    }
  }
  return { error: fail('PROVIDER_UNAVAILABLE'), reconnect: false, clientProblem };
}
