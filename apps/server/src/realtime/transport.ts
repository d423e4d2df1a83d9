import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { ClockSyncParams, GATEWAY_CHAT_EVENT, isSocketAction } from '@tt/protocol';
import { socketRateKind } from '@tt/rules';
import { clientAddress } from '../platform/client-address';
import type { Platform } from '../platform/service';
import { controlCharPath } from '../platform/http-hardening';
import { isRoomAction, parseParams } from './actions';
import { Connection } from './connection';
import { errorText, refuse, ROOM_ERRORS } from './errors';
import { CHAT_ONLY_REFUSAL, GatewayChat } from './gateway-chat';
import { refusal, SocketGuard, type Refusal } from './guard';
import type { RealtimeOptions } from './options';
import type { LocalRooms, RoomRouter } from './router';
import { detailsAnswer } from './answers';
import { TransportRooms } from './transport-rooms';
import { envelopeFrame, PING_PREFIX, responseFrame } from './wire';

/** ROOM-MEM-2: each socket's connection, for the handlers every socket shares. */
const CONNECTIONS = new WeakMap<WebSocket, Connection>();

/**
 * The Primus-compatible websocket at /primus: authenticates the token, speaks the heartbeat and
 * the Actionhero envelopes, runs actions through the engine and delivers each room's bus messages
 * to the local connections in that room (subscribed while it has any). It is the app's one socket
 * (GATEWAY-1): the chat rides on it for connections that open it (gateway-chat.ts).
 */
export class Transport implements LocalRooms {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<Connection>();
  /** Room membership and delivery of each room's bus messages (transport-rooms.ts). */
  private readonly local: TransportRooms;
  private pingTimer: NodeJS.Timeout | null = null;
  private readonly guard: SocketGuard;
  private readonly chat: GatewayChat;
  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    this.upgrade(req, socket, head);
  private readonly onWsMessage: (this: WebSocket, data: RawData) => void;
  private readonly onWsClose: (this: WebSocket) => void;
  private readonly onWsError = (err: Error) =>
    this.platform.log.debug({ err }, 'realtime socket error');

  constructor(
    private readonly server: Server,
    private readonly platform: Platform,
    private readonly options: RealtimeOptions,
    private readonly router: RoomRouter,
  ) {
    // PROTO-DEFLATE-1: permessage-deflate when the client offers it (ws negotiates it).
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: options.maxFrameBytes,
      perMessageDeflate: options.perMessageDeflate,
    });
    this.guard = new SocketGuard(options);
    const onFrame = (conn: Connection, data: RawData) => void this.onFrame(conn, data);
    const onClose = (conn: Connection) => this.onClose(conn, conn.ipCounted);
    this.onWsMessage = function (this: WebSocket, data: RawData) {
      const conn = CONNECTIONS.get(this);
      if (conn) onFrame(conn, data);
    };
    this.onWsClose = function (this: WebSocket) {
      const conn = CONNECTIONS.get(this);
      if (conn) onClose(conn);
    };
    this.chat = new GatewayChat(platform, this.guard, (conn) => this.refusedFrame(conn));
    this.local = new TransportRooms(platform, router, this.chat);
  }

  start(): void {
    this.server.on('upgrade', this.onUpgrade);
    this.pingTimer = setInterval(() => this.heartbeat(), this.options.pingIntervalMs);
    this.pingTimer.unref?.();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '');
    if (path !== this.options.path) {
      if (this.server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    const header = req.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
    const token = url.searchParams.get('token') ?? header ?? '';
    // SEC-SOCKETS-1: the address (TRUST_PROXY decides whether a forwarded one is believed).
    const ip = clientAddress(req, this.platform.config.trustProxy);
    const admission = this.guard.admitAddress(ip);
    if (admission === 'drop') {
      socket.once('finish', () => socket.destroy());
      socket.end(
        'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) =>
      this.open(ws, token, ip, admission === 'open' ? null : refusal('SOCKET_IP_LIMIT')),
    );
  }

  private open(ws: WebSocket, token: string, ip: string, refused: Refusal | null): void {
    const conn = new Connection(ws, ip, this.options.maxBufferedBytes);
    this.connections.add(conn);
    // ROOM-MEM-2: the same three handlers for every socket (no closures per socket).
    CONNECTIONS.set(ws, conn);
    conn.ipCounted = refused === null;
    ws.on('message', this.onWsMessage);
    ws.on('close', this.onWsClose);
    ws.on('error', this.onWsError);
    conn.sendValue({ welcome: 'Hello! Welcome to Turntable LIVE', context: 'api' });
    conn.sendValue(PING_PREFIX + Date.now());
    if (refused) return this.refuseConnection(conn, refused);
    conn.ready = this.chat.authenticate(conn, token).then((ok) => {
      if (!ok) setTimeout(() => conn.close(true), this.options.unauthenticatedTimeoutMs).unref?.();
      else if (!conn.closed && !this.guard.admitUser(conn)) {
        this.refuseConnection(conn, refusal('SOCKET_USER_LIMIT'));
      }
    });
  }

  /**
   * A connection beyond a socket limit: told at once (an `api` frame with the error and its code),
   * its first frame answered the same way (what an SDK's joinRoom reads), then closed for good.
   */
  private refuseConnection(conn: Connection, why: Refusal): void {
    conn.refusal = why;
    conn.sendValue({ ...why, context: 'api' });
    setTimeout(() => conn.close(true), this.options.unauthenticatedTimeoutMs).unref?.();
  }

  private heartbeat(): void {
    const now = Date.now();
    this.guard.sweep(now);
    const ping = JSON.stringify(PING_PREFIX + now);
    const mono = performance.now(); // GATEWAY-7: silence measured on the monotonic clock
    for (const conn of this.connections) {
      if (mono - conn.lastSeen > this.options.idleTimeoutMs) conn.close(false);
      else conn.send(ping);
    }
  }

  private async onFrame(conn: Connection, data: RawData): Promise<void> {
    conn.lastSeen = performance.now();
    let frame: unknown;
    try {
      frame = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (typeof frame === 'string') {
      if (frame === 'primus::id::') conn.sendValue(`primus::id::${conn.id}`);
      return; // primus::pong::<ms> and other protocol strings: liveness only
    }
    if (!frame || typeof frame !== 'object') return;
    await conn.ready;
    const { event, params, messageId, room } = frame as Record<string, any>;
    if (event === GATEWAY_CHAT_EVENT) return this.chat.onFrame(conn, params);
    if (conn.refusal || !conn.userUuid) {
      const error = conn.refusal ?? conn.authError ?? refusal(ROOM_ERRORS.NOT_AUTHENTICATED);
      conn.send(responseFrame(messageId, error));
      conn.close(true);
      return;
    }
    if (conn.closed) return;
    if (!this.guard.allow(conn, event === 'action' ? socketRateKind(params?.action) : 'other')) {
      return this.rateLimited(conn, messageId);
    }
    // GATEWAY-3: a chat token's connection is answered a coded refusal and stays open.
    if (!conn.auth) return conn.send(responseFrame(messageId, CHAT_ONLY_REFUSAL));
    try {
      if (event === 'action') await this.onAction(conn, params, messageId);
      else if (event === 'detailsView') {
        conn.sendValue(detailsAnswer(conn, messageId));
      } else if (event === 'roomLeave' && typeof room === 'string') {
        this.local.leave(conn, room, true);
        conn.send(responseFrame(messageId, {}));
      } else {
        const unknown = refuse(ROOM_ERRORS.UNKNOWN_EVENT, String(event));
        conn.send(responseFrame(messageId, { error: unknown.message, code: unknown.code }));
      }
    } catch (err) {
      this.platform.log.error({ err }, 'realtime frame failed');
    }
  }

  /**
   * SEC-FLOOD-1, SEC-FLOOD-2: a frame over its rate is refused at once (never queued); a
   * connection refused floodMaxRefusals times within floodWindowMs is closed for good.
   */
  private rateLimited(conn: Connection, messageId: unknown): void {
    conn.send(responseFrame(messageId, refusal('SOCKET_RATE_LIMITED')));
    this.refusedFrame(conn);
  }

  /** SEC-FLOOD-2: one more refused frame (a room's or a chat's, GATEWAY-4). */
  private refusedFrame(conn: Connection): void {
    if (!this.guard.refused(conn)) return;
    this.platform.log.warn(
      { user: conn.userUuid, ip: conn.remoteAddress },
      'realtime connection closed for flooding',
    );
    conn.sendValue({ ...refusal('SOCKET_FLOODING'), context: 'api' });
    conn.close(true);
  }

  private async onAction(conn: Connection, params: unknown, messageId: unknown): Promise<void> {
    conn.totalActions++;
    const p = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
    try {
      // SEC-INPUT-1 on the socket: no control characters in any action's params.
      const bad = controlCharPath(p, 'params');
      if (bad)
        throw refuse(ROOM_ERRORS.INVALID_PARAMS, `${bad}: must not contain control characters`);
      // SYNC-6: the server's clock and nothing else (no room, no database); its own rate limit.
      if (p.action === 'clockSync') {
        parseParams(ClockSyncParams, p);
        conn.send(responseFrame(messageId, { serverTime: Date.now() }));
        this.platform.metrics.roomActions.inc({ action: p.action, outcome: 'ok' });
        return;
      }
      if (p.action === 'joinRoom' || p.action === 'getRoomUsers') {
        if (p.action === 'joinRoom') await this.local.join(conn, p, messageId);
        else await this.local.usersPage(conn, p, messageId);
        this.platform.metrics.roomActions.inc({ action: p.action, outcome: 'ok' });
        return;
      }
      if (!isRoomAction(p.action)) throw refuse(ROOM_ERRORS.UNKNOWN_ACTION, String(p.action));
      const auth = conn.auth!;
      const roomUuid = typeof p.roomUuid === 'string' ? p.roomUuid : null;
      const done = await this.router.action(roomUuid, auth, p.action, p, (uuid) =>
        conn.rooms.has(uuid),
      );
      // Answered once its own messages reached this connection.
      await this.local.delivered(done.roomUuid, done.seq);
      conn.send(responseFrame(messageId, {}));
      this.platform.metrics.roomActions.inc({ action: String(p.action), outcome: 'ok' });
    } catch (err) {
      const { text, code, unexpected } = errorText(err);
      const action = isSocketAction(p.action) ? p.action : 'unknown';
      this.platform.metrics.roomActions.inc({ action, outcome: code ?? 'refused' });
      if (unexpected) this.platform.log.error({ err, action: p.action }, 'realtime action failed');
      conn.send(responseFrame(messageId, { error: text, code }));
    }
  }

  /** LocalRooms: the rooms this process has connections in. */
  rooms(): string[] {
    return this.local.rooms();
  }

  /** LocalRooms: ROOM-OWNER-6 (TransportRooms.resync). */
  resync(roomUuid: string): void {
    this.local.resync(roomUuid);
  }

  /** The account's sessions ended: kickedFromRoom for each room, then the connection closes. */
  kickUser(userUuid: string, reason: string): void {
    for (const conn of [...this.connections]) {
      if (conn.auth?.uuid !== userUuid) continue;
      for (const roomUuid of [...conn.rooms.keys()]) {
        conn.send(envelopeFrame(roomUuid, { name: 'kickedFromRoom', params: { reason } }));
        this.local.leave(conn, roomUuid, true, false);
      }
      conn.close(true);
    }
  }

  private onClose(conn: Connection, admitted: boolean): void {
    conn.closed = true;
    this.connections.delete(conn);
    this.guard.closed(conn, admitted);
    this.chat.closed(conn);
    for (const roomUuid of [...conn.rooms.keys()]) this.local.leave(conn, roomUuid, false);
  }

  /** Stops accepting and drops every connection (clients reconnect: this is not a kick). */
  async stop(): Promise<void> {
    this.server.off('upgrade', this.onUpgrade);
    if (this.pingTimer) clearInterval(this.pingTimer);
    for (const conn of [...this.connections]) conn.close(false);
    this.wss.close();
    await this.local.stop();
  }
}
