import { ApiError } from '@tt/api-client';

/** A platform ban as an API refusal reports it (SEC-SESSION-3): until when, or for good. */
export interface Ban {
  /** ISO instant the ban ends, or null for a ban without end. */
  until: string | null;
}

/**
 * The ban behind a failed call: code ACCOUNT_BANNED (a refused sign-in, 403, or an ended
 * session, 401), its end read from the words "banned until <ISO instant>".
 */
export function banOf(err: unknown): Ban | null {
  if (!(err instanceof ApiError)) return null;
  const body = err.body as { code?: unknown; message?: unknown } | null;
  if (body?.code !== 'ACCOUNT_BANNED') return null;
  const m = typeof body.message === 'string' ? /until (\S+)$/.exec(body.message) : null;
  const at = m ? Date.parse(m[1]) : NaN;
  return { until: Number.isNaN(at) ? null : new Date(at).toISOString() };
}

/**
 * "Your account is banned until 27 November 2026, 00:03" in the UI language and the device's
 * time zone (`timeZone` only for tests), or that the ban has no end.
 */
export function banText(
  ban: Ban,
  t: (key: string, opts?: Record<string, unknown>) => string,
  language: string,
  timeZone?: string,
): string {
  if (!ban.until) return t('ban.forGood');
  const until = new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(ban.until));
  return t('ban.until', { until });
}
