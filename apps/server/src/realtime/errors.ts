import { ERRORS, type ErrorCode } from '@tt/protocol';
import { AppError } from '../platform/errors';

/**
 * The refusals of the room socket, by the code they carry. An action that fails answers
 * `{ error: <text>, code: <catalogue code>, context: 'response', messageId }`; the connection
 * stays open. `error` is what ttfm-socket clients read; `code` names the refusal in the protocol's
 * error catalogue (packages/protocol/src/errors.ts) for clients that translate it (PROTO-ERR-1).
 */
export const ROOM_ERRORS = {
  UNKNOWN_ACTION: 'SOCKET_UNKNOWN_ACTION',
  UNKNOWN_EVENT: 'SOCKET_UNKNOWN_EVENT',
  INVALID_PARAMS: 'SOCKET_INVALID_PARAMS',
  NOT_AUTHENTICATED: 'TOKEN_INVALID',
  NOT_JOINED: 'ROOM_NOT_JOINED',
  GUEST_LISTEN_ONLY: 'ROOM_GUEST_LISTEN_ONLY',
  ROOM_SERVICE_DOWN: 'ROOM_SERVICE_DOWN',
  ROOM_FULL: 'ROOM_FULL',
  BANNED: 'ROOM_BANNED',
  NO_SEAT: 'ROOM_NO_SEAT',
  ALREADY_DJ: 'ROOM_ALREADY_DJ',
  CANNOT_DJ: 'ROOM_CANNOT_DJ',
  NOT_A_DJ: 'ROOM_NOT_A_DJ',
  TARGET_NOT_A_DJ: 'ROOM_TARGET_NOT_A_DJ',
  REMOVE_DJ_FORBIDDEN: 'ROOM_REMOVE_DJ_FORBIDDEN',
  NOTHING_PLAYING: 'ROOM_NOTHING_PLAYING',
  SKIP_FORBIDDEN: 'ROOM_SKIP_FORBIDDEN',
  OWN_SONG_VOTE: 'ROOM_OWN_SONG_VOTE',
  PLAY_CHANGED: 'ROOM_PLAY_CHANGED',
  DISLIKES_OFF: 'ROOM_DISLIKES_OFF',
  EMOJI_REQUIRED: 'ROOM_EMOJI_REQUIRED',
  CHAT_DISABLED: 'ROOM_EMOJI_DISABLED',
  SERVER_ERROR: 'INTERNAL',
} as const satisfies Record<string, ErrorCode>;

/** A refused action: its text goes back to the client as `error` and its code as `code`. */
export class RoomActionError extends Error {
  constructor(
    message: string,
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'RoomActionError';
  }
}

/**
 * A refusal of the catalogue: its standard text, or — for the refusals that name what was wrong
 * (unknown action or event, invalid params) — the standard text followed by `: <detail>`.
 */
export function refuse(code: ErrorCode, detail?: string): RoomActionError {
  const text = ERRORS[code].message;
  return new RoomActionError(detail === undefined ? text : `${text}: ${detail}`, code);
}

/** The text of a refusal code, as a client reads it in `error`. */
export const refusalText = (code: ErrorCode, detail?: string): string =>
  refuse(code, detail).message;

/** What a client sees for any error thrown while running an action. */
export function errorText(err: unknown): { text: string; code?: string; unexpected: boolean } {
  if (err instanceof RoomActionError) {
    return { text: err.message, ...(err.code ? { code: err.code } : {}), unexpected: false };
  }
  if (err instanceof AppError && err.status < 500) {
    return { text: err.message, ...(err.code ? { code: err.code } : {}), unexpected: false };
  }
  if (err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE') {
    // Password hashing is saturated (SEC-ROOMPW-3): a refusal, not a fault.
    return { text: ERRORS.INTERNAL.message, code: err.code, unexpected: false };
  }
  return { text: ERRORS.INTERNAL.message, code: 'INTERNAL', unexpected: true };
}
