import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';

const S = 'user' as const;

/** A Discord OAuth2 authorization code, and the redirect URI it was issued for (web sign-in). */
export const DiscordCodeReq = z.object({
  code: z.string().trim().min(1).max(200),
  /** Only for the website's redirect flow; an activity's code is issued without one. */
  redirectUri: z.string().url().max(500).optional(),
});
/** A Discord access token (from the code exchange, or from the activity's authorize step). */
export const DiscordTokenReq = z.object({ accessToken: z.string().trim().min(1).max(500) });

export const DiscordExchangeRes = z.object({
  /** Discord's access token: the activity hands it to the Discord client (authenticate). */
  accessToken: z.string(),
  expiresIn: z.number().int().nullable(),
  scope: z.string().nullable(),
});
export const DiscordAuthRes = z.object({
  /** Our access token. */
  accessToken: z.string(),
  /** True when this sign-in made a new account. */
  isNewAccount: z.boolean(),
});
export const DiscordLinkDto = z.object({
  linked: z.boolean(),
  discordId: z.string().nullable(),
  username: z.string().nullable(),
});
export type DiscordLinkDto = z.infer<typeof DiscordLinkDto>;

/** Where the website sends people to sign in with Discord (null when Discord is not configured). */
export const DiscordConfigDto = z.object({
  clientId: z.string().nullable(),
  authorizeUrl: z.string().nullable(),
  scope: z.string(),
  /** ACTIVITY-1: the Audius and SoundCloud API addresses the activity reaches through /.proxy/. */
  proxies: z.object({ audius: z.string(), soundcloud: z.string() }),
});

/** Sign in with Discord, in the Discord activity and on the website (DISCORD-* rules). */
export const discordEndpoints = {
  config: endpoint({
    service: S,
    method: 'GET',
    path: '/auth/discord-config',
    auth: 'public',
    summary:
      "Discord's client id and authorize address, for the activity and the website's sign-in",
    response: DiscordConfigDto,
  }),
  exchangeCode: endpoint({
    service: S,
    method: 'POST',
    path: '/auth/exchange-code',
    auth: 'public',
    summary: "Exchanges a Discord authorization code for Discord's access token (DISCORD-AUTH-1)",
    body: DiscordCodeReq,
    response: DiscordExchangeRes,
    rateLimitPerMinute: 30,
  }),
  discordAuth: endpoint({
    service: S,
    method: 'POST',
    path: '/auth/discord-auth',
    auth: 'public',
    summary:
      'Signs in with a Discord access token: the linked account, or a new one (DISCORD-AUTH-2/3)',
    body: DiscordTokenReq,
    response: DiscordAuthRes,
    rateLimitPerMinute: 30,
  }),
  linkDiscord: endpoint({
    service: S,
    method: 'POST',
    path: '/auth/link-discord',
    auth: 'user',
    summary: "Links the caller's account to the Discord account of the token (DISCORD-LINK-1)",
    body: DiscordTokenReq,
    response: DiscordLinkDto,
    rateLimitPerMinute: 30,
  }),
  link: endpoint({
    service: S,
    method: 'GET',
    path: '/auth/link-discord',
    auth: 'user',
    summary: "The Discord account linked to the caller's, if any",
    response: DiscordLinkDto,
  }),
  unlink: endpoint({
    service: S,
    method: 'DELETE',
    path: '/auth/link-discord',
    auth: 'user',
    summary: 'Unlinks Discord (DISCORD-LINK-2: only when the account has another way to sign in)',
    response: OkResponse,
  }),
};
