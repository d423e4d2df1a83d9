import {
  ERRORS,
  GATEWAY_CHAT_CONTEXT,
  GatewayChatClientFrame,
  type ChatServerFrame,
  type ErrorCode,
} from '@tt/protocol';
import { AppError } from '../platform/errors';
import type { Platform } from '../platform/service';
import type { ChatGatewayPort } from '../platform/ports';
import type { Connection } from './connection';
import { ROOM_ERRORS } from './errors';
import type { SocketGuard } from './guard';

/** GATEWAY-1: a chat frame as it travels on the gateway. */
export const gatewayFrame = (frame: ChatServerFrame): string =>
  JSON.stringify({ context: GATEWAY_CHAT_CONTEXT, frame });

/** GATEWAY-3: chat tokens open a chat-only connection; anything else is a session token. */
export const isChatToken = (token: string): boolean => /^tt[cg]_/.test(token);

/** A chat `error` frame: an AppError's code (VALIDATION…) or the catalogue's. */
const errorOf = (code: string, message?: string, requestId?: string) =>
  gatewayFrame({
    type: 'error',
    code,
    message: message ?? ERRORS[code as ErrorCode]?.message ?? code,
    ...(requestId ? { requestId } : {}),
  });

/** GATEWAY-3: what a chat-only connection gets for a room frame (it stays open). */
export const CHAT_ONLY_REFUSAL = {
  error:
    'This connection holds a chat token: it carries the chat only. Join rooms with a session token.',
  code: 'TOKEN_INVALID',
} as const satisfies { error: string; code: ErrorCode };

/**
 * The transport's chat half (GATEWAY-2..5): authenticates chat tokens, opens the chat for a
 * connection, draws every chat frame from the socket's one flood table and hands the frames to
 * the chat through its port.
 */
export class GatewayChat {
  /** The connections that opened the chat, each with its opening (frames wait for it). */
  private readonly opened = new WeakMap<Connection, Promise<boolean>>();

  constructor(
    private readonly platform: Platform,
    private readonly guard: SocketGuard,
    /** SEC-FLOOD-2: a refused frame counts toward closing the connection for flooding. */
    private readonly refusedFrame: (conn: Connection) => void,
  ) {}

  private get port(): ChatGatewayPort | undefined {
    return this.platform.ports.chatGateway;
  }

  /**
   * GATEWAY-3: the socket's token, verified once: a chat token through the chat (the chat only),
   * else a session token (rooms and chat). False when it is not valid (`authError` says why).
   */
  async authenticate(conn: Connection, token: string): Promise<boolean> {
    try {
      await this.identify(conn, token);
      return true;
    } catch (err) {
      conn.authError = {
        error: (err as Error)?.message || ERRORS.TOKEN_INVALID.message,
        code:
          err instanceof AppError && err.code in ERRORS
            ? (err.code as ErrorCode)
            : ROOM_ERRORS.NOT_AUTHENTICATED,
      };
      return false;
    }
  }

  private async identify(conn: Connection, token: string): Promise<void> {
    if (!isChatToken(token)) {
      conn.auth = await this.platform.tokens.verify(token);
      return;
    }
    const port = this.port;
    if (!port) throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Chat tokens need the chat service.');
    const holder = await port.holderOfChatToken(token);
    if (!holder) throw new AppError(401, 'CHAT_TOKEN_INVALID', ERRORS.CHAT_TOKEN_INVALID.message);
    conn.chatHolder = holder;
  }

  /** GATEWAY-5: has this connection opened the chat? (a kick from a room then keeps it open) */
  isOpen(conn: Connection): boolean {
    return this.opened.has(conn);
  }

  /** `{event:'chat', params}`: called once the token was checked. */
  async onFrame(conn: Connection, params: unknown): Promise<void> {
    if (conn.closed) return;
    if (conn.refusal || !conn.userUuid) {
      const why = conn.refusal ?? conn.authError;
      conn.send(errorOf(why?.code ?? 'TOKEN_INVALID', why?.error));
      conn.close(true);
      return;
    }
    const parsed = GatewayChatClientFrame.safeParse(params);
    const requestId =
      parsed.success && parsed.data.type === 'send' ? parsed.data.requestId : undefined;
    // GATEWAY-4, CHAT-FLOOD-2: the `chat` entry of the socket's one table, per connection and user.
    if (!this.guard.allow(conn, 'chat')) {
      conn.send(errorOf('CHAT_RATE_LIMITED', undefined, requestId));
      this.refusedFrame(conn);
      return;
    }
    if (!parsed.success) {
      conn.send(errorOf('BAD_REQUEST', 'Frames are JSON objects with a known type.'));
      return;
    }
    const port = this.port;
    if (!port) {
      conn.send(errorOf('SERVICE_UNAVAILABLE', 'The chat is not available on this server.'));
      return;
    }
    const frame = parsed.data;
    try {
      if (frame.type === 'open') {
        await this.open(conn, port);
        return;
      }
      if (!(await this.opened.get(conn))) {
        conn.send(errorOf('BAD_REQUEST', "Open the chat first: send { type: 'open' }.", requestId));
        return;
      }
      await port.frame(conn, frame);
    } catch (err) {
      if (!(err instanceof AppError)) this.platform.log.error({ err }, 'gateway chat frame failed');
      conn.send(
        err instanceof AppError
          ? errorOf(err.code, err.message, requestId)
          : errorOf('INTERNAL', undefined, requestId),
      );
    }
  }

  /** GATEWAY-2: opens the chat once; a second `open` is answered `ready` again. */
  private async open(conn: Connection, port: ChatGatewayPort): Promise<void> {
    const holder = conn.chatHolder ?? port.holderOfSession(conn.auth!);
    const before = this.opened.get(conn);
    if (before && (await before)) return port.open(conn, holder);
    const opening = port.open(conn, holder).then(
      () => true,
      (err: unknown) => {
        this.opened.delete(conn);
        port.closed(conn);
        throw err;
      },
    );
    this.opened.set(
      conn,
      opening.catch(() => false),
    );
    await opening;
  }

  /** The connection closed: the chat forgets it. */
  closed(conn: Connection): void {
    if (!this.opened.has(conn)) return;
    this.opened.delete(conn);
    this.port?.closed(conn);
  }
}
