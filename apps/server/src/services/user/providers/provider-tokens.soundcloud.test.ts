import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providerTokenEndpoints as e } from '@tt/protocol';
import {
  soundcloudTrack,
  startFakeSoundcloud,
  type FakeSoundcloud,
} from '../../../../test/fakes/soundcloud';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';
import { closeWorld, MESSAGES, resetGrants, startWorld } from './provider-tokens.testing';

/** The SoundCloud routes of the user service against a local SoundCloud (web and mobile clients). */

const REDIRECT = 'https://turntable.example/callback/soundcloud';
const APP_REDIRECT = 'ttlive://soundcloud-callback';
const VERIFIER = 'v'.repeat(20) + '-._~' + 'A1'.repeat(10);
const { CODE_REJECTED, GUEST, RECONNECT, UNAVAILABLE } = MESSAGES;
const NOT_CONNECTED = 'SoundCloud is not connected for this account.';
const FORBIDDEN = 'You can only read your own music-provider tokens.';

let fake: FakeSoundcloud;
let s: TestServer;
let guest: string;

beforeAll(async () => {
  ({ fake, s, guest } = await startWorld(startFakeSoundcloud, (f) => ({
    SOUNDCLOUD_API_URL: f.options.apiUrl,
    SOUNDCLOUD_TOKEN_URL: f.options.tokenUrl,
    SOUNDCLOUD_CLIENT_ID: f.issuer.clientId,
    SOUNDCLOUD_CLIENT_SECRET: f.issuer.clientSecret,
    SOUNDCLOUD_MOBILE_CLIENT_ID: f.mobileIssuer.clientId,
    SOUNDCLOUD_MOBILE_CLIENT_SECRET: f.mobileIssuer.clientSecret,
  })));
  fake.tracks.set('5', soundcloudTrack(5));
});
afterAll(() => closeWorld({ fake, s }));
beforeEach(() => resetGrants(fake));

async function connected(mobile = false) {
  const user = await s.createUser();
  const grants = mobile ? fake.mobileUsers : fake.users;
  const redirectUri = mobile ? APP_REDIRECT : REDIRECT;
  const code = grants.issueCode(redirectUri, { codeVerifier: VERIFIER });
  const token = await s.as(user.token).call(e.soundcloudExchangeCode, {
    body: { code, redirectUri, codeVerifier: VERIFIER, mobile },
  });
  return { user, token };
}

const accessToken = (id: string, token: string, mobile?: boolean) =>
  s.as(token).call(e.soundcloudAccessToken, {
    params: { id },
    query: mobile === undefined ? {} : { mobile: String(mobile) },
  });

describe('POST /soundcloud/exchange-code (our addition)', () => {
  it('exchanges a PKCE code with the client credentials in the form', async () => {
    const before = fake.requests.length;
    const { token } = await connected();
    expect(fake.users.accessTokens.has(token.accessToken)).toBe(true);
    const form = new URLSearchParams(fake.requests[before].body);
    expect(Object.fromEntries(form)).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'sc-client',
      client_secret: 'sc-secret',
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    });
    // The (fake) API accepts it: GET /tracks/5 with Authorization: OAuth <token>.
    const res = await fetch(`${fake.url}/tracks/5`, {
      headers: { authorization: `OAuth ${token.accessToken}` },
    });
    expect(res.status).toBe(200);
  });

  it('connects the mobile client with mobile=true, separately from the web one', async () => {
    const { user, token } = await connected(true);
    expect(fake.mobileUsers.accessTokens.has(token.accessToken)).toBe(true);
    expect((await accessToken(user.uuid, user.token, true)).accessToken).toBe(token.accessToken);
    await expectError(accessToken(user.uuid, user.token), 404, NOT_CONNECTED);
  });

  it('answers 400 for a wrong PKCE verifier or an unknown code', async () => {
    const user = await s.createUser();
    const code = fake.users.issueCode(REDIRECT, { codeVerifier: VERIFIER });
    const wrong = 'w'.repeat(43);
    await expectError(
      s.as(user.token).call(e.soundcloudExchangeCode, {
        body: { code, redirectUri: REDIRECT, codeVerifier: wrong },
      }),
      400,
      CODE_REJECTED,
    );
    await expectError(
      s.as(user.token).call(e.soundcloudExchangeCode, {
        body: { code: 'nope', redirectUri: REDIRECT },
      }),
      400,
      CODE_REJECTED,
    );
  });

  it('refuses a malformed verifier, and guests', async () => {
    const user = await s.createUser();
    await expectError(
      s.as(user.token).call(e.soundcloudExchangeCode, {
        body: { code: 'c', redirectUri: REDIRECT, codeVerifier: 'short' },
      }),
      400,
      'codeVerifier: must be a PKCE code verifier (43 to 128 characters)',
    );
    await expectError(
      s.as(guest).call(e.soundcloudExchangeCode, { body: { code: 'c', redirectUri: REDIRECT } }),
      403,
      GUEST,
    );
  });
});

describe('POST /soundcloud/refresh-token and /soundcloud/mobile/refresh-token', () => {
  it('refreshes with the single-use refresh token and keeps the rotated one', async () => {
    const { user, token } = await connected();
    const first = await s.as(user.token).call(e.soundcloudRefresh, {});
    const second = await s.as(user.token).call(e.soundcloudRefresh, {});
    expect(new Set([token.accessToken, first.accessToken, second.accessToken]).size).toBe(3);
    expect(fake.users.accessTokens.has(second.accessToken)).toBe(true);
  });

  it('refreshes the mobile connection with the mobile client', async () => {
    const { user } = await connected(true);
    const before = fake.requests.length;
    const next = await s.as(user.token).call(e.soundcloudMobileRefresh, {});
    expect(fake.mobileUsers.accessTokens.has(next.accessToken)).toBe(true);
    const form = new URLSearchParams(fake.requests[before].body);
    expect(form.get('client_id')).toBe('sc-mobile-client');
    await expectError(s.as(user.token).call(e.soundcloudRefresh, {}), 404, NOT_CONNECTED);
  });

  it('answers 403 when SoundCloud refuses the refresh token, 502 when it is down', async () => {
    const { user } = await connected();
    fake.users.outage = 1;
    await expectError(s.as(user.token).call(e.soundcloudRefresh, {}), 502, UNAVAILABLE);
    fake.users.refreshTokens.clear();
    await expectError(s.as(user.token).call(e.soundcloudRefresh, {}), 403, RECONNECT);
    await expectError(s.as(user.token).call(e.soundcloudRefresh, {}), 404, NOT_CONNECTED);
  });
});

describe('GET /soundcloud/access-token/{id}', () => {
  it('answers the owner’s token, refreshing it when it is about to expire', async () => {
    fake.users.expiresIn = 10;
    const { user, token } = await connected();
    fake.users.expiresIn = 3600;
    const now = await accessToken(user.uuid, user.token, false);
    expect(now.accessToken).not.toBe(token.accessToken);
    expect(now.expiresIn).toBeGreaterThan(3500);
    expect((await accessToken(String(user.id), user.token)).accessToken).toBe(now.accessToken);
  });

  it('lets a service read anyone’s, but not another user', async () => {
    const { user, token } = await connected();
    const other = await s.createUser();
    await expectError(accessToken(user.uuid, other.token), 403, FORBIDDEN);
    await expectError(accessToken(String(user.id), other.token), 403, FORBIDDEN);
    // An unknown id is the same refusal for a plain user (no probing for accounts).
    await expectError(accessToken('0e0a6f3c-1111-4222-8333-944445555666', other.token), 403);
    const staff = await s.createUser({ roles: ['user', 'staff'] });
    expect((await accessToken(user.uuid, staff.token)).accessToken).toBe(token.accessToken);
    await expectError(
      accessToken('0e0a6f3c-1111-4222-8333-944445555666', staff.token),
      404,
      'User profile not found.',
    );
    await expectError(accessToken(user.uuid, guest), 403, GUEST);
  });

  it('refuses a mobile value that is not a boolean', async () => {
    const user = await s.createUser();
    await expectError(
      s.as(user.token).call(e.soundcloudAccessToken, {
        params: { id: user.uuid },
        query: { mobile: 'maybe' },
      }),
      400,
      /^mobile: /,
    );
  });
});

describe('GET /soundcloud/public-token and /soundcloud/mobile/public-token', () => {
  it('answers the app token of each client, cached, to guests too', async () => {
    const [webBefore, mobileBefore] = [fake.issuer.tokenRequests, fake.mobileIssuer.tokenRequests];
    const web = await s.as(guest).call(e.soundcloudPublicToken, {});
    expect(web.accessToken).toBe(fake.issuer.current);
    expect(fake.issuer.tokenRequests).toBe(webBefore + 1);
    const mobile = await s.as(guest).call(e.soundcloudMobilePublicToken, {});
    expect(mobile.accessToken).toBe(fake.mobileIssuer.current);
    expect(fake.mobileIssuer.tokenRequests).toBe(mobileBefore + 1);
    expect(web.expiresIn).toBeGreaterThan(3500);
    const requests = fake.issuer.tokenRequests;
    expect((await s.as(guest).call(e.soundcloudPublicToken, {})).accessToken).toBe(web.accessToken);
    expect(fake.issuer.tokenRequests).toBe(requests);
    // The token plays public tracks on the (fake) API.
    const res = await fetch(`${fake.url}/tracks/5`, {
      headers: { authorization: `OAuth ${web.accessToken}` },
    });
    expect(res.status).toBe(200);
  });

  it('renews the token once when a caller reports it stale', async () => {
    const old = await s.as(guest).call(e.soundcloudPublicToken, {});
    const requests = fake.issuer.tokenRequests;
    const [a, b] = await Promise.all([
      s.as(guest).call(e.soundcloudPublicToken, { query: { stale: old.accessToken } }),
      s.as(guest).call(e.soundcloudPublicToken, { query: { stale: old.accessToken } }),
    ]);
    expect(a.accessToken).not.toBe(old.accessToken);
    expect(b.accessToken).toBe(a.accessToken);
    expect(fake.issuer.tokenRequests).toBe(requests + 1);
    // A stale value that is not the current token changes nothing.
    await s.as(guest).call(e.soundcloudPublicToken, { query: { stale: 'something-else' } });
    expect(fake.issuer.tokenRequests).toBe(requests + 1);
  });

  it('needs a token', async () => {
    await expectError(
      s.client.call(e.soundcloudPublicToken, {}),
      401,
      'Unauthorized to perform action',
    );
  });
});

describe('a SoundCloud that cannot be reached', () => {
  it('answers 502 for the public token and the code exchange', async () => {
    const dead = await startFakeSoundcloud();
    const tokenUrl = dead.options.tokenUrl;
    await dead.close();
    const down = await startTestServer({
      SOUNDCLOUD_TOKEN_URL: tokenUrl,
      SOUNDCLOUD_CLIENT_ID: 'sc-client',
      SOUNDCLOUD_CLIENT_SECRET: 'sc-secret',
    });
    try {
      const user = await down.createUser();
      await expectError(down.as(user.token).call(e.soundcloudPublicToken, {}), 502, UNAVAILABLE);
      await expectError(
        down.as(user.token).call(e.soundcloudExchangeCode, {
          body: { code: 'c', redirectUri: REDIRECT },
        }),
        502,
        UNAVAILABLE,
      );
    } finally {
      await down.close();
    }
  });
});
