import { ApiError } from '@tt/api-client';
import { parseValidationMessage } from '@tt/protocol';
import { i18n } from '../../i18n';
import './i18n';

/**
 * The text shown for a failed call: the server's `{message}` (the first of a list) below 500,
 * otherwise the generic "Something went wrong" in the user's language.
 */
export function errorText(err: unknown, generic: string): string {
  if (!(err instanceof ApiError) || err.status >= 500) return generic;
  const ban = bannedUntil(err);
  if (ban !== undefined) return banText(ban);
  const message = err.serverMessage;
  if (message && errorCodeOf(err) === 'VALIDATION' && i18n.language !== 'en') {
    return validationText(message);
  }
  return message ?? generic;
}

/**
 * PROTO-ERR-2: a field the API refused in the app's language ("Contraseña: debe tener al menos
 * 8 caracteres"); English keeps the server's words.
 */
function validationText(message: string): string {
  const issue = parseValidationMessage(message);
  const name = issue.field?.split('.').pop() ?? null;
  const rule = i18n.t(`validation.${issue.rule}`, { count: issue.count });
  if (!name) return rule;
  const key = `validation.fields.${name}`;
  return `${i18n.exists(key) ? i18n.t(key) : name}: ${rule}`;
}

/**
 * SEC-SESSION-3: a ban (code ACCOUNT_BANNED, on a refused sign-in or an ended session) as the ISO
 * instant it ends, null for a ban without end, undefined when the refusal is no ban.
 */
export function bannedUntil(err: unknown): string | null | undefined {
  if (errorCodeOf(err) !== 'ACCOUNT_BANNED') return undefined;
  const message = (err as ApiError).serverMessage ?? '';
  const at = Date.parse(/until (\S+)$/.exec(message)?.[1] ?? '');
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/** "Your account is banned until 27 November 2026, 00:03" in the app's language and the phone's zone. */
export function banText(until: string | null, timeZone?: string): string {
  if (!until) return i18n.t('auth.bannedForGood');
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(until));
  return i18n.t('auth.bannedUntil', { until: when });
}

/** The stable `code` of a failed call's answer, when the server sent one. */
export function errorCodeOf(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const code = (err.body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}
