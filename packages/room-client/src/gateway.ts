/**
 * The one socket of an app (GATEWAY-CLIENT-1..5, docs/PROTOCOL.md): a single Primus connection to
 * `/primus` that carries the live room (RoomConnection) and the chat, direct messages and
 * notifications (createChatSocket). It follows the session's token: connects with it, reconnects
 * at once when it changes, closes without one. One heartbeat (primus::ping), one reconnect with a
 * growing pause; after every (re)open it opts into the chat (`{ type: 'open' }`) and its
 * listeners redo their part (the room rejoins, the chat resubscribes its groups and catches up).
 * A close for good from the server (the session was revoked) ends it until the token changes.
 */
import {
  GATEWAY_CHAT_EVENT,
  isGatewayChatEnvelope,
  type ChatServerFrame,
  type GatewayChatClientEnvelope,
  type GatewayChatClientFrame,
} from '@tt/protocol';
import { SocketActions } from './actions';
import {
  PrimusConnection,
  primusUrl,
  type PrimusEvents,
  type SocketFactory,
  type Timers,
} from './primus';

export interface GatewayOptions {
  /** http(s) origin of the platform (read at every attempt); the socket is `${ws origin}/primus`. */
  origin: string | (() => string);
  /** Opens the socket (default: the platform's global WebSocket). */
  factory?: SocketFactory;
  timers?: Timers;
  random?: () => number;
  /** Reconnect pauses and the heartbeat's limit, as PrimusConnection takes them. */
  minDelay?: number;
  maxDelay?: number;
  pingTimeout?: number;
}

export interface GatewayEvents extends PrimusEvents {
  /** A chat frame (`{ context: 'chat', frame }`), `ready` included. */
  chat: (frame: ChatServerFrame) => void;
}

export class Gateway {
  /** The one Primus connection (room frames: `actions`; chat frames: the `chat` event). */
  readonly conn: PrimusConnection;
  /** The room actions over this socket; one message id counter for every room entered. */
  readonly actions: SocketActions;
  private token: string | null = null;
  private serverEnded = false;
  private ready: { uid: string; readOnly: boolean } | null = null;
  private readonly chatListeners = new Set<GatewayEvents['chat']>();

  constructor(options: GatewayOptions) {
    const origin = options.origin;
    const random = options.random ?? Math.random;
    this.conn = new PrimusConnection({
      url: () =>
        primusUrl(typeof origin === 'function' ? origin() : origin, this.token ?? '', random),
      factory: options.factory,
      timers: options.timers,
      random,
      minDelay: options.minDelay,
      maxDelay: options.maxDelay,
      pingTimeout: options.pingTimeout,
    });
    // Registered first: on every (re)open the chat is asked for before anything else is sent.
    this.conn.on('open', () => {
      this.ready = null;
      this.writeChat({ type: 'open' });
    });
    this.conn.on('reconnecting', () => {
      this.ready = null;
    });
    this.conn.on('end', ({ byServer }) => {
      this.ready = null;
      if (byServer) this.serverEnded = true;
    });
    this.conn.on('data', (data) => {
      if (!isGatewayChatEnvelope(data)) return;
      const frame = data.frame;
      if (frame.type === 'ready') this.ready = { uid: frame.uid, readOnly: frame.readOnly };
      for (const fn of [...this.chatListeners]) fn(frame);
    });
    this.actions = new SocketActions(this.conn);
  }

  /**
   * Follows the session: connects with its token, reconnects at once with a new one, closes
   * without one. The same token again changes nothing (an end by the server stays ended).
   */
  follow(token: string | null): void {
    if (token === this.token) return;
    this.token = token;
    this.serverEnded = false;
    if (!token) {
      this.conn.end();
      return;
    }
    try {
      this.conn.restart();
    } catch {
      // no WebSocket on this platform (server rendering, some test set-ups): nothing opens
    }
  }

  /** The token followed now (null: none, the socket is closed). */
  get currentToken(): string | null {
    return this.token;
  }

  on<K extends keyof GatewayEvents>(event: K, fn: GatewayEvents[K]): () => void {
    if (event === 'chat') {
      const chat = fn as GatewayEvents['chat'];
      this.chatListeners.add(chat);
      return () => void this.chatListeners.delete(chat);
    }
    return this.conn.on(event as keyof PrimusEvents, fn as never);
  }

  /** Writes one frame; false when the socket is not open (nothing is queued). */
  write(data: unknown): boolean {
    return this.conn.write(data);
  }

  /** Writes one chat frame: `{ event: 'chat', params: frame }`. */
  writeChat(frame: GatewayChatClientFrame): boolean {
    const envelope: GatewayChatClientEnvelope = { event: GATEWAY_CHAT_EVENT, params: frame };
    return this.conn.write(envelope);
  }

  get isOpen(): boolean {
    return this.conn.isOpen;
  }

  /** The server closed it for good (primus::server::close): over until the token changes. */
  get isEndedByServer(): boolean {
    return this.serverEnded;
  }

  /** What the server said in `ready` on this socket (null before it, and once the socket goes). */
  get chatReady(): { uid: string; readOnly: boolean } | null {
    return this.ready;
  }

  /** Waiting to reconnect (the app came back to the foreground): tries at once. */
  reconnectNow(): void {
    this.conn.reconnectNow();
  }
}
