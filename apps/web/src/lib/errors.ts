import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@tt/api-client';
import { ERRORS, parseValidationMessage } from '@tt/protocol';
import { isTrustRefusal, trustProgressIn } from '@tt/rules';
import { banOf, banText } from './ban';
import { GENERIC_ERROR } from './api';

/**
 * The text shown for a failed call: the server's message (the first of a
 * list) below 500, otherwise "Something went wrong, please try again". In languages other than
 * English, a catalogue error (known code, its standard message) is shown in the user's language.
 */
export function errorText(
  err: unknown,
  t: (key: string, opts?: Record<string, unknown>) => string,
  exists: (key: string) => boolean,
  language: string,
): string {
  if (!(err instanceof ApiError)) return t('errors.generic');
  // SEC-SESSION-3: a ban is told with its end in the person's language and time zone.
  const ban = banOf(err);
  if (ban) return banText(ban, t, language);
  const text = err.displayText;
  if (text === GENERIC_ERROR) return t('errors.generic');
  if (language !== 'en' && errorCodeOf(err) === 'VALIDATION' && err.serverMessage) {
    return validationText(err.serverMessage, t, exists);
  }
  return translated(text, err.serverMessage, errorCodeOf(err), t, exists, language);
}

/**
 * PROTO-ERR-2: a field the API refused, in the user's language: the field's label (`fields.*`)
 * and the rule's words (`validation.*`), e.g. "Contraseña: debe tener al menos 8 caracteres".
 */
export function validationText(
  message: string,
  t: (key: string, opts?: Record<string, unknown>) => string,
  exists: (key: string) => boolean,
): string {
  const issue = parseValidationMessage(message);
  const name = issue.field?.split('.').pop() ?? null;
  const rule = t(`validation.${issue.rule}`, { count: issue.count });
  if (!name) return rule;
  const label = exists(`fields.${name}`) ? t(`fields.${name}`) : name;
  return `${label}: ${rule}`;
}

/** The stable `code` of a failed call's answer, when the server sent one. */
export function errorCodeOf(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const code = (err.body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** The catalogue error in the user's language, when `message` is its standard text. */
function translated(
  text: string,
  message: unknown,
  code: unknown,
  t: (key: string, opts?: Record<string, unknown>) => string,
  exists: (key: string) => boolean,
  language: string,
): string {
  // TRUST-7: a refusal of a new account says how far they are, in their language too.
  if (language !== 'en' && typeof code === 'string' && isTrustRefusal(code)) {
    const progress = typeof message === 'string' ? trustProgressIn(message) : null;
    if (progress && exists(`serverErrors.${code}`)) {
      return `${t(`serverErrors.${code}`)} ${t('trust.progress', progress)}`;
    }
  }
  const standard =
    typeof code === 'string' &&
    (ERRORS as Record<string, { message: string }>)[code]?.message === message;
  if (language !== 'en' && standard && exists(`serverErrors.${code}`)) {
    return t(`serverErrors.${code}`);
  }
  return text;
}

/**
 * The text shown for a room-socket refusal (`{ error, code }`): the server's words, or — for a
 * catalogue error (socket limits, flood control, room full, passwords) in another language — its
 * translation.
 */
export function socketErrorText(
  message: string,
  code: string | null,
  t: (key: string, opts?: Record<string, unknown>) => string,
  exists: (key: string) => boolean,
  language: string,
): string {
  return translated(message, message, code, t, exists, language);
}

export function useSocketErrorText(): (message: string, code: string | null) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (message: string, code: string | null) =>
      socketErrorText(message, code, t, (k) => i18n.exists(k), i18n.language),
    [t, i18n],
  );
}

export function useErrorText(): (err: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (err: unknown) => errorText(err, t, (k) => i18n.exists(k), i18n.language),
    [t, i18n],
  );
}
