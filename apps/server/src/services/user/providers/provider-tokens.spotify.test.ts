import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providerTokenEndpoints as e } from '@tt/protocol';
import { startFakeSpotify, spotifyTrack, type FakeSpotify } from '../../../../test/fakes/spotify';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';
import { closeWorld, MESSAGES, resetGrants, startWorld } from './provider-tokens.testing';
import { providerTokens } from '../schema';

/** POST/DELETE /spotify/… and GET /spotify/access-token/{id}/service against a local Spotify. */

const REDIRECT = 'http://localhost:5173/callback/spotify';
const { CODE_REJECTED, GUEST, RECONNECT, UNAVAILABLE } = MESSAGES;
const NOT_CONNECTED = 'Spotify is not connected for this account.';
const ROLE = 'You do not have the role this action needs';

type TestUser = Awaited<ReturnType<TestServer['createUser']>>;

let fake: FakeSpotify;
let s: TestServer;
let guest: string;
let staff: TestUser;

const env = (f: FakeSpotify) => ({
  SPOTIFY_API_URL: f.options.apiUrl,
  SPOTIFY_TOKEN_URL: f.options.tokenUrl,
  SPOTIFY_CLIENT_ID: f.options.clientId,
  SPOTIFY_CLIENT_SECRET: f.options.clientSecret,
});

beforeAll(async () => {
  ({ fake, s, guest } = await startWorld(startFakeSpotify, env));
  fake.tracks.set('t1', spotifyTrack('t1'));
  staff = await s.createUser({ roles: ['user', 'staff'] });
});
afterAll(() => closeWorld({ fake, s }));
beforeEach(() => resetGrants(fake));

/** A fresh user who connected Spotify; answers the user and the first access token. */
async function connected(server = s) {
  const user = await server.createUser();
  const code = fake.users.issueCode(REDIRECT);
  const token = await server
    .as(user.token)
    .call(e.spotifyExchangeCode, { body: { code, redirectUri: REDIRECT } });
  return { user, token };
}

const serviceToken = (id: string | number, token = staff.token) =>
  s.as(token).call(e.spotifyServiceAccessToken, { params: { id: String(id) } });

describe('POST /spotify/exchange-code', () => {
  it('exchanges the code with HTTP Basic client auth and answers a working access token', async () => {
    const before = fake.requests.length;
    const { token } = await connected();
    expect(fake.users.accessTokens.has(token.accessToken)).toBe(true);
    expect(token.expiresIn).toBeGreaterThan(3500);
    expect(token.expiresIn).toBeLessThanOrEqual(3600);
    expect(Date.parse(token.expiresAt!)).toBeGreaterThan(Date.now());
    expect(token.scope).toBe('streaming user-read-email');

    const req = fake.requests.slice(before).find((r) => r.path === '/api/token')!;
    const form = new URLSearchParams(req.body);
    expect(req.headers.authorization).toBe(
      `Basic ${Buffer.from('spotify-client:spotify-secret').toString('base64')}`,
    );
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('redirect_uri')).toBe(REDIRECT);
    expect(form.has('client_secret')).toBe(false);

    // The token is the person's: the (fake) Web API accepts it.
    const res = await fetch(`${fake.url}/v1/tracks/t1`, {
      headers: { authorization: `Bearer ${token.accessToken}` },
    });
    expect(res.status).toBe(200);
  });

  it('keeps both tokens encrypted at rest', async () => {
    const { user, token } = await connected();
    const [row] = await s.app.platform.db
      .select()
      .from(providerTokens)
      .where(and(eq(providerTokens.userId, user.id), eq(providerTokens.provider, 'spotify')));
    expect(row.accessToken).toMatch(/^v1:/);
    expect(row.refreshToken).toMatch(/^v1:/);
    expect(row.accessToken).not.toContain(token.accessToken);
    const refresh = [...fake.users.refreshTokens].find((r) => row.refreshToken!.includes(r));
    expect(refresh).toBeUndefined();
  });

  it('answers 400 for an unknown, reused or mismatched code (Spotify says invalid_grant)', async () => {
    const user = await s.createUser();
    const api = s.as(user.token);
    await expectError(
      api.call(e.spotifyExchangeCode, { body: { code: 'made-up', redirectUri: REDIRECT } }),
      400,
      CODE_REJECTED,
    );
    const code = fake.users.issueCode(REDIRECT);
    await api.call(e.spotifyExchangeCode, { body: { code, redirectUri: REDIRECT } });
    await expectError(
      api.call(e.spotifyExchangeCode, { body: { code, redirectUri: REDIRECT } }),
      400,
      CODE_REJECTED,
    );
    const other = fake.users.issueCode(REDIRECT);
    await expectError(
      api.call(e.spotifyExchangeCode, {
        body: { code: other, redirectUri: 'http://localhost:5173/elsewhere' },
      }),
      400,
      CODE_REJECTED,
    );
  });

  it('refuses a missing code or a redirect URI that is not a URL', async () => {
    const user = await s.createUser();
    const body = await expectError(
      s.as(user.token).call(e.spotifyExchangeCode, {
        body: { code: '', redirectUri: 'not a url' },
      }),
      400,
    );
    expect(body.message).toEqual([
      'code: code is required',
      'redirectUri: must be the redirect URI the code was issued for',
    ]);
  });

  it('answers 502 when Spotify is down, and refuses guests', async () => {
    const user = await s.createUser();
    fake.users.outage = 1;
    const code = fake.users.issueCode(REDIRECT);
    await expectError(
      s.as(user.token).call(e.spotifyExchangeCode, { body: { code, redirectUri: REDIRECT } }),
      502,
      UNAVAILABLE,
    );
    await expectError(
      s.as(guest).call(e.spotifyExchangeCode, { body: { code, redirectUri: REDIRECT } }),
      403,
      GUEST,
    );
  });
});

describe('POST /spotify/refresh-token', () => {
  it('refreshes with the kept refresh token and keeps it when Spotify sends none', async () => {
    const { user, token } = await connected();
    const before = fake.requests.length;
    const next = await s.as(user.token).call(e.spotifyRefresh, {});
    expect(next.accessToken).not.toBe(token.accessToken);
    expect(fake.users.accessTokens.has(next.accessToken)).toBe(true);
    const form = new URLSearchParams(fake.requests[before].body);
    expect(form.get('grant_type')).toBe('refresh_token');
    expect(fake.users.refreshTokens.has(form.get('refresh_token')!)).toBe(true);
    // The same refresh token works again (Spotify did not rotate it).
    const third = await s.as(user.token).call(e.spotifyRefresh, {});
    expect(third.accessToken).not.toBe(next.accessToken);
  });

  it('answers 404 when the caller never connected Spotify', async () => {
    const user = await s.createUser();
    await expectError(s.as(user.token).call(e.spotifyRefresh, {}), 404, NOT_CONNECTED);
  });

  it('answers 403 and forgets the connection when Spotify revoked the refresh token', async () => {
    const { user } = await connected();
    const [newest] = [...fake.users.refreshTokens].slice(-1);
    fake.users.refreshTokens.delete(newest);
    await expectError(s.as(user.token).call(e.spotifyRefresh, {}), 403, RECONNECT);
    await expectError(s.as(user.token).call(e.spotifyRefresh, {}), 404, NOT_CONNECTED);
  });

  it('answers 502 when Spotify is down and keeps the connection for the next try', async () => {
    const { user } = await connected();
    fake.users.outage = 1;
    await expectError(s.as(user.token).call(e.spotifyRefresh, {}), 502, UNAVAILABLE);
    const next = await s.as(user.token).call(e.spotifyRefresh, {});
    expect(fake.users.accessTokens.has(next.accessToken)).toBe(true);
  });

  it('refreshes only the caller’s own connection', async () => {
    const a = await connected();
    const b = await connected();
    const bFresh = await s.as(b.user.token).call(e.spotifyRefresh, {});
    const aNow = await serviceToken(a.user.uuid);
    expect(aNow.accessToken).toBe(a.token.accessToken);
    expect(bFresh.accessToken).not.toBe(a.token.accessToken);
  });
});

describe('DELETE /spotify/refresh-token', () => {
  it('disconnects (idempotently); the service route then answers 404', async () => {
    const { user } = await connected();
    expect(await s.as(user.token).call(e.spotifyDisconnect, {})).toEqual({ success: true });
    expect(await s.as(user.token).call(e.spotifyDisconnect, {})).toEqual({ success: true });
    await expectError(serviceToken(user.uuid), 404, NOT_CONNECTED);
    await expectError(s.as(guest).call(e.spotifyDisconnect, {}), 403, GUEST);
  });
});

describe('GET /spotify/access-token/{id}/service', () => {
  it('answers the kept token by uuid or numeric id without asking Spotify', async () => {
    const { user, token } = await connected();
    const grants = fake.users.grantRequests;
    expect((await serviceToken(user.uuid)).accessToken).toBe(token.accessToken);
    expect((await serviceToken(user.id)).accessToken).toBe(token.accessToken);
    expect(fake.users.grantRequests).toBe(grants);
  });

  it('refreshes an access token that is about to expire, once for concurrent callers', async () => {
    fake.users.expiresIn = 30;
    const { user, token } = await connected();
    fake.users.expiresIn = 3600;
    const grants = fake.users.grantRequests;
    const [x, y] = await Promise.all([serviceToken(user.uuid), serviceToken(user.uuid)]);
    expect(x.accessToken).not.toBe(token.accessToken);
    expect(y.accessToken).toBe(x.accessToken);
    expect(x.expiresIn).toBeGreaterThan(3500);
    expect(fake.users.grantRequests).toBe(grants + 1);
    expect((await serviceToken(user.uuid)).accessToken).toBe(x.accessToken);
  });

  it('is for services only: a plain user, even the owner, gets 403', async () => {
    const { user } = await connected();
    await expectError(serviceToken(user.uuid, user.token), 403, ROLE);
    const admin = await s.createUser({ roles: ['user', 'superUser'] });
    expect((await serviceToken(user.uuid, admin.token)).accessToken).toBeTruthy();
  });

  it('answers 404 for an unknown account', async () => {
    await expectError(
      serviceToken('0e0a6f3c-1111-4222-8333-944445555666'),
      404,
      'User profile not found.',
    );
  });
});

describe('keys', () => {
  it('still reads the tokens after a restart (key file in DATA_DIR/keys), not with another key', async () => {
    const a = await startTestServer(env(fake), { keep: true });
    const { user, token } = await connected(a);
    await a.close();
    const b = await startTestServer(env(fake), { reuse: a, keep: true });
    const admin = await b.createUser({ roles: ['user', 'staff'] });
    const read = await b
      .as(admin.token)
      .call(e.spotifyServiceAccessToken, { params: { id: user.uuid } });
    expect(read.accessToken).toBe(token.accessToken);
    await b.close();
    const c = await startTestServer(
      { ...env(fake), PROVIDER_TOKEN_KEY: 'another-secret-of-at-least-32-characters' },
      { reuse: a },
    );
    try {
      await expectError(
        c.as(admin.token).call(e.spotifyServiceAccessToken, { params: { id: user.uuid } }),
        404,
        NOT_CONNECTED,
      );
    } finally {
      await c.close();
    }
  });
});
