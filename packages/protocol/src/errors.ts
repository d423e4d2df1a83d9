import { z } from 'zod';
import { ACCOUNT_ERRORS } from './errors-accounts';
import { ROOM_ERRORS } from './errors-rooms';
import { SOCIAL_ERRORS } from './errors-social';

/** The body of every error response. */
export const ErrorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.union([z.string(), z.array(z.string())]),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Status text of the error field: the default text of each HTTP status. */
export function statusText(status: number): string {
  switch (status) {
    case 400:
      return 'Bad Request';
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'Not Found';
    case 409:
      return 'Conflict';
    case 413:
      return 'Payload Too Large';
    case 415:
      return 'Unsupported Media Type';
    case 422:
      return 'Unprocessable Entity';
    case 429:
      return 'Too Many Requests';
    case 500:
      return 'Internal Server Error';
    case 502:
      return 'Bad Gateway';
    case 503:
      return 'Service Unavailable';
    default:
      return 'Generic Error';
  }
}

/**
 * Every error the platform answers with: a stable code, its status and its message.
 * Messages are part of the contract and kept word for word: clients show them as they are.
 * Kept in three tables by area; no code is in two of them (errors.test.ts).
 */
export const ERRORS = { ...ACCOUNT_ERRORS, ...ROOM_ERRORS, ...SOCIAL_ERRORS } as const;

export type ErrorCode = keyof typeof ERRORS;

/**
 * The text a user sees for a failed call: the first message of the body with its first letter
 * capitalised, or a generic apology for a 5xx or a body without a message.
 */
export function displayErrorText(status: number, body: unknown): string {
  const fallback = 'Something went wrong, please try again';
  if (status >= 500 || !body || typeof body !== 'object') return fallback;
  const raw = (body as { message?: unknown }).message;
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (typeof first !== 'string' || first.length === 0) return fallback;
  return first.charAt(0).toUpperCase() + first.slice(1);
}
