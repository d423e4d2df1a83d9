import { z } from 'zod';
import { ChatClientFrame, type ChatServerFrame } from '../chat/message';

/**
 * GATEWAY-1..5 (docs/PROTOCOL.md): the one socket of an app. The room socket at `/primus` also
 * carries the chat and the notification centre for a connection that asks for them; an unmodified
 * `ttfm-socket` client never asks, so it never sees a chat frame and its wire is unchanged.
 *
 * Client → server: `{ "event": "chat", "params": <GatewayChatClientFrame> }`. The first frame a
 * connection sends is `{ type: "open" }`: it joins the user's direct messages and notifications
 * and is answered with `ready`. Then `subscribe` / `unsubscribe` a room's chat group, `send` (the
 * body of POST /v3.0/messages) and `ping`, exactly as the chat frames below describe.
 *
 * Server → client: `{ "context": "chat", "frame": <ChatServerFrame> }`.
 */
export const GATEWAY_CHAT_EVENT = 'chat';
export const GATEWAY_CHAT_CONTEXT = 'chat';

export const GatewayChatClientFrame = z.union([
  z.object({ type: z.literal('open') }),
  ChatClientFrame,
]);
export type GatewayChatClientFrame = z.infer<typeof GatewayChatClientFrame>;

/** What the client writes on `/primus` to carry a chat frame. */
export interface GatewayChatClientEnvelope {
  event: typeof GATEWAY_CHAT_EVENT;
  params: GatewayChatClientFrame;
}

/** What the server writes on `/primus` to carry a chat frame. */
export interface GatewayChatServerEnvelope {
  context: typeof GATEWAY_CHAT_CONTEXT;
  frame: ChatServerFrame;
}

export function isGatewayChatEnvelope(data: unknown): data is GatewayChatServerEnvelope {
  return (
    !!data &&
    typeof data === 'object' &&
    (data as { context?: unknown }).context === GATEWAY_CHAT_CONTEXT &&
    typeof (data as { frame?: unknown }).frame === 'object'
  );
}
