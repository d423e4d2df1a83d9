import type {
  CustomServerMessage,
  Operation,
  ServerMessageEnvelope,
  StatefulServerMessageName,
} from '@tt/protocol';

/** The bus topic of one room's broadcasts: the engine publishes, every transport delivers. */
export const roomTopic = (roomUuid: string) => `realtime.room.${roomUuid}` as const;

/**
 * What travels on a room topic. `seq` orders a room's messages (a connection that joined at `seq` S
 * ignores what it already got in its joinRoom state); `frame` is the serialized envelope, built once.
 */
export interface RoomBusMessage {
  seq: number;
  /** Only this user's connections receive it (their own votes). */
  toUser?: string;
  frame: string;
  /** After the frame: close this user's connections in the room (kick) … */
  kick?: { userUuid: string };
  /** … or drop every connection's membership of the room (roomReset: clients rejoin). */
  reset?: boolean;
}

declare module '../platform/bus' {
  interface BusTopics {
    [topic: `realtime.room.${string}`]: RoomBusMessage;
  }
}

/** Monotonic across the process and (by starting from the clock) across restarts. */
let lastSeq = Date.now() * 1000;
export const nextSeq = () => ++lastSeq;
export const currentSeq = () => lastSeq;

export const PING_PREFIX = 'primus::ping::';
export const PONG_PREFIX = 'primus::pong::';
export const SERVER_CLOSE = 'primus::server::close';

/** A broadcast envelope, serialized. */
export function envelopeFrame(roomUuid: string, message: CustomServerMessage): string {
  const envelope: ServerMessageEnvelope = {
    message,
    room: roomUuid,
    from: 'server',
    context: 'user',
    sentAt: Date.now(),
  };
  return JSON.stringify(envelope);
}

export function statefulFrame(
  roomUuid: string,
  name: StatefulServerMessageName,
  statePatch: Operation[],
): string {
  return envelopeFrame(roomUuid, { name, statePatch });
}

/** The answer to an action: the result's fields, or `error` (and its catalogue `code`). */
export function responseFrame(
  messageId: unknown,
  result: Record<string, unknown> | { error: string; code?: string },
): string {
  if ('error' in result) {
    const code = typeof result.code === 'string' ? { code: result.code } : {};
    return JSON.stringify({ error: result.error, ...code, context: 'response', messageId });
  }
  return JSON.stringify({ ...result, status: 'OK', context: 'response', messageId });
}
