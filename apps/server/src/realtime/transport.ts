import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  ClockSyncParams,
  GATEWAY_CHAT_EVENT,
  GetRoomUsersParams,
  isSocketAction,
  JoinRoomParams,
} from '@tt/protocol';
import { socketRateKind } from '@tt/rules';
import { clientAddress } from '../platform/client-address';
import type { Platform } from '../platform/service';
import { controlCharPath } from '../platform/http-hardening';
import { isRoomAction, parseParams } from './actions';
import { OneOrMoreSet } from './compact';
import { Connection, type RoomGate } from './connection';
import { errorText, refuse, ROOM_ERRORS } from './errors';
import { CHAT_ONLY_REFUSAL, GatewayChat } from './gateway-chat';
import { refusal, SocketGuard, type Refusal } from './guard';
import type { RealtimeOptions } from './options';
import type { LocalRooms, RoomRouter } from './router';
import { detailsAnswer, joinFrames } from './answers';
import { pagedFrame } from './paging';
import { RoomSeqs } from './room-seq';
import { envelopeFrame, PING_PREFIX, responseFrame, roomTopic, type RoomBusMessage } from './wire';

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
  private readonly byRoom = new Map<string, Set<Connection>>();
  /**
   * The connections of each user in each room: own messages skip the rest. ROOM-MEM-2: by room,
   * then by the user's uuid (the string the socket already holds), nearly always one connection.
   */
  private readonly byRoomUser = new Map<string, Map<string, OneOrMoreSet<Connection>>>();
  private readonly subscriptions = new Map<string, Promise<() => Promise<void>>>();
  private readonly seqs = new RoomSeqs();
  /** ROOM-PAGE-4: connections whose last join asked for a page and got only part of the room. */
  private readonly paging = new WeakSet<Connection>();
  /** Each message's frame for paging connections (made once per process). */
  private readonly pagedFrames = new WeakMap<RoomBusMessage, string | null>();
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
    for (const conn of this.connections) {
      if (now - conn.lastSeen > this.options.idleTimeoutMs) conn.close(false);
      else conn.send(ping);
    }
  }

  private async onFrame(conn: Connection, data: RawData): Promise<void> {
    conn.lastSeen = Date.now();
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
        this.leave(conn, room, true);
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
        if (p.action === 'joinRoom') await this.join(conn, p, messageId);
        else await this.usersPage(conn, p, messageId);
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
      await this.seqs.delivered(done.roomUuid, done.seq);
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

  /** joinRoom; then the client's own data, then what happened in the room since its state. */
  private async join(conn: Connection, p: Record<string, unknown>, messageId: unknown) {
    const params = parseParams(JoinRoomParams, p);
    const auth = conn.auth!;
    let gate: RoomGate | undefined;
    let created = false;
    let roomUuid = params.roomUuid;
    try {
      const joining = { ...params, ip: conn.remoteAddress ?? null };
      const outcome = await this.router.join(conn.id, auth, joining, async (uuid) => {
        if (conn.closed) throw refuse(ROOM_ERRORS.SERVER_ERROR);
        roomUuid = uuid;
        gate = conn.rooms.get(uuid);
        if (gate) gate.buffer ??= [];
        else {
          created = true;
          gate = { minSeq: Number.POSITIVE_INFINITY, buffer: [] };
          conn.rooms.set(uuid, gate);
          await this.addToRoom(uuid, conn);
        }
      });
      if (conn.closed) {
        // Closed while joining: the engine may have counted this connection after the close.
        conn.rooms.delete(outcome.roomUuid);
        this.removeFromRoom(outcome.roomUuid, conn);
        this.router.disconnected(outcome.roomUuid, auth.uuid, conn.id, false);
        return;
      }
      for (const frame of joinFrames(outcome, [...conn.rooms.keys()], auth.uuid, messageId)) {
        conn.send(frame);
      }
      // ROOM-PAGE-4: only a connection whose state lacks some of the room leaves newcomers out; one
      // that holds everyone (a room smaller than its page) follows every join, like a full client.
      if (outcome.usersPage?.nextOffset != null) this.paging.add(conn);
      else this.paging.delete(conn);
      gate!.minSeq = outcome.seq + 1;
      // Whatever came before the state it holds counts as delivered.
      this.seqs.known(outcome.roomUuid, outcome.seq);
    } catch (err) {
      if (gate && created) {
        conn.rooms.delete(roomUuid);
        this.removeFromRoom(roomUuid, conn);
      }
      throw err;
    } finally {
      if (gate && conn.rooms.get(roomUuid) === gate) this.release(conn, roomUuid, gate);
    }
  }

  /**
   * ROOM-PAGE-2: getRoomUsers (guests too: they see who listens). Like a join, the answer takes its
   * place in the room's messages: those its page already reflects go first, newer ones after it.
   */
  private async usersPage(conn: Connection, p: Record<string, unknown>, messageId: unknown) {
    const { roomUuid, offset, limit } = parseParams(GetRoomUsersParams, p);
    const gate = conn.rooms.get(roomUuid);
    if (!gate) throw refuse(ROOM_ERRORS.NOT_JOINED);
    const hold = gate.buffer === null;
    if (hold) gate.buffer = [];
    try {
      const { page, seq } = await this.router.usersPage(roomUuid, offset, limit);
      await this.seqs.delivered(roomUuid, seq);
      if (hold && conn.rooms.get(roomUuid) === gate) {
        const held = gate.buffer ?? [];
        gate.buffer = held.filter((m) => m.seq > seq);
        for (const m of held) if (m.seq <= seq) this.deliverTo(conn, roomUuid, gate, m);
      }
      conn.send(responseFrame(messageId, { ...page }));
    } finally {
      if (hold && conn.rooms.get(roomUuid) === gate) this.release(conn, roomUuid, gate);
    }
  }

  /** Ends a join's hold on the room's messages: delivers what is newer than the state sent. */
  private release(conn: Connection, roomUuid: string, gate: RoomGate): void {
    const held = gate.buffer ?? [];
    gate.buffer = null;
    for (const message of held) this.deliverTo(conn, roomUuid, gate, message);
  }

  private async addToRoom(roomUuid: string, conn: Connection): Promise<void> {
    let set = this.byRoom.get(roomUuid);
    if (!set) this.byRoom.set(roomUuid, (set = new Set()));
    set.add(conn);
    const uuid = conn.auth?.uuid ?? '';
    let users = this.byRoomUser.get(roomUuid);
    if (!users) this.byRoomUser.set(roomUuid, (users = new Map()));
    let own = users.get(uuid);
    if (!own) users.set(uuid, (own = new OneOrMoreSet()));
    own.add(conn);
    let sub = this.subscriptions.get(roomUuid);
    if (!sub) {
      sub = this.platform.bus.subscribe(roomTopic(roomUuid), (m) => this.deliver(roomUuid, m));
      this.subscriptions.set(roomUuid, sub);
      sub.catch(() => this.subscriptions.delete(roomUuid));
    }
    await sub;
  }

  private removeFromRoom(roomUuid: string, conn: Connection): void {
    const set = this.byRoom.get(roomUuid);
    if (!set) return;
    set.delete(conn);
    const uuid = conn.auth?.uuid ?? '';
    const users = this.byRoomUser.get(roomUuid);
    const own = users?.get(uuid);
    if (users && own?.delete(conn) && own.size === 0) {
      users.delete(uuid);
      if (users.size === 0) this.byRoomUser.delete(roomUuid);
    }
    if (set.size > 0) return;
    this.byRoom.delete(roomUuid);
    this.seqs.forget(roomUuid);
    const sub = this.subscriptions.get(roomUuid);
    this.subscriptions.delete(roomUuid);
    void sub
      ?.then((unsubscribe) => unsubscribe())
      .catch((err) => this.platform.log.warn({ err }, 'realtime unsubscribe failed'));
  }

  /** A connection leaves a room (roomLeave, kick, reset): at once when `leaveNow`. */
  private leave(conn: Connection, roomUuid: string, leaveNow: boolean, tellEngine = true): void {
    if (!conn.rooms.delete(roomUuid)) return;
    this.removeFromRoom(roomUuid, conn);
    if (tellEngine && conn.auth) {
      this.router.disconnected(roomUuid, conn.auth.uuid, conn.id, leaveNow);
    }
  }

  private deliver(roomUuid: string, message: RoomBusMessage): void {
    const set = message.toUser
      ? this.byRoomUser.get(roomUuid)?.get(message.toUser)
      : this.byRoom.get(roomUuid);
    // Encoded once for every connection of the room.
    const bytes = set && set.size > 1 ? Buffer.from(message.frame) : undefined;
    for (const conn of set ? [...set] : []) {
      const gate = conn.rooms.get(roomUuid);
      if (!gate) continue;
      if (gate.buffer) gate.buffer.push(message);
      else this.deliverTo(conn, roomUuid, gate, message, bytes);
    }
    this.seqs.seen(roomUuid, message.seq);
  }

  private deliverTo(
    conn: Connection,
    roomUuid: string,
    gate: RoomGate,
    m: RoomBusMessage,
    bytes?: Buffer,
  ): void {
    if (m.seq < gate.minSeq) return;
    if (this.paging.has(conn)) {
      let frame = this.pagedFrames.get(m);
      if (frame === undefined) this.pagedFrames.set(m, (frame = pagedFrame(m.frame)));
      if (frame !== null) conn.send(frame === m.frame ? (bytes ?? frame) : frame);
    } else conn.send(bytes ?? m.frame);
    if (m.kick && conn.auth?.uuid === m.kick.userUuid) {
      this.leave(conn, roomUuid, true, false);
      // GATEWAY-5: the chat and notifications of a connection that opened them go on.
      if (!this.chat.isOpen(conn)) conn.close(true);
    } else if (m.reset) {
      this.leave(conn, roomUuid, true, false);
    }
  }

  /** LocalRooms: the rooms this process has connections in. */
  rooms(): string[] {
    return [...this.byRoom.keys()];
  }

  /**
   * ROOM-OWNER-6: the room changed hands; the connections here in it close (not for good), so
   * their clients reconnect and rejoin the room as its new owner has it.
   */
  resync(roomUuid: string): void {
    for (const conn of [...(this.byRoom.get(roomUuid) ?? [])]) {
      this.leave(conn, roomUuid, false, false);
      conn.close(false);
    }
  }

  /** The account's sessions ended: kickedFromRoom for each room, then the connection closes. */
  kickUser(userUuid: string, reason: string): void {
    for (const conn of [...this.connections]) {
      if (conn.auth?.uuid !== userUuid) continue;
      for (const roomUuid of [...conn.rooms.keys()]) {
        conn.send(envelopeFrame(roomUuid, { name: 'kickedFromRoom', params: { reason } }));
        this.leave(conn, roomUuid, true, false);
      }
      conn.close(true);
    }
  }

  private onClose(conn: Connection, admitted: boolean): void {
    conn.closed = true;
    this.connections.delete(conn);
    this.guard.closed(conn, admitted);
    this.chat.closed(conn);
    for (const roomUuid of [...conn.rooms.keys()]) this.leave(conn, roomUuid, false);
  }

  /** Stops accepting and drops every connection (clients reconnect: this is not a kick). */
  async stop(): Promise<void> {
    this.server.off('upgrade', this.onUpgrade);
    if (this.pingTimer) clearInterval(this.pingTimer);
    for (const conn of [...this.connections]) conn.close(false);
    this.wss.close();
    const subs = [...this.subscriptions.values()];
    this.subscriptions.clear();
    this.byRoom.clear();
    this.byRoomUser.clear();
    await Promise.allSettled(subs.map(async (s) => (await s)()));
  }
}
