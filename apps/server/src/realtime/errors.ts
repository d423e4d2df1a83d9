import { ERRORS, type ErrorCode } from '@tt/protocol';
import { AppError } from '../platform/errors';

/**
 * The error texts of the room socket. An action that fails answers
 * `{ error: <text>, code?: <catalogue code>, context: 'response', messageId }`; the connection
 * stays open. `error` is what ttfm-socket clients read; `code` (when there is one) names the
 * refusal in the protocol's error catalogue, for clients that translate it.
 */
export const ROOM_ERRORS = {
  UNKNOWN_ACTION: (name: string) => `Unknown action: ${name}`,
  UNKNOWN_EVENT: (name: string) => `Unknown event: ${name}`,
  INVALID_PARAMS: (detail: string) => `Invalid params: ${detail}`,
  NOT_AUTHENTICATED: 'Invalid or expired token',
  NOT_JOINED: 'Join the room first',
  GUEST_LISTEN_ONLY: 'Guests can only listen, please log in',
  ROOM_SERVICE_DOWN: 'The room service is not available',
  ROOM_FULL: ERRORS.ROOM_FULL.message,
  BANNED: ERRORS.ROOM_BANNED.message,
  NO_SEAT: 'Every DJ seat is taken',
  ALREADY_DJ: 'You are already a DJ',
  CANNOT_DJ: 'You are not allowed to DJ in this room',
  NOT_A_DJ: 'You are not a DJ',
  TARGET_NOT_A_DJ: 'This user is not a DJ',
  REMOVE_DJ_FORBIDDEN: 'Only moderators can remove another DJ',
  NOTHING_PLAYING: 'No song is playing',
  SKIP_FORBIDDEN: 'Only the DJ or a moderator can skip this song',
  OWN_SONG_VOTE: 'You cannot vote on your own song',
  EMOJI_REQUIRED: 'An emoji animation needs exactly one emoji',
  CHAT_DISABLED: 'You cannot send emoji in this room right now',
  SERVER_ERROR: 'Something went wrong, please try again',
} as const;

/** A refused action: its text goes back to the client as `error` (and its code as `code`). */
export class RoomActionError extends Error {
  constructor(
    message: string,
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'RoomActionError';
  }
}

export const refuse = (message: string) => new RoomActionError(message);

/** A refusal of the error catalogue: its standard text and its code. */
export const refuseCode = (code: ErrorCode) => new RoomActionError(ERRORS[code].message, code);

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
    return { text: ROOM_ERRORS.SERVER_ERROR, code: err.code, unexpected: false };
  }
  return { text: ROOM_ERRORS.SERVER_ERROR, unexpected: true };
}
