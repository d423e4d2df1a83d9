/**
 * The chat's flood control (docs/CHAT-RULES.md). CHAT-FLOOD-1: chat writes per user. CHAT-FLOOD-2:
 * chat frames on the one socket (GATEWAY-4) draw from the `chat` entry of the socket's one table,
 * SOCKET_RATE_LIMITS; refusals close a connection by the socket's own rule (SEC-FLOOD-2).
 */
import { CHAT_RATE_LIMIT } from './chat';
import { SOCKET_RATE_LIMITS } from './socket-limits';

export const FLOOD_LIMITS = {
  /** CHAT-FLOOD-1: chat writes per user (send, edit, delete, reactions, image uploads). */
  chatWrites: CHAT_RATE_LIMIT,
  /** CHAT-FLOOD-2: chat frames per connection: the same entry as SOCKET_RATE_LIMITS.chat. */
  chatFrames: SOCKET_RATE_LIMITS.chat,
} as const;
