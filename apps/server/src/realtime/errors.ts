import { ERRORS } from '@tt/protocol';
import { AppError } from '../platform/errors';

/**
 * The error texts of the room socket. An action that fails answers
 * `{ error: <text>, context: 'response', messageId }`; the connection stays open.
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

/** A refused action: its text goes back to the client as `error`. */
export class RoomActionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RoomActionError';
  }
}

export const refuse = (message: string) => new RoomActionError(message);

/** The text a client sees for any error thrown while running an action. */
export function errorText(err: unknown): { text: string; unexpected: boolean } {
  if (err instanceof RoomActionError) return { text: err.message, unexpected: false };
  if (err instanceof AppError && err.status < 500) return { text: err.message, unexpected: false };
  return { text: ROOM_ERRORS.SERVER_ERROR, unexpected: true };
}
