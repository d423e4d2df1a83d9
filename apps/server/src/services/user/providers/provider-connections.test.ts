import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, providerTokenEndpoints as e } from '@tt/protocol';
import { startFakeGoogleOAuth, type FakeGoogleOAuth } from '../../../../test/fakes/google-oauth';
import { spotifyEnv, startFakeSpotify, type FakeSpotify } from '../../../../test/fakes/spotify';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';
import { MESSAGES } from './provider-tokens.testing';

/**
 * GET /users/music-connections and DELETE /users/music-connections/{provider}: the account
 * page's connections (MUSIC-CONNECT-1..3), the whole OAuth round trip against local fakes.
 */

let spotify: FakeSpotify;
let google: FakeGoogleOAuth;
let s: TestServer;

beforeAll(async () => {
  spotify = await startFakeSpotify();
  google = await startFakeGoogleOAuth();
  s = await startTestServer({
    ...spotifyEnv(spotify),
    YOUTUBE_TOKEN_URL: google.options.tokenUrl,
    YOUTUBE_AUTHORIZE_URL: google.options.authorizeUrl,
    YOUTUBE_CLIENT_ID: google.options.clientId,
    YOUTUBE_CLIENT_SECRET: google.options.clientSecret,
    APPLE_MUSIC_TOKEN: 'apple-dev-token',
  });
});
afterAll(async () => {
  await s?.close();
  await spotify?.close();
  await google?.close();
});

const REDIRECT = 'http://localhost:5173/settings/connections/callback';

/** What the browser does: to the consent page with a PKCE challenge, back with a code. */
async function consent(authorizeUrl: string, clientId: string, scope: string) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const url = new URL(authorizeUrl);
  for (const [k, v] of Object.entries({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope,
    state: 'st-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }))
    url.searchParams.set(k, v);
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('st-1');
  return { code: back.searchParams.get('code')!, verifier };
}

describe('music connections', () => {
  it('MUSIC-CONNECT-1: lists the configured providers with how to connect them', async () => {
    const u = await s.createUser();
    const { connections } = await s.as(u.token).call(e.connections, {});
    const by = Object.fromEntries(connections.map((c) => [c.provider, c]));
    expect(connections.map((c) => c.provider)).toEqual([
      'spotify',
      'apple',
      'youtube',
      'soundcloud',
    ]);
    expect(by.spotify).toMatchObject({
      available: true,
      connected: false,
      authorizeUrl: spotify.options.authorizeUrl,
      clientId: spotify.options.clientId,
    });
    expect(by.spotify!.scope).toContain('streaming');
    expect(by.apple).toMatchObject({ available: true, developerToken: 'apple-dev-token' });
    // Not configured here: no way to connect, nothing secret leaks.
    expect(by.soundcloud).toMatchObject({ available: false, authorizeUrl: null, clientId: null });
  });

  it('MUSIC-CONNECT-2/3: consent, exchange, connected; disconnect forgets it (twice is fine)', async () => {
    const u = await s.createUser();
    const as = s.as(u.token);
    const { connections } = await as.call(e.connections, {});
    const sp = connections.find((c) => c.provider === 'spotify')!;
    const { code, verifier } = await consent(sp.authorizeUrl!, sp.clientId!, sp.scope);
    const token = await as.call(e.spotifyExchangeCode, {
      body: { code, redirectUri: REDIRECT, codeVerifier: verifier },
    });
    expect(spotify.users.accessTokens.has(token.accessToken)).toBe(true);
    const yt = connections.find((c) => c.provider === 'youtube')!;
    const g = await consent(yt.authorizeUrl!, yt.clientId!, yt.scope);
    await as.call(e.youtubeExchangeCode, {
      body: { code: g.code, redirectUri: REDIRECT, codeVerifier: g.verifier },
    });
    await as.call(e.appleSaveUserToken, { body: { musicUserToken: 'mut-1' } });

    const after = (await as.call(e.connections, {})).connections;
    expect(after.filter((c) => c.connected).map((c) => c.provider)).toEqual([
      'spotify',
      'apple',
      'youtube',
    ]);
    expect(Date.parse(after[0]!.connectedAt!)).toBeGreaterThan(Date.now() - 60_000);

    const left = await as.call(e.disconnect, { params: { provider: 'spotify' } });
    expect(left.connections.find((c) => c.provider === 'spotify')!.connected).toBe(false);
    await as.call(e.disconnect, { params: { provider: 'spotify' } });
    await expectError(as.call(e.spotifyRefresh, {}), 404, /not connected/);
    // Another user's connections are untouched and unseen.
    const other = await s.createUser();
    const theirs = (await s.as(other.token).call(e.connections, {})).connections;
    expect(theirs.some((c) => c.connected)).toBe(false);
  });

  it('a wrong PKCE verifier is refused by the provider and nothing is kept', async () => {
    const u = await s.createUser();
    const { code } = await consent(spotify.options.authorizeUrl, spotify.options.clientId, 'x');
    await expectError(
      s.as(u.token).call(e.spotifyExchangeCode, {
        body: { code, redirectUri: REDIRECT, codeVerifier: 'v'.repeat(43) },
      }),
      400,
      MESSAGES.CODE_REJECTED,
    );
    const { connections } = await s.as(u.token).call(e.connections, {});
    expect(connections.some((c) => c.connected)).toBe(false);
  });

  it('bad input, no token and a guest token are refused', async () => {
    const u = await s.createUser();
    await expectError(
      s.as(u.token).call(e.disconnect, { params: { provider: 'napster' as never } }),
      400,
    );
    await expectError(s.as(null).call(e.connections, {}), 401);
    const guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
    await expectError(s.as(guest).call(e.connections, {}), 403, MESSAGES.GUEST);
    await expectError(
      s.as(guest).call(e.disconnect, { params: { provider: 'spotify' } }),
      403,
      MESSAGES.GUEST,
    );
  });
});
