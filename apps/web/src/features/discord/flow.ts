import { discordEndpoints as d } from '@tt/protocol';
import { api } from '../../lib/api';

const STATE_KEY = 'tt-discord-state';

export type DiscordPurpose = 'login' | 'link';

interface PendingState {
  state: string;
  purpose: DiscordPurpose;
  next: string;
}

/** Our callback address for Discord's consent page (the website flow). */
export const callbackUrl = () => `${window.location.origin}/auth/discord/callback`;

/**
 * The website flow (DISCORD-AUTH-1): to Discord's consent page with a random `state` kept in
 * this tab, so the callback accepts only the answer to a request this tab made.
 */
export function discordAuthorizeUrl(
  config: { clientId: string; authorizeUrl: string; scope: string },
  purpose: DiscordPurpose,
  next: string,
): string {
  const state = crypto.randomUUID();
  const pending: PendingState = { state, purpose, next };
  sessionStorage.setItem(STATE_KEY, JSON.stringify(pending));
  const u = new URL(config.authorizeUrl);
  u.searchParams.set('client_id', config.clientId);
  u.searchParams.set('response_type', 'code');
  u.searchParams.set('redirect_uri', callbackUrl());
  u.searchParams.set('scope', config.scope);
  u.searchParams.set('state', state);
  u.searchParams.set('prompt', 'none');
  return u.toString();
}

/** The request this tab made, if `state` answers it (read once). */
export function takePending(state: string | null): PendingState | null {
  const raw = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  if (!raw || !state) return null;
  const pending = JSON.parse(raw) as PendingState;
  return pending.state === state ? pending : null;
}

/** A code for our token (sign-in) or a linked Discord account (link). */
export async function finishWithCode(
  code: string,
  purpose: DiscordPurpose,
  redirectUri?: string,
): Promise<{ accessToken: string } | { linked: true }> {
  const discord = await api.call(d.exchangeCode, { body: { code, redirectUri } });
  if (purpose === 'link') {
    await api.call(d.linkDiscord, { body: { accessToken: discord.accessToken } });
    return { linked: true };
  }
  const ours = await api.call(d.discordAuth, { body: { accessToken: discord.accessToken } });
  return { accessToken: ours.accessToken };
}
