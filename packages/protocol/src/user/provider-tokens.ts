import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';
import { AgoraRole } from '../enums';
import { IdParam } from './dto';

/**
 * Music-provider tokens of the user service:
 * connecting a person's Spotify, SoundCloud, YouTube and Apple Music accounts, the app-level
 * SoundCloud token for public tracks, and Agora RTC tokens for live audio.
 */

const S = 'user' as const;

/** An OAuth2 authorization code the browser (or app) received on its redirect URI. */
export const ExchangeCodeReq = z.object({
  code: z.string().trim().min(1, 'code is required').max(2048),
  /** The redirect URI used to obtain the code: the provider checks that it matches. */
  redirectUri: z.string().trim().url('must be the redirect URI the code was issued for').max(2048),
  /** PKCE verifier (RFC 7636), when the authorization request carried a code_challenge. */
  codeVerifier: z
    .string()
    .regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'must be a PKCE code verifier (43 to 128 characters)')
    .optional(),
});
export type ExchangeCodeReq = z.infer<typeof ExchangeCodeReq>;

export const SoundcloudExchangeCodeReq = ExchangeCodeReq.extend({
  /** The code was issued to the mobile app's SoundCloud client. */
  mobile: z.boolean().optional(),
});
export type SoundcloudExchangeCodeReq = z.infer<typeof SoundcloudExchangeCodeReq>;

/** A provider access token and when it stops working. */
export const ProviderAccessTokenDto = z.object({
  accessToken: z.string(),
  /** ISO instant; null when the provider did not say. */
  expiresAt: z.string().nullable(),
  /** Seconds left at the time of the answer; null when unknown. */
  expiresIn: z.number().int().nullable(),
  /** Space-separated scopes granted, when the provider says. */
  scope: z.string().nullable(),
});
export type ProviderAccessTokenDto = z.infer<typeof ProviderAccessTokenDto>;

export const SoundcloudAccessTokenQuery = z.object({ mobile: z.stringbool().optional() });
export type SoundcloudAccessTokenQuery = z.output<typeof SoundcloudAccessTokenQuery>;

export const SoundcloudPublicTokenQuery = z.object({
  /** The token that a SoundCloud call just refused (401/403): a new one is fetched once. */
  stale: z.string().min(1).max(4096).optional(),
});
export type SoundcloudPublicTokenQuery = z.output<typeof SoundcloudPublicTokenQuery>;

export const AppleUserTokenReq = z.object({
  /** The Music-User-Token MusicKit JS handed the browser after authorize(). */
  musicUserToken: z.string().trim().min(1, 'musicUserToken is required').max(4096),
});
export type AppleUserTokenReq = z.infer<typeof AppleUserTokenReq>;

export const AppleUserTokenDto = z.object({
  musicUserToken: z.string(),
  updatedAt: z.string(),
});
export type AppleUserTokenDto = z.infer<typeof AppleUserTokenDto>;

/** The music providers a person connects from the web, in the order the account page lists them. */
export const MusicConnectionProvider = z.enum(['spotify', 'apple', 'youtube', 'soundcloud']);
export type MusicConnectionProvider = z.infer<typeof MusicConnectionProvider>;

/** One provider on the account page: whether the platform has it and whether the caller connected it. */
export const MusicConnectionDto = z.object({
  provider: MusicConnectionProvider,
  /** The platform is configured for it (client id and secret, or Apple's developer token). */
  available: z.boolean(),
  connected: z.boolean(),
  connectedAt: z.string().nullable(),
  /** OAuth providers: where the browser is sent to consent (null for Apple Music). */
  authorizeUrl: z.string().nullable(),
  /** OAuth providers: the public client id of the authorization request. */
  clientId: z.string().nullable(),
  /** OAuth providers: the scopes asked for, space-separated. */
  scope: z.string(),
  /** Apple Music: the developer token MusicKit JS is configured with (public by design). */
  developerToken: z.string().nullable(),
});
export type MusicConnectionDto = z.infer<typeof MusicConnectionDto>;
export const MusicConnectionsDto = z.object({ connections: z.array(MusicConnectionDto) });
export type MusicConnectionsDto = z.infer<typeof MusicConnectionsDto>;
export const MusicConnectionParam = z.object({ provider: MusicConnectionProvider });

/** Agora's channel-name rule: at most 64 bytes of letters, digits, space and these signs. */
export const AGORA_CHANNEL_NAME_RE = /^[A-Za-z0-9 !#$%&()+\-:;<=.>?@[\]^_{}|~,]{1,64}$/;
/** Longest life of an Agora token we sign (Agora's own limit is 24 hours). */
export const AGORA_MAX_EXPIRE_SECONDS = 86_400;
export const AGORA_DEFAULT_EXPIRE_SECONDS = 3_600;

export const AgoraTokenReq = z.object({
  channelName: z
    .string()
    .regex(
      AGORA_CHANNEL_NAME_RE,
      'must be 1 to 64 letters, digits, spaces or !#$%&()+-:;<=.>?@[]^_{}|~,',
    ),
  /** Agora uid, a 32-bit unsigned integer; 0 lets any uid join with the token. */
  uid: z.number().int().min(0).max(4_294_967_295),
  role: AgoraRole,
  expireSeconds: z
    .number()
    .int()
    .min(60)
    .max(AGORA_MAX_EXPIRE_SECONDS)
    .default(AGORA_DEFAULT_EXPIRE_SECONDS),
});
export type AgoraTokenReq = z.output<typeof AgoraTokenReq>;

export const AgoraTokenDto = z.object({
  /** An AccessToken2 ("007…") for Agora RTC. */
  token: z.string(),
  appId: z.string(),
  channelName: z.string(),
  uid: z.number().int(),
  role: AgoraRole,
  expiresAt: z.string(),
});
export type AgoraTokenDto = z.infer<typeof AgoraTokenDto>;

/** Whether live audio goes through Agora here (LIVE-AUDIO-15): the public App ID, never the certificate. */
export const AgoraConfigDto = z.object({
  /** Present only when the server signs Agora tokens (App ID and App Certificate both set). */
  appId: z.string().optional(),
});
export type AgoraConfigDto = z.infer<typeof AgoraConfigDto>;

export const providerTokenEndpoints = {
  spotifyExchangeCode: endpoint({
    service: S,
    method: 'POST',
    path: '/spotify/exchange-code',
    auth: 'user',
    summary:
      "Connects the caller's Spotify: exchanges an authorization code at Spotify's token endpoint, keeps the tokens, answers the access token",
    body: ExchangeCodeReq,
    response: ProviderAccessTokenDto,
    rateLimitPerMinute: 20,
  }),
  spotifyRefresh: endpoint({
    service: S,
    method: 'POST',
    path: '/spotify/refresh-token',
    auth: 'user',
    summary: 'A fresh Spotify access token for the caller, from the kept refresh token',
    response: ProviderAccessTokenDto,
    rateLimitPerMinute: 30,
  }),
  spotifyDisconnect: endpoint({
    service: S,
    method: 'DELETE',
    path: '/spotify/refresh-token',
    auth: 'user',
    summary: "Disconnects the caller's Spotify (forgets its tokens)",
    response: OkResponse,
  }),
  spotifyServiceAccessToken: endpoint({
    service: S,
    method: 'GET',
    path: '/spotify/access-token/{id}/service',
    auth: 'provider.token.read',
    summary:
      "For other services: a user's current Spotify access token (uuid or numeric id), refreshed when expired",
    params: IdParam,
    response: ProviderAccessTokenDto,
  }),
  soundcloudExchangeCode: endpoint({
    service: S,
    method: 'POST',
    path: '/soundcloud/exchange-code',
    auth: 'user',
    summary:
      "Our addition: connects the caller's SoundCloud (web, or mobile client with mobile=true) from an authorization code",
    body: SoundcloudExchangeCodeReq,
    response: ProviderAccessTokenDto,
    rateLimitPerMinute: 20,
  }),
  soundcloudRefresh: endpoint({
    service: S,
    method: 'POST',
    path: '/soundcloud/refresh-token',
    auth: 'user',
    summary: "A fresh SoundCloud access token for the caller's web connection",
    response: ProviderAccessTokenDto,
    rateLimitPerMinute: 30,
  }),
  soundcloudMobileRefresh: endpoint({
    service: S,
    method: 'POST',
    path: '/soundcloud/mobile/refresh-token',
    auth: 'user',
    summary: "A fresh SoundCloud access token for the caller's mobile-app connection",
    response: ProviderAccessTokenDto,
    rateLimitPerMinute: 30,
  }),
  soundcloudPublicToken: endpoint({
    service: S,
    method: 'GET',
    path: '/soundcloud/public-token',
    auth: 'authenticated',
    summary:
      'The app-level SoundCloud token for playing public tracks (web client); ?stale=<token> renews a refused one',
    query: SoundcloudPublicTokenQuery,
    response: ProviderAccessTokenDto,
    rateLimitPerMinute: 120,
  }),
  soundcloudMobilePublicToken: endpoint({
    service: S,
    method: 'GET',
    path: '/soundcloud/mobile/public-token',
    auth: 'authenticated',
    summary:
      'The app-level SoundCloud token for playing public tracks (mobile client); ?stale=<token> renews a refused one',
    query: SoundcloudPublicTokenQuery,
    response: ProviderAccessTokenDto,
    rateLimitPerMinute: 120,
  }),
  soundcloudAccessToken: endpoint({
    service: S,
    method: 'GET',
    path: '/soundcloud/access-token/{id}',
    auth: 'user',
    summary:
      "A user's current SoundCloud access token (mobile=true: the mobile connection), refreshed when expired; the user themself or a service",
    params: IdParam,
    query: SoundcloudAccessTokenQuery,
    response: ProviderAccessTokenDto,
  }),
  appleSaveUserToken: endpoint({
    service: S,
    method: 'POST',
    path: '/apple/user-token',
    auth: 'user',
    summary: "Keeps the caller's Apple Music-User-Token (from MusicKit authorize())",
    body: AppleUserTokenReq,
    response: AppleUserTokenDto,
  }),
  appleUserToken: endpoint({
    service: S,
    method: 'GET',
    path: '/apple/user-token/{id}',
    auth: 'user',
    summary: "A user's Apple Music-User-Token; the user themself or a service",
    params: IdParam,
    response: AppleUserTokenDto,
  }),
  youtubeExchangeCode: endpoint({
    service: S,
    method: 'POST',
    path: '/youtube/exchange-code',
    auth: 'user',
    summary:
      "Connects the caller's YouTube (Google OAuth2): exchanges an authorization code, keeps the tokens, answers the access token",
    body: ExchangeCodeReq,
    response: ProviderAccessTokenDto,
    rateLimitPerMinute: 20,
  }),
  youtubeRefresh: endpoint({
    service: S,
    method: 'POST',
    path: '/youtube/refresh-token',
    auth: 'user',
    summary: 'A fresh YouTube (Google) access token for the caller, from the kept refresh token',
    response: ProviderAccessTokenDto,
    rateLimitPerMinute: 30,
  }),
  connections: endpoint({
    service: S,
    method: 'GET',
    path: '/users/music-connections',
    auth: 'user',
    summary:
      "The caller's music-provider connections: which providers the platform has, which are connected, and how to connect",
    response: MusicConnectionsDto,
  }),
  disconnect: endpoint({
    service: S,
    method: 'DELETE',
    path: '/users/music-connections/{provider}',
    auth: 'user',
    summary: "Disconnects one of the caller's music providers (forgets its tokens; idempotent)",
    params: MusicConnectionParam,
    response: MusicConnectionsDto,
  }),
  agoraConfig: endpoint({
    service: S,
    method: 'GET',
    path: '/agora/config',
    auth: 'public',
    summary:
      "Our addition: the Agora App ID when live audio goes through Agora (absent when it does not), for the web's choice of path",
    response: AgoraConfigDto,
  }),
  agoraToken: endpoint({
    service: S,
    method: 'POST',
    path: '/agora/token',
    auth: 'user',
    summary:
      'An Agora RTC token (AccessToken2) for a channel and uid: PUBLISHER may publish audio, video and data; SUBSCRIBER only joins',
    body: AgoraTokenReq,
    response: AgoraTokenDto,
    rateLimitPerMinute: 60,
  }),
};
