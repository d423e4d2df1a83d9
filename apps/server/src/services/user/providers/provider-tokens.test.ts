import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, providerTokenEndpoints as e } from '@tt/protocol';
import { startFakeGoogleOAuth, type FakeGoogleOAuth } from '../../../../test/fakes/google-oauth';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';
import {
  decodeAccessToken2,
  RtcPrivilege,
  verifyAccessToken2,
} from '../../../platform/agora-token';
import { loadConfig } from '../../../platform/config';
import { setLiveAudio } from '../../../realtime/live-audio.testing';
import { createRoom } from '../../../realtime/test-kit';

/**
 * Apple Music user tokens, YouTube (Google OAuth2), Agora RTC tokens, and every provider route
 * on a server where nothing is configured.
 */

const REDIRECT = 'http://localhost:5173/callback/youtube';
const AGORA_APP_ID = '0123456789abcdef0123456789abcdef';
const AGORA_CERT = 'fedcba9876543210fedcba9876543210';
const GUEST = 'Guests cannot perform this action, please log in';
const FORBIDDEN = 'You can only read your own music-provider tokens.';
const CODE_REJECTED =
  'The music provider refused this authorization code (invalid, expired or already used); please connect again.';
const RECONNECT = 'The music provider no longer accepts this connection; please connect again.';
const UNAVAILABLE = 'The music provider is not answering right now, please try again.';

let google: FakeGoogleOAuth;
let s: TestServer;
let guest: string;

beforeAll(async () => {
  google = await startFakeGoogleOAuth();
  s = await startTestServer({
    YOUTUBE_TOKEN_URL: google.options.tokenUrl,
    YOUTUBE_CLIENT_ID: google.options.clientId,
    YOUTUBE_CLIENT_SECRET: google.options.clientSecret,
    AGORA_APP_ID,
    AGORA_APP_CERTIFICATE: AGORA_CERT,
  });
  guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
});
afterAll(async () => {
  await s.close();
  await google.close();
});

describe('POST /apple/user-token and GET /apple/user-token/{id}', () => {
  it('keeps the Music-User-Token and answers it to its owner, replacing an older one', async () => {
    const user = await s.createUser();
    const saved = await s
      .as(user.token)
      .call(e.appleSaveUserToken, { body: { musicUserToken: '  Amut-first  ' } });
    expect(saved.musicUserToken).toBe('Amut-first');
    await s.as(user.token).call(e.appleSaveUserToken, { body: { musicUserToken: 'Amut-second' } });
    const read = await s.as(user.token).call(e.appleUserToken, { params: { id: user.uuid } });
    expect(read.musicUserToken).toBe('Amut-second');
    expect(Date.parse(read.updatedAt)).not.toBeNaN();
  });

  it('answers another user 403, a service the token, and 404 when none is kept', async () => {
    const owner = await s.createUser();
    await s.as(owner.token).call(e.appleSaveUserToken, { body: { musicUserToken: 'Amut-x' } });
    const other = await s.createUser();
    await expectError(
      s.as(other.token).call(e.appleUserToken, { params: { id: owner.uuid } }),
      403,
      FORBIDDEN,
    );
    const staff = await s.createUser({ roles: ['user', 'staff'] });
    const read = await s
      .as(staff.token)
      .call(e.appleUserToken, { params: { id: String(owner.id) } });
    expect(read.musicUserToken).toBe('Amut-x');
    await expectError(
      s.as(other.token).call(e.appleUserToken, { params: { id: other.uuid } }),
      404,
      'Apple Music is not connected for this account.',
    );
  });

  it('refuses an empty token and guests', async () => {
    const user = await s.createUser();
    await expectError(
      s.as(user.token).call(e.appleSaveUserToken, { body: { musicUserToken: '   ' } }),
      400,
      'musicUserToken: musicUserToken is required',
    );
    await expectError(
      s.as(guest).call(e.appleSaveUserToken, { body: { musicUserToken: 'x' } }),
      403,
      GUEST,
    );
  });
});

describe('POST /youtube/exchange-code and /youtube/refresh-token', () => {
  it('exchanges the code with the client in the form, then refreshes', async () => {
    const user = await s.createUser();
    const code = google.users.issueCode(REDIRECT);
    const before = google.requests.length;
    const first = await s
      .as(user.token)
      .call(e.youtubeExchangeCode, { body: { code, redirectUri: REDIRECT } });
    expect(google.users.accessTokens.has(first.accessToken)).toBe(true);
    expect(first.scope).toBe('https://www.googleapis.com/auth/youtube.readonly');
    expect(Object.fromEntries(new URLSearchParams(google.requests[before].body))).toMatchObject({
      grant_type: 'authorization_code',
      client_id: google.options.clientId,
      client_secret: google.options.clientSecret,
      code,
      redirect_uri: REDIRECT,
    });
    const next = await s.as(user.token).call(e.youtubeRefresh, {});
    expect(next.accessToken).not.toBe(first.accessToken);
    expect(google.users.accessTokens.has(next.accessToken)).toBe(true);
  });

  it('keeps the earlier refresh token when a new consent answers none', async () => {
    const user = await s.createUser();
    const api = s.as(user.token);
    await api.call(e.youtubeExchangeCode, {
      body: { code: google.users.issueCode(REDIRECT), redirectUri: REDIRECT },
    });
    const again = google.users.issueCode(REDIRECT, { withRefreshToken: false });
    await api.call(e.youtubeExchangeCode, { body: { code: again, redirectUri: REDIRECT } });
    const next = await api.call(e.youtubeRefresh, {});
    expect(google.users.accessTokens.has(next.accessToken)).toBe(true);
  });

  it('asks to connect again when there never was a refresh token', async () => {
    const user = await s.createUser();
    const code = google.users.issueCode(REDIRECT, { withRefreshToken: false });
    await s.as(user.token).call(e.youtubeExchangeCode, { body: { code, redirectUri: REDIRECT } });
    await expectError(s.as(user.token).call(e.youtubeRefresh, {}), 403, RECONNECT);
  });

  it('maps Google’s refusals: bad code 400, revoked token 403, outage 502, never connected 404', async () => {
    const user = await s.createUser();
    const api = s.as(user.token);
    await expectError(
      api.call(e.youtubeExchangeCode, { body: { code: '4/bad', redirectUri: REDIRECT } }),
      400,
      CODE_REJECTED,
    );
    await expectError(
      api.call(e.youtubeRefresh, {}),
      404,
      'YouTube is not connected for this account.',
    );
    await api.call(e.youtubeExchangeCode, {
      body: { code: google.users.issueCode(REDIRECT), redirectUri: REDIRECT },
    });
    google.users.outage = 1;
    await expectError(api.call(e.youtubeRefresh, {}), 502, UNAVAILABLE);
    google.users.refreshTokens.clear();
    await expectError(api.call(e.youtubeRefresh, {}), 403, RECONNECT);
    await expectError(s.as(guest).call(e.youtubeRefresh, {}), 403, GUEST);
  });
});

describe('POST /agora/token', () => {
  it('signs a PUBLISHER token that decodes to the request and verifies with the certificate', async () => {
    const user = await s.createUser();
    // LIVE-AUDIO-10: a PUBLISHER token is for a room's channel (its uuid) where the caller may talk.
    const room = (await createRoom(s, user.token)).uuid;
    await setLiveAudio(s, user.token, room, true);
    const res = await s.as(user.token).call(e.agoraToken, {
      body: { channelName: room, uid: 1234, role: 'PUBLISHER', expireSeconds: 600 },
    });
    expect(res).toMatchObject({ appId: AGORA_APP_ID, channelName: room, uid: 1234 });
    expect(res.token.startsWith('007')).toBe(true);
    expect(verifyAccessToken2(res.token, AGORA_CERT)).toBe(true);
    expect(verifyAccessToken2(res.token, '0'.repeat(32))).toBe(false);
    const d = decodeAccessToken2(res.token);
    expect(d.appId).toBe(AGORA_APP_ID);
    expect(d.expire).toBe(600);
    expect(Date.parse(res.expiresAt)).toBe((d.issueTs + 600) * 1000);
    expect(d.services).toHaveLength(1);
    expect(d.services[0]).toMatchObject({ channelName: room, uid: '1234' });
    expect(Object.keys(d.services[0].privileges).map(Number)).toEqual([
      RtcPrivilege.joinChannel,
      RtcPrivilege.publishAudioStream,
      RtcPrivilege.publishVideoStream,
      RtcPrivilege.publishDataStream,
    ]);
  });

  it('gives a SUBSCRIBER only joinChannel, for an hour by default', async () => {
    const user = await s.createUser();
    const res = await s.as(user.token).call(e.agoraToken, {
      body: { channelName: 'room-42', uid: 0, role: 'SUBSCRIBER' },
    });
    const d = decodeAccessToken2(res.token);
    expect(d.expire).toBe(3600);
    expect(d.services[0].uid).toBe('');
    expect(d.services[0].privileges).toEqual({ [RtcPrivilege.joinChannel]: 3600 });
  });

  it('refuses bad channel names, uids, roles and lifetimes, and guests', async () => {
    const user = await s.createUser();
    const body = await expectError(
      s.as(user.token).call(e.agoraToken, {
        body: {
          channelName: 'x'.repeat(65),
          uid: -1,
          role: 'HOST' as never,
          expireSeconds: 90_000,
        },
      }),
      400,
    );
    expect((body.message as string[]).map((m) => m.split(':')[0])).toEqual([
      'channelName',
      'uid',
      'role',
      'expireSeconds',
    ]);
    await expectError(
      s.as(guest).call(e.agoraToken, {
        body: { channelName: 'room', uid: 1, role: 'SUBSCRIBER' },
      }),
      403,
      GUEST,
    );
  });
});

describe('a server with no provider configured', () => {
  let bare: TestServer;
  let user: string;
  let staff: string;
  beforeAll(async () => {
    bare = await startTestServer();
    user = (await bare.createUser()).token;
    staff = (await bare.createUser({ roles: ['user', 'staff'] })).token;
  });
  afterAll(() => bare.close());

  it('answers 400 naming the provider that is not configured', async () => {
    const body = { code: 'c', redirectUri: REDIRECT };
    const api = bare.as(user);
    const cases: [() => Promise<unknown>, string][] = [
      [
        () => api.call(e.spotifyExchangeCode, { body }),
        'Spotify is not configured on this server.',
      ],
      [() => api.call(e.spotifyRefresh, {}), 'Spotify is not configured on this server.'],
      [
        () => bare.as(staff).call(e.spotifyServiceAccessToken, { params: { id: '1' } }),
        'Spotify is not configured on this server.',
      ],
      [
        () => api.call(e.soundcloudExchangeCode, { body }),
        'SoundCloud is not configured on this server.',
      ],
      [
        () => api.call(e.soundcloudExchangeCode, { body: { ...body, mobile: true } }),
        'SoundCloud for the mobile app is not configured on this server.',
      ],
      [() => api.call(e.soundcloudRefresh, {}), 'SoundCloud is not configured on this server.'],
      [
        () => api.call(e.soundcloudMobileRefresh, {}),
        'SoundCloud for the mobile app is not configured on this server.',
      ],
      [() => api.call(e.soundcloudPublicToken, {}), 'SoundCloud is not configured on this server.'],
      [
        () => api.call(e.soundcloudMobilePublicToken, {}),
        'SoundCloud for the mobile app is not configured on this server.',
      ],
      [
        () => api.call(e.soundcloudAccessToken, { params: { id: '1' }, query: { mobile: 'true' } }),
        'SoundCloud for the mobile app is not configured on this server.',
      ],
      [
        () => api.call(e.youtubeExchangeCode, { body }),
        'YouTube sign-in is not configured on this server.',
      ],
      [() => api.call(e.youtubeRefresh, {}), 'YouTube sign-in is not configured on this server.'],
      [
        () => api.call(e.agoraToken, { body: { channelName: 'room', uid: 1, role: 'PUBLISHER' } }),
        'Live audio (Agora) is not configured on this server.',
      ],
    ];
    for (const [call, message] of cases) await expectError(call(), 400, message);
  });

  it('still keeps Apple Music user tokens (no server credential needed)', async () => {
    const saved = await bare
      .as(user)
      .call(e.appleSaveUserToken, { body: { musicUserToken: 'Amut-bare' } });
    expect(saved.musicUserToken).toBe('Amut-bare');
  });
});

describe('a misconfigured YouTube client', () => {
  it('answers 502 (not the caller’s fault) when Google refuses our client', async () => {
    const wrong = await startTestServer({
      YOUTUBE_TOKEN_URL: google.options.tokenUrl,
      YOUTUBE_CLIENT_ID: google.options.clientId,
      YOUTUBE_CLIENT_SECRET: 'not-the-secret',
    });
    try {
      const u = await wrong.createUser();
      await expectError(
        wrong.as(u.token).call(e.youtubeExchangeCode, {
          body: { code: google.users.issueCode(REDIRECT), redirectUri: REDIRECT },
        }),
        502,
        UNAVAILABLE,
      );
    } finally {
      await wrong.close();
    }
  });
});

describe('configuration', () => {
  it('reads the provider-token variables', () => {
    const c = loadConfig({
      SOUNDCLOUD_MOBILE_CLIENT_ID: 'm-id',
      SOUNDCLOUD_MOBILE_CLIENT_SECRET: 'm-secret',
      YOUTUBE_CLIENT_ID: 'y-id',
      YOUTUBE_CLIENT_SECRET: 'y-secret',
      AGORA_APP_ID,
      AGORA_APP_CERTIFICATE: AGORA_CERT,
    });
    expect(c.providers.soundcloudMobile).toEqual({ clientId: 'm-id', clientSecret: 'm-secret' });
    expect(c.providers.youtubeAuth).toEqual({
      tokenUrl: 'https://oauth2.googleapis.com/token',
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      clientId: 'y-id',
      clientSecret: 'y-secret',
    });
    expect(c.AGORA_APP_ID).toBe(AGORA_APP_ID);
    expect(loadConfig({}).providers.youtubeAuth.clientId).toBeUndefined();
  });

  it('refuses malformed values, naming the variable', () => {
    expect(() => loadConfig({ AGORA_APP_ID: 'not-hex' })).toThrow(/AGORA_APP_ID/);
    expect(() => loadConfig({ AGORA_APP_CERTIFICATE: 'f'.repeat(31) })).toThrow(
      /AGORA_APP_CERTIFICATE/,
    );
    expect(() => loadConfig({ PROVIDER_TOKEN_KEY: 'short' })).toThrow(/PROVIDER_TOKEN_KEY/);
    expect(() => loadConfig({ YOUTUBE_TOKEN_URL: 'nope' })).toThrow(/YOUTUBE_TOKEN_URL/);
  });
});
