import { ApiError } from '@tt/api-client';

/**
 * The text shown for a failed call: the server's `{message}` (the first of a list) below 500,
 * otherwise the generic "Something went wrong" in the user's language.
 */
export function errorText(err: unknown, generic: string): string {
  if (!(err instanceof ApiError) || err.status >= 500) return generic;
  return err.serverMessage ?? generic;
}

/** The stable `code` of a failed call's answer, when the server sent one. */
export function errorCodeOf(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const code = (err.body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}
