import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { WebSocket } from 'ws';
import type { SocketRateKind, TokenBucket } from '@tt/rules';
import type { AuthContext } from '../platform/auth';
import type { Refusal } from './guard';
import { SERVER_CLOSE, type RoomBusMessage } from './wire';

/**
 * A connection's membership of one room. While a joinRoom runs, room messages are held in
 * `buffer`; afterwards only messages newer than the state it received (`minSeq`) are delivered.
 */
export interface RoomGate {
  minSeq: number;
  buffer: RoomBusMessage[] | null;
}

/** Connections corked in this turn of the event loop, uncorked together on the next. */
let toUncork: (() => void)[] = [];
function uncorkAll(): void {
  const all = toUncork;
  toUncork = [];
  for (const uncork of all) uncork();
}

/** One Primus websocket. */
export class Connection {
  readonly id = randomUUID();
  readonly connectedAt = Date.now();
  lastSeen = Date.now();
  totalActions = 0;
  auth: AuthContext | null = null;
  authError: Refusal | null = null;
  /** Resolves once the token was checked (frames wait for it). */
  ready: Promise<void> = Promise.resolve();
  readonly rooms = new Map<string, RoomGate>();
  closed = false;
  /** Refused at open (too many sockets): every frame is answered this, then it closes. */
  refusal: Refusal | null = null;
  /** Counted against its user's socket limit (SEC-SOCKETS-1). */
  countedUser = false;
  /** This connection's token buckets (SEC-FLOOD-1) and when its frames were refused. */
  readonly buckets = new Map<SocketRateKind, TokenBucket>();
  refusals: number[] = [];
  private corked = false;

  constructor(
    readonly ws: WebSocket,
    readonly remoteAddress: string | undefined,
    private readonly maxBufferedBytes: number,
  ) {}

  /** Sends a serialized frame (a text frame); a reader that stopped reading is dropped. */
  send(frame: string | Buffer): void {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.maxBufferedBytes) {
      this.closed = true;
      this.ws.terminate();
      return;
    }
    this.cork();
    this.ws.send(frame, { binary: false });
  }

  /**
   * The frames sent to this connection until the event loop's next turn leave in one write
   * (ROOM-JOIN-3): a burst of room messages costs one system call per connection, not one per
   * frame.
   */
  private cork(): void {
    if (this.corked) return;
    const socket = (this.ws as unknown as { _socket?: Socket })._socket;
    if (!socket || socket.destroyed) return;
    this.corked = true;
    socket.cork();
    toUncork.push(() => {
      this.corked = false;
      socket.uncork();
    });
    if (toUncork.length === 1) setImmediate(uncorkAll);
  }

  sendValue(value: unknown): void {
    this.send(JSON.stringify(value));
  }

  /**
   * Closes on purpose. `final`: the client is told not to reconnect (`primus::server::close`),
   * as after a kick; otherwise (shutdown) it reconnects and rejoins.
   */
  close(final: boolean): void {
    if (this.closed) return;
    if (final) this.send(JSON.stringify(SERVER_CLOSE));
    this.closed = true;
    if (final) this.ws.close(1000, 'closed by the server');
    else this.ws.terminate();
  }
}
