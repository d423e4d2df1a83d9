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
