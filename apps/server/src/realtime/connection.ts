import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { WebSocket } from 'ws';
import { directSocket, textFrame } from './fanout';
import type { AuthContext } from '../platform/auth';
import type { ChatIdentity } from '../platform/ports';
import { OneOrMoreMap } from './compact';
import type { Buckets, Refusal } from './guard';
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
let toUncork: Connection[] = [];
function uncorkAll(): void {
  const all = toUncork;
  toUncork = [];
  for (const conn of all) conn.uncork();
}

const TEXT = { binary: false } as const;
const READY = Promise.resolve();
/** Never changed: the guard replaces a connection's refusals with a new array when it adds one. */
const NO_REFUSALS: number[] = [];

/**
 * `randomUUID()` answers a tree of concatenated pieces (about 600 bytes on the heap); a flat copy
 * holds 36 characters (ROOM-MEM-1).
 */
const flatUuid = () => Buffer.from(randomUUID(), 'latin1').toString('latin1');

/** One Primus websocket. */
export class Connection {
  readonly id = flatUuid();
  readonly connectedAt = Date.now();
  /** GATEWAY-7: when a frame last came, on the monotonic clock (a wall-clock step drops no one). */
  lastSeen = performance.now();
  totalActions = 0;
  private who: AuthContext | null = null;
  authError: Refusal | null = null;
  /** GATEWAY-3: opened with a chat token: the chat only (no room frames), as this holder. */
  chatHolder: ChatIdentity | null = null;
  private checking: Promise<void> = READY;
  /** ROOM-MEM-2: nearly always one room. */
  readonly rooms = new OneOrMoreMap<string, RoomGate>();
  closed = false;
  /** Refused at open (too many sockets): every frame is answered this, then it closes. */
  refusal: Refusal | null = null;
  /** Counted against its address's socket limit (SEC-SOCKETS-2). */
  ipCounted = false;
  /** Counted against its user's socket limit (SEC-SOCKETS-1). */
  countedUser = false;
  /**
   * This connection's token buckets (SEC-FLOOD-1), until its user is known, made on its first
   * frame (ROOM-MEM-4), and when its frames were refused.
   */
  buckets: Buckets | null = null;
  refusals: number[] = NO_REFUSALS;
  /** The socket corked in this turn (ROOM-JOIN-3), if any. */
  private corked: Socket | null = null;

  constructor(
    readonly ws: WebSocket,
    readonly remoteAddress: string | undefined,
    private readonly maxBufferedBytes: number,
  ) {}

  /** Resolves once the token was checked (frames wait for it). */
  get ready(): Promise<void> {
    return this.checking;
  }

  /** Once the check passed, the shared resolved promise stands in for it (ROOM-MEM-1). */
  set ready(check: Promise<void>) {
    this.checking = check;
    check.then(
      () => {
        if (this.checking === check) this.checking = READY;
      },
      () => {}, // a failed check stays as it is: its rejection is the caller's to handle
    );
  }

  /** Who is on this socket (null until the token was checked). */
  get auth(): AuthContext | null {
    return this.who;
  }

  /** The account on this socket, by a session or a chat token (what the socket limits count). */
  get userUuid(): string | null {
    return this.who?.uuid ?? this.chatHolder?.uid ?? null;
  }

  /** ROOM-MEM-1: kept without the bearer token (nothing on the socket reads it again). */
  set auth(value: AuthContext | null) {
    this.who = value && { ...value, token: '' };
  }

  /**
   * Sends a serialized frame (a text frame); a reader that stopped reading is dropped. A Buffer is
   * a room message going to many connections: its frame is built once (ROOM-FANOUT-1).
   */
  send(frame: string | Buffer): void {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.maxBufferedBytes) {
      this.closed = true;
      this.ws.terminate();
      return;
    }
    this.cork();
    const socket = typeof frame === 'string' ? null : directSocket(this.ws);
    if (socket) socket.write(textFrame(frame as Buffer));
    else this.ws.send(frame, TEXT);
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
    this.corked = socket;
    socket.cork();
    toUncork.push(this);
    if (toUncork.length === 1) setImmediate(uncorkAll);
  }

  /** The frames corked in this turn leave (called once per turn, from uncorkAll). */
  uncork(): void {
    const socket = this.corked;
    this.corked = null;
    socket?.uncork();
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
