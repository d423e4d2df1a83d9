import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';

/** Test helpers of the DJ, seat, password and moderation tests (not part of the app). */

export interface Seen {
  url: string;
  method: string;
  body: unknown;
}

/** A fetch stand-in: `reply(url, method, body)` answers [status, json]; every request is kept. */
export function fakeFetch(
  reply: (url: string, method: string, body: unknown) => [number, unknown],
): { seen: Seen[]; fetch: typeof fetch } {
  const seen: Seen[] = [];
  const fn = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    seen.push({ url, method, body });
    const [status, json] = reply(url, method, body);
    return {
      ok: status < 400,
      status,
      statusText: status < 400 ? 'OK' : 'Error',
      headers: { get: () => 'application/json' },
      text: async () => JSON.stringify(json),
    };
  });
  return { seen, fetch: fn as unknown as typeof fetch };
}

/** The providers a screen renders in outside the router (server state, translations). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}

/**
 * The session module of a signed-in user "me", for
 * `jest.mock('../../lib/session', () => jest.requireActual('./testing').signedInSession())`.
 */
export function signedInSession() {
  return {
    useSession: () => ({ kind: 'user', token: 'user-token', uuid: 'me', roles: ['user'] }),
    bootstrapSession: async () => undefined,
    onBeforeSignOut: () => () => undefined,
    sessionEndedBy: () => null,
  };
}

/** A crate of "me" as the server answers it, holding `count` songs. */
export function crateOf(crateUuid: string, crateName: string, count: number) {
  return {
    crateUuid,
    crateShortId: 'x',
    crateName,
    description: null,
    userUuid: 'me',
    thumbnails: [],
    crateSongsNumber: count,
    currentPosition: 0,
    importStatus: null,
    importProgress: null,
    special: null,
    createdAt: '',
    updatedAt: '',
  };
}
