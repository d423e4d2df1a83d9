import type { CustomServerMessage } from '@tt/protocol';
import type { PrimusConnection } from './primus';

/** An action the server answered with `{ error }`, or that could not be delivered. */
export class ActionError extends Error {
  constructor(
    message: string,
    /** True when the socket was lost before the answer came (a rejoin follows). */
    readonly disconnected = false,
    /** The error catalogue's code, when the server named the refusal (`{ error, code }`). */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ActionError';
  }
}

export const NOT_CONNECTED = 'Not connected to the room';

/** An error frame outside an answer: `{ error, code, context: 'api' }`. */
export interface SocketNotice {
  error: string;
  code: string | null;
}

interface Pending {
  resolve: (value: Record<string, unknown>) => void;
  reject: (err: ActionError) => void;
}

/**
 * The Actionhero envelope over a Primus connection: `{ event: 'action', params, messageId }` is
 * answered by `{ context: 'response', messageId, ... }` (or with `error`); room broadcasts arrive
 * as `{ context: 'user', message: { name, statePatch | params } }`.
 */
export class SocketActions {
  private messageId = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly handlers = new Set<(m: CustomServerMessage, room: string | null) => void>();
  private readonly notices = new Set<(n: SocketNotice) => void>();

  constructor(private readonly conn: PrimusConnection) {
    conn.on('data', (data) => this.receive(data));
    conn.on('reconnecting', () => this.failAll());
    conn.on('end', () => this.failAll());
  }

  /**
   * Sends one action; resolves with the response envelope, rejects with an ActionError.
   * `onAnswer` runs synchronously when the answer frame is read, before any later frame.
   */
  send<T = Record<string, unknown>>(
    params: { action: string } & Record<string, unknown>,
    onAnswer?: (frame: Record<string, unknown>) => void,
  ) {
    const messageId = ++this.messageId;
    return new Promise<T>((resolve, reject) => {
      if (!this.conn.write({ event: 'action', params, messageId })) {
        reject(new ActionError(NOT_CONNECTED, true));
        return;
      }
      this.pending.set(messageId, {
        resolve: (frame) => {
          onAnswer?.(frame);
          (resolve as (value: Record<string, unknown>) => void)(frame);
        },
        reject,
      });
    });
  }

  /** Room broadcasts, with the room they came from (`room` of the envelope; null when absent). */
  onMessage(fn: (m: CustomServerMessage, room: string | null) => void): () => void {
    this.handlers.add(fn);
    return () => void this.handlers.delete(fn);
  }

  /** Errors the server tells outside an answer (a socket limit, flooding), before it closes. */
  onNotice(fn: (n: SocketNotice) => void): () => void {
    this.notices.add(fn);
    return () => void this.notices.delete(fn);
  }

  private receive(data: unknown) {
    if (!data || typeof data !== 'object') return;
    const frame = data as {
      context?: string;
      messageId?: number;
      error?: unknown;
      code?: unknown;
      message?: unknown;
      room?: unknown;
    };
    const code = typeof frame.code === 'string' ? frame.code : null;
    if (frame.context === 'response' && typeof frame.messageId === 'number') {
      const p = this.pending.get(frame.messageId);
      if (!p) return;
      this.pending.delete(frame.messageId);
      if (frame.error !== undefined && frame.error !== null) {
        p.reject(new ActionError(errorMessage(frame.error), false, code));
      } else {
        p.resolve(frame as Record<string, unknown>);
      }
      return;
    }
    if (frame.context === 'api' && frame.error !== undefined && frame.error !== null) {
      const notice = { error: errorMessage(frame.error), code };
      for (const fn of [...this.notices]) fn(notice);
      return;
    }
    if (frame.context === 'user' && frame.message && typeof frame.message === 'object') {
      const message = frame.message as CustomServerMessage;
      if (typeof message.name !== 'string') return;
      const room = typeof frame.room === 'string' ? frame.room : null;
      for (const fn of [...this.handlers]) fn(message, room);
    }
  }

  private failAll() {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.reject(new ActionError(NOT_CONNECTED, true));
  }
}

function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error) {
    return String((error as { message: unknown }).message);
  }
  return String(error);
}
