import { ApiError } from '@tt/api-client';
import type { Endpoint, EndpointInput, EndpointResponse } from '@tt/protocol';
import { api } from '../../lib/api';

/**
 * Calls a chat route. The CometChat-shaped routes refuse with `{ error: { code, message, details:
 * { code, statusCode } } }` (CHAT-API-2); the refusal is turned into the platform's shape
 * (`{ statusCode, code, message }`) so the app's error texts and translations apply.
 */
export async function chatCall<E extends Endpoint>(
  def: E,
  input: EndpointInput<E>,
): Promise<EndpointResponse<E>> {
  try {
    return await api.call(def, input);
  } catch (err) {
    throw platformError(err);
  }
}

export function platformError(err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  const e = (err.body as { error?: { message?: unknown; details?: { code?: unknown } } } | null)
    ?.error;
  if (!e || typeof e !== 'object') return err;
  return new ApiError(err.url, err.status, err.statusText, {
    statusCode: err.status,
    code: typeof e.details?.code === 'string' ? e.details.code : undefined,
    message: typeof e.message === 'string' ? e.message : err.statusText,
  });
}

/** The code of a refusal, if it has one (for choices such as "sign in to chat"). */
export function errorCode(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const code = (err.body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
