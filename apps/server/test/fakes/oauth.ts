import { createHash, randomBytes } from 'node:crypto';
import type { FakeAnswer, FakeRequest } from './http';

/**
 * The user grants of an OAuth2 token endpoint (RFC 6749): `authorization_code` (§4.1.3, with
 * PKCE, RFC 7636) and `refresh_token` (§6), answering `{ access_token, token_type, expires_in,
 * refresh_token, scope }` and the documented errors `{ error, error_description }`:
 * 401 invalid_client, 400 invalid_request, 400 invalid_grant. Client authentication is HTTP
 * Basic (Spotify) or client_id/client_secret in the form (SoundCloud, Google).
 */
export interface FakeOAuthGrantsOptions {
  clientId: string;
  clientSecret: string;
  clientAuth: 'basic' | 'form';
  /** Prefix of issued tokens, e.g. `sp`. */
  prefix: string;
  /** A refresh grant answers a new refresh token and retires the old one (SoundCloud). */
  rotateRefreshTokens: boolean;
  scope?: string;
  /** Codes issued without a redirect URI are exchanged without one (Discord activities). */
  redirectUriOptional?: boolean;
}

interface PendingCode {
  redirectUri: string;
  codeChallenge: string | null;
  /** Answer a refresh token with this code (Google: only on first consent). */
  withRefreshToken: boolean;
  used: boolean;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export class FakeOAuthGrants {
  readonly codes = new Map<string, PendingCode>();
  readonly refreshTokens = new Set<string>();
  readonly accessTokens = new Set<string>();
  /** Lifetime answered in expires_in. */
  expiresIn = 3600;
  /** Answer this many grant requests 503 (the provider is down). */
  outage = 0;
  grantRequests = 0;
  private serial = 0;

  constructor(readonly options: FakeOAuthGrantsOptions) {}

  /** What the provider's consent page would hand the browser on `redirectUri`. */
  issueCode(
    redirectUri: string,
    opts: { codeVerifier?: string; withRefreshToken?: boolean } = {},
  ): string {
    const code = `${this.options.prefix}-code-${randomBytes(6).toString('hex')}`;
    this.codes.set(code, {
      redirectUri,
      codeChallenge: opts.codeVerifier ? s256(opts.codeVerifier) : null,
      withRefreshToken: opts.withRefreshToken ?? true,
      used: false,
    });
    return code;
  }

  /**
   * The consent page (`GET /authorize`, RFC 6749 §4.1.1): this fake person always agrees, so it
   * answers at once with a 302 to `redirect_uri?code=…&state=…`, the code bound to the PKCE
   * challenge (S256) when one was sent. A wrong client or response type is a 400.
   */
  authorize(req: FakeRequest): FakeAnswer {
    const q = req.query;
    const redirectUri = q.get('redirect_uri');
    if (q.get('client_id') !== this.options.clientId || !redirectUri) {
      return { status: 400, body: { error: 'invalid_client' } };
    }
    if (q.get('response_type') !== 'code') {
      return { status: 400, body: { error: 'unsupported_response_type' } };
    }
    const challenge = q.get('code_challenge');
    if (challenge && q.get('code_challenge_method') !== 'S256') {
      return { status: 400, body: { error: 'invalid_request' } };
    }
    const code = `${this.options.prefix}-code-${randomBytes(6).toString('hex')}`;
    this.codes.set(code, {
      redirectUri,
      codeChallenge: challenge,
      withRefreshToken: true,
      used: false,
    });
    const to = new URL(redirectUri);
    to.searchParams.set('code', code);
    const state = q.get('state');
    if (state) to.searchParams.set('state', state);
    return { status: 302, headers: { location: to.toString() } };
  }

  /** True for the grants this class answers (others go to the client-credentials issuer). */
  handles(req: FakeRequest): boolean {
    const grant = new URLSearchParams(req.body).get('grant_type');
    return grant === 'authorization_code' || grant === 'refresh_token';
  }

  /** True for a form/Basic client id that is this client's. */
  isClient(req: FakeRequest): boolean {
    return this.clientIdOf(req) === this.options.clientId;
  }

  /** True if the request carries a live access token as `scheme <token>`. */
  authorized(req: FakeRequest, scheme = 'Bearer'): boolean {
    const m = new RegExp(`^${scheme} (.+)$`).exec(req.headers.authorization ?? '');
    return m !== null && this.accessTokens.has(m[1]);
  }

  private clientIdOf(req: FakeRequest): string | null {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0];
    return new URLSearchParams(req.body).get('client_id');
  }

  private clientOk(req: FakeRequest, form: URLSearchParams): boolean {
    const { clientId, clientSecret, clientAuth } = this.options;
    if (clientAuth === 'basic') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      return req.headers.authorization === expected;
    }
    return form.get('client_id') === clientId && form.get('client_secret') === clientSecret;
  }

  private tokens(withRefresh: boolean): FakeAnswer {
    const n = ++this.serial;
    const access = `${this.options.prefix}-access-${n}-${randomBytes(4).toString('hex')}`;
    this.accessTokens.add(access);
    let refresh: string | undefined;
    if (withRefresh) {
      refresh = `${this.options.prefix}-refresh-${n}-${randomBytes(4).toString('hex')}`;
      this.refreshTokens.add(refresh);
    }
    return {
      status: 200,
      body: {
        access_token: access,
        token_type: 'Bearer',
        expires_in: this.expiresIn,
        ...(refresh ? { refresh_token: refresh } : {}),
        ...(this.options.scope ? { scope: this.options.scope } : {}),
      },
    };
  }

  handle(req: FakeRequest): FakeAnswer {
    this.grantRequests++;
    if (this.outage > 0) {
      this.outage--;
      return { status: 503, body: { error: 'temporarily_unavailable' } };
    }
    const form = new URLSearchParams(req.body);
    if (!this.clientOk(req, form)) {
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Invalid client' },
      };
    }
    const invalidGrant = (error_description: string): FakeAnswer => ({
      status: 400,
      body: { error: 'invalid_grant', error_description },
    });
    if (form.get('grant_type') === 'authorization_code') {
      const codeValue = form.get('code');
      const redirectUri = form.get('redirect_uri');
      if (!codeValue || (!redirectUri && !this.options.redirectUriOptional)) {
        return {
          status: 400,
          body: { error: 'invalid_request', error_description: 'code and redirect_uri required' },
        };
      }
      const code = this.codes.get(codeValue);
      if (!code || code.used) return invalidGrant('Invalid authorization code');
      if (code.redirectUri !== (redirectUri ?? '')) return invalidGrant('Invalid redirect URI');
      const verifier = form.get('code_verifier');
      if (code.codeChallenge && (!verifier || s256(verifier) !== code.codeChallenge)) {
        return invalidGrant('code_verifier was incorrect');
      }
      code.used = true;
      return this.tokens(code.withRefreshToken);
    }
    const refresh = form.get('refresh_token');
    if (!refresh || !this.refreshTokens.has(refresh)) return invalidGrant('Refresh token revoked');
    if (this.options.rotateRefreshTokens) this.refreshTokens.delete(refresh);
    return this.tokens(this.options.rotateRefreshTokens);
  }
}
