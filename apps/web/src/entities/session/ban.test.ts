import { describe, expect, it } from 'vitest';
import { ApiError } from '@tt/api-client';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import { banOf, banText } from './ban';

const refusal = (status: number, message: string, code = 'ACCOUNT_BANNED') =>
  new ApiError('/x', status, 'Forbidden', {
    statusCode: status,
    error: 'Forbidden',
    message,
    code,
  });

/** A tiny t over one locale's `ban` block. */
const tOf =
  (dict: { ban: Record<string, string> }) => (key: string, opts?: Record<string, unknown>) =>
    dict.ban[key.replace('ban.', '')].replace('{{until}}', String(opts?.until ?? ''));

describe('a ban told in the person’s language and time zone', () => {
  it('SEC-SESSION-3: a refused sign-in or an ended session with ACCOUNT_BANNED is a ban, until when it says', () => {
    expect(banOf(refusal(403, 'This account is banned until 2026-11-26T23:03:47.810Z'))).toEqual({
      until: '2026-11-26T23:03:47.810Z',
    });
    expect(banOf(refusal(401, 'This account is banned'))).toEqual({ until: null });
    expect(banOf(refusal(401, 'Your session has ended', 'SESSION_REVOKED'))).toBeNull();
    expect(banOf(new Error('x'))).toBeNull();
  });

  it('SEC-SESSION-3: the end is a date and time of the UI language in the device’s time zone, never the raw instant', () => {
    const ban = { until: '2026-11-26T23:03:47.810Z' };
    expect(banText(ban, tOf(en), 'en', 'Europe/Madrid')).toBe(
      'Your account is banned until November 27, 2026 at 12:03 AM.',
    );
    expect(banText(ban, tOf(es), 'es', 'Europe/Madrid')).toBe(
      'Tu cuenta está suspendida hasta el 27 de noviembre de 2026 a las 0:03.',
    );
    expect(banText(ban, tOf(en), 'en', 'America/New_York')).toContain(
      'November 26, 2026 at 6:03 PM',
    );
    expect(banText({ until: null }, tOf(es), 'es')).toBe(
      'Tu cuenta está suspendida de forma permanente.',
    );
  });
});
