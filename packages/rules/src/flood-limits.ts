/**
 * The flood-control table of the chat socket (CHAT-FLOOD-2 in docs/CHAT-RULES.md): how many frames
 * one connection may send, and how many refusals close it. The server reads these numbers from
 * here only; the per-user write limit of the chat (CHAT-FLOOD-1) is CHAT_RATE_LIMIT beside it.
 */
import { CHAT_RATE_LIMIT, CHAT_SOCKET_FRAME_LIMIT } from './chat';
import type { RateRule } from './socket-limits';

export interface SocketFloodLimits {
  /** Frames per connection (any kind): a bucket of `burst`, refilled at `perSecond`. */
  frames: RateRule;
  /** This many refused frames within `refusalWindowMs` close the connection… */
  maxRefusals: number;
  refusalWindowMs: number;
  /** …with this close code. */
  closeCode: number;
}

export const FLOOD_LIMITS = {
  /** CHAT-FLOOD-1: chat writes per user (send, edit, delete, reactions, image uploads). */
  chatWrites: CHAT_RATE_LIMIT,
  /** CHAT-FLOOD-2: each chat socket connection: 20 frames at once, then 5 per second. */
  chatSocket: {
    frames: CHAT_SOCKET_FRAME_LIMIT,
    maxRefusals: 50,
    refusalWindowMs: 10_000,
    closeCode: 4008,
  } satisfies SocketFloodLimits,
} as const;
