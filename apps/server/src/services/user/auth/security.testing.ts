import { createApiClient, type ApiClient } from '@tt/api-client';
import { authEndpoints } from '@tt/protocol';
import { uniqueEmail, type TestServer } from '../../../../test/harness';

/** The CODE_ATTEMPTS_LOCKED text (the web translates it by this exact message). */
export const LOCKED = 'Too many incorrect codes, checking is paused; please try again later.';
export const WRONG_EMAIL_CODE = 'Email verification failed, incorrect code.';
export const THROTTLED = 'Too many login attempts, please wait a few minutes and try again';

/**
 * A client whose requests come from `ip` (X-Forwarded-For, believed by a server started with
 * TRUST_PROXY=loopback), carrying `token` when given.
 */
export function fromIp(s: TestServer, ip: string, token: string | null = null): ApiClient {
  return createApiClient({
    baseUrl: s.url,
    getToken: () => token,
    fetch: (url, init) =>
      fetch(url, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-for': ip },
      }),
  });
}

/** The code of the newest verification e-mail sent to `to`. */
export async function emailCodeFor(s: TestServer, to: string): Promise<string> {
  const mails = (await s.outbox()).filter((m) => m.to === to);
  const m = /verification code: (\d{6})/.exec(mails.at(-1)?.subject ?? '');
  if (!m) throw new Error(`no verification mail for ${to}`);
  return m[1];
}

/** A six-digit code other than `code`. */
export const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** Signs up through the API (e-mail left unverified): the sign-up token, address and code. */
export async function signUpUnverified(s: TestServer, client: ApiClient = s.client) {
  const email = uniqueEmail('unverified');
  const { accessToken } = await client.call(authEndpoints.signUp, {
    body: { email, password: 'long-enough-pw' },
  });
  return { email, token: accessToken, code: await emailCodeFor(s, email) };
}
