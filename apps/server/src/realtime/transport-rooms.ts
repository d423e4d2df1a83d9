import { GetRoomUsersParams, JoinRoomParams } from '@tt/protocol';
import type { Platform } from '../platform/service';
import { parseParams } from './actions';
import { OneOrMoreSet } from './compact';
import type { Connection, RoomGate } from './connection';
import { refuse, ROOM_ERRORS } from './errors';
import type { GatewayChat } from './gateway-chat';
import type { LocalRooms, RoomRouter } from './router';
import { joinFrames } from './answers';
import { pagedFrame } from './paging';
import { RoomSeqs } from './room-seq';
import { responseFrame, roomTopic, type RoomBusMessage } from './wire';

/**
 * The transport's rooms: which local connections are in which room, the room's bus subscription
 * while it has any, joins and users pages in their place among the room's messages, and the
 * delivery of each message to the connections in its room.
 */
export class TransportRooms implements LocalRooms {
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

  constructor(
    private readonly platform: Platform,
    private readonly router: RoomRouter,
    private readonly chat: GatewayChat,
  ) {}

  /** Resolves once the room's messages up to `seq` reached this process's connections. */
  delivered(roomUuid: string, seq: number): Promise<void> {
    return this.seqs.delivered(roomUuid, seq);
  }

  /** joinRoom; then the client's own data, then what happened in the room since its state. */
  async join(conn: Connection, p: Record<string, unknown>, messageId: unknown) {
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
  async usersPage(conn: Connection, p: Record<string, unknown>, messageId: unknown) {
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
  leave(conn: Connection, roomUuid: string, leaveNow: boolean, tellEngine = true): void {
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

  /** Forgets every room and ends their subscriptions. */
  async stop(): Promise<void> {
    const subs = [...this.subscriptions.values()];
    this.subscriptions.clear();
    this.byRoom.clear();
    this.byRoomUser.clear();
    await Promise.allSettled(subs.map(async (s) => (await s)()));
  }
}
