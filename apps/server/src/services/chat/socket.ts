import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import {
  CHAT_SOCKET_PATH,
  ChatClientFrame,
  SendChatMessageReq,
  type ChatServerFrame,
  type RoomDto,
} from '@tt/protocol';
import { FLOOD_LIMITS } from '@tt/rules';
import { notifyTopic } from '../../platform/bus';
import { clientAddress } from '../../platform/client-address';
import { AppError } from '../../platform/errors';
import { controlCharPath } from '../../platform/http-hardening';
import type { ChatCaller } from './access';
import { callerOfChatToken, callerOfSession } from './caller';
import type { ChatCore } from './core';
import { roomChatTopic, userChatTopic, type ChatEvent, type ChatTopic } from './fanout';
import { sendCoalesced } from './coalesce';
import { Buckets } from './flood';
import type { ChatMessages } from './messages.service';

export interface ChatSocketOptions {
  pingIntervalMs: number;
  idleTimeoutMs: number;
  maxSocketsPerUser: number;
  maxSocketsPerIp: number;
  /** The room socket's path: its upgrades are left to it. */
  realtimePath: string;
  maxFrameBytes: number;
  maxBufferedBytes: number;
}

let nextId = 0;
/** CHAT-FLOOD-2: the chat socket's entry of the flood-control table (packages/rules). */
const FLOOD = FLOOD_LIMITS.chatSocket;

/** One chat socket connection. */
class ChatConn {
  readonly id = `c${++nextId}`;
  caller: ChatCaller | null = null;
  ready: Promise<void> = Promise.resolve();
  blocked = new Set<string>();
  readonly topics = new Set<string>();
  lastSeen = Date.now();
  refusals: number[] = [];

  constructor(
    readonly ws: WebSocket,
    readonly ip: string,
  ) {}

  send(frame: ChatServerFrame | string): void {
    sendCoalesced(this.ws, typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
}

const errorFrame = (err: unknown, requestId?: string): ChatServerFrame => {
  const code = err instanceof AppError ? err.code : 'INTERNAL';
  const message = err instanceof AppError ? err.message : 'Something went wrong, please try again';
  return { type: 'error', code, message, ...(requestId ? { requestId } : {}) };
};

/**
 * CHAT-LIVE-1..3: the chat socket at /api/chat-service/socket?token=… (a chat token or a session
 * token). Direct messages reach every socket of their two users; a room's messages reach the
 * sockets subscribed to it (`subscribe` checks the reading rights). Delivery goes over the bus,
 * so every process delivers to its own sockets. After `subscribed`, a client catches up from its
 * last message id over REST (affix=append): nothing published after that answer is missed.
 */
export class ChatSocket {
  private readonly wss: WebSocketServer;
  private readonly conns = new Set<ChatConn>();
  private readonly byTopic = new Map<string, Set<ChatConn>>();
  private readonly subs = new Map<string, Promise<() => Promise<void>>>();
  private readonly frames = new Buckets(FLOOD.frames);
  private timer: NodeJS.Timeout | null = null;
  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    this.upgrade(req, socket, head);

  constructor(
    private readonly server: Server,
    private readonly core: ChatCore,
    private readonly messages: ChatMessages,
    private readonly options: ChatSocketOptions,
  ) {
    this.wss = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameBytes });
  }

  start(): void {
    this.server.on('upgrade', this.onUpgrade);
    this.timer = setInterval(() => this.heartbeat(), this.options.pingIntervalMs);
    this.timer.unref?.();
  }

  get connectionCount(): number {
    return this.conns.size;
  }

  private count(pred: (c: ChatConn) => boolean): number {
    let n = 0;
    for (const c of this.conns) if (pred(c)) n++;
    return n;
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '');
    if (path !== CHAT_SOCKET_PATH) {
      // The room socket handles its own path; with two listeners it leaves other paths to us.
      const roomSocket =
        path === this.options.realtimePath && this.server.listenerCount('upgrade') > 1;
      if (!roomSocket) socket.destroy();
      return;
    }
    const ip = clientAddress(req, this.core.platform.config.trustProxy);
    if (this.count((c) => c.ip === ip) >= this.options.maxSocketsPerIp) {
      socket.once('finish', () => socket.destroy());
      socket.end(
        'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    const bearer = req.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
    const token = url.searchParams.get('token') ?? bearer ?? '';
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, ip, token));
  }

  private open(ws: WebSocket, ip: string, token: string): void {
    const conn = new ChatConn(ws, ip);
    this.conns.add(conn);
    ws.on('message', (data: RawData) => void this.onFrame(conn, data));
    ws.on('pong', () => (conn.lastSeen = Date.now()));
    ws.on('close', () => this.onClose(conn));
    ws.on('error', (err) => this.core.platform.log.debug({ err }, 'chat socket error'));
    conn.ready = this.authenticate(conn, token).catch((err) => {
      conn.send(errorFrame(err));
      ws.close(4001, 'unauthorized');
    });
  }

  private async authenticate(conn: ChatConn, token: string): Promise<void> {
    const { core } = this;
    let caller: ChatCaller | null = null;
    if (/^tt[cg]_/.test(token)) caller = await callerOfChatToken(core, token);
    else if (token) caller = callerOfSession(await core.platform.tokens.verify(token));
    if (!caller) throw new AppError(401, 'CHAT_TOKEN_INVALID', 'Invalid or expired chat token.');
    if (this.count((c) => c.caller?.uid === caller.uid) >= this.options.maxSocketsPerUser) {
      throw new AppError(429, 'SOCKET_USER_LIMIT', 'Too many open connections for this account.');
    }
    conn.caller = caller;
    if (!caller.readOnly) {
      conn.blocked = new Set(await core.access.blockedBy(caller.uid));
      await this.join(conn, userChatTopic(caller.uid));
      await this.join(conn, notifyTopic(caller.uid));
    }
    conn.send({ type: 'ready', uid: caller.uid, readOnly: caller.readOnly });
  }

  /** CHAT-FLOOD-2: frames per connection; many refusals in a short time close it. */
  private admit(conn: ChatConn): boolean {
    if (this.frames.take(conn.id)) return true;
    const now = Date.now();
    conn.refusals = conn.refusals.filter((t) => now - t < FLOOD.refusalWindowMs);
    conn.refusals.push(now);
    conn.send({
      type: 'error',
      code: 'CHAT_RATE_LIMITED',
      message: 'You are sending messages too fast, please wait a moment.',
    });
    if (conn.refusals.length >= FLOOD.maxRefusals) conn.ws.close(FLOOD.closeCode, 'flooding');
    return false;
  }

  private async onFrame(conn: ChatConn, data: RawData): Promise<void> {
    conn.lastSeen = Date.now();
    if (!this.admit(conn)) return;
    await conn.ready;
    const caller = conn.caller;
    if (!caller) return;
    let frame: ChatClientFrame;
    try {
      frame = ChatClientFrame.parse(JSON.parse(String(data)));
    } catch {
      conn.send({
        type: 'error',
        code: 'BAD_REQUEST',
        message: 'Frames are JSON objects with a known type.',
      });
      return;
    }
    try {
      switch (frame.type) {
        case 'ping':
          conn.send({ type: 'pong' });
          return;
        case 'subscribe': {
          const room = await this.core.rights.room(frame.guid);
          await this.core.access.assertCanRead(room, caller);
          await this.join(conn, roomChatTopic(room.uuid));
          conn.send({ type: 'subscribed', guid: room.uuid });
          return;
        }
        case 'unsubscribe':
          this.leave(conn, roomChatTopic(frame.guid.toLowerCase()));
          conn.send({ type: 'unsubscribed', guid: frame.guid.toLowerCase() });
          return;
        case 'send': {
          // SEC-INPUT-1: the socket follows the rule of every other text of the API.
          const bad = controlCharPath(frame.body, 'body');
          if (bad)
            throw new AppError(400, 'VALIDATION', `${bad}: must not contain control characters`);
          const parsed = SendChatMessageReq.safeParse(frame.body);
          if (!parsed.success) {
            const i = parsed.error.issues[0];
            throw new AppError(400, 'VALIDATION', `body.${i.path.join('.')}: ${i.message}`);
          }
          const message = await this.messages.send(caller, parsed.data);
          conn.send({ type: 'sent', requestId: frame.requestId, message });
          return;
        }
      }
    } catch (err) {
      if (!(err instanceof AppError))
        this.core.platform.log.error({ err }, 'chat socket frame failed');
      conn.send(errorFrame(err, frame.type === 'send' ? frame.requestId : undefined));
    }
  }

  /**
   * Adds the connection to a topic, subscribing this process on the bus first. The socket also
   * carries the user's new notifications (NOTIFY-LIVE-1): it is the app's one live channel.
   */
  private async join(
    conn: ChatConn,
    topic: ChatTopic | ReturnType<typeof notifyTopic>,
  ): Promise<void> {
    let set = this.byTopic.get(topic);
    if (!set) {
      set = new Set();
      this.byTopic.set(topic, set);
      const { bus } = this.core.platform;
      this.subs.set(
        topic,
        topic.startsWith('notify.')
          ? bus.subscribe(topic as ReturnType<typeof notifyTopic>, (e) =>
              this.sendAll(topic, Buffer.from(JSON.stringify({ type: 'notification', ...e }))),
            )
          : bus.subscribe(topic as ChatTopic, (e) => this.deliver(topic, e)),
      );
    }
    set.add(conn);
    conn.topics.add(topic);
    await this.subs.get(topic);
  }

  private leave(conn: ChatConn, topic: string): void {
    conn.topics.delete(topic);
    const set = this.byTopic.get(topic);
    if (!set) return;
    set.delete(conn);
    if (set.size > 0) return;
    this.byTopic.delete(topic);
    const sub = this.subs.get(topic);
    this.subs.delete(topic);
    void sub?.then((off) => off()).catch(() => {});
  }

  /**
   * A room's reading rights changed (a user's kick, ban or roles; the room's settings; the room
   * deleted): its subscribers (or that user's) re-check and lose what they may no longer read.
   */
  async recheck(roomUuid: string, uid?: string): Promise<void> {
    const topic = roomChatTopic(roomUuid);
    const set = this.byTopic.get(topic);
    if (!set) return;
    const room = await this.core.access.room(roomUuid).catch((err: unknown) => err);
    for (const conn of [...set]) {
      if (!conn.caller || (uid && conn.caller.uid !== uid)) continue;
      try {
        if (room instanceof Error) throw room;
        await this.core.access.assertCanRead(room as RoomDto, conn.caller);
      } catch (err) {
        this.leave(conn, topic);
        conn.send(errorFrame(err));
        conn.send({ type: 'unsubscribed', guid: roomUuid });
      }
    }
  }

  /** CHAT-TOKEN-3: the account's sessions ended: its chat sockets close. */
  dropUser(uid: string): void {
    for (const c of this.conns) {
      if (c.caller?.uid !== uid) continue;
      c.send({
        type: 'error',
        code: 'SESSION_REVOKED',
        message: 'Your session has ended, please log in again',
      });
      c.ws.close(4001, 'session ended');
    }
  }

  /** The user blocked or unblocked someone: their sockets hide the right senders. */
  async refreshBlocked(uid: string): Promise<void> {
    const blocked = new Set(await this.core.access.blockedBy(uid));
    for (const c of this.conns) if (c.caller?.uid === uid) c.blocked = blocked;
  }

  private sendAll(topic: string, frame: Buffer): void {
    for (const conn of this.byTopic.get(topic) ?? []) sendCoalesced(conn.ws, frame);
  }

  private deliver(topic: string, event: ChatEvent): void {
    const set = this.byTopic.get(topic);
    if (!set?.size) return;
    // CHAT-LIVE-4: encoded once for every socket; sent as a text frame, writes coalesced.
    const frame = Buffer.from(
      JSON.stringify(
        event.kind === 'reaction'
          ? {
              type: 'reaction',
              action: event.action,
              messageId: event.messageId,
              conversationId: event.conversationId,
              reaction: event.reaction,
              uid: event.sender,
            }
          : { type: event.kind, message: event.message },
      ),
    );
    for (const conn of set) {
      // CHAT-BLOCK-1: what a blocked user writes is hidden from the blocker.
      if (conn.blocked.has(event.sender)) continue;
      if (conn.ws.bufferedAmount > this.options.maxBufferedBytes) {
        conn.ws.terminate();
        continue;
      }
      sendCoalesced(conn.ws, frame);
    }
  }

  private onClose(conn: ChatConn): void {
    this.conns.delete(conn);
    this.frames.forget(conn.id);
    for (const topic of [...conn.topics]) this.leave(conn, topic);
  }

  private heartbeat(): void {
    const now = Date.now();
    for (const conn of this.conns) {
      if (now - conn.lastSeen > this.options.idleTimeoutMs) conn.ws.terminate();
      else if (conn.ws.readyState === WebSocket.OPEN) conn.ws.ping();
    }
  }

  async close(): Promise<void> {
    this.server.off('upgrade', this.onUpgrade);
    if (this.timer) clearInterval(this.timer);
    for (const conn of this.conns) conn.ws.terminate();
    this.conns.clear();
    const offs = [...this.subs.values()];
    this.subs.clear();
    this.byTopic.clear();
    await Promise.all(offs.map((p) => p.then((off) => off()).catch(() => {})));
    this.wss.close();
  }
}
