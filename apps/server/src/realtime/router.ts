import { randomUUID } from 'node:crypto';
import { ERRORS, type ClientRoomState, type RoomDto, type RoomUsersPage } from '@tt/protocol';
import type { Platform } from '../platform/service';
import { runRoomAction, type RoomActionName } from './actions';
import type { JoinAuth, JoinOutcome, JoinParams, RoomEngine } from './engine';
import { errorText, refuse, RoomActionError, ROOM_ERRORS } from './errors';
import type { Lease } from './ownership';
import { actorOf, type Actor } from './room-actions';
import { NotOwnerError } from './room-runtime';

/** What one process asks the owner of a room, and the owner's answers (ROOM-OWNER-5). */
export type ProcessMessage =
  | {
      kind: 'join';
      id: string;
      from: string;
      connectionId: string;
      auth: JoinAuth;
      params: JoinParams;
      settings: RoomDto;
    }
  | {
      kind: 'action';
      id: string;
      from: string;
      auth: Actor;
      name: RoomActionName;
      params: Record<string, unknown>;
    }
  | { kind: 'state'; id: string; from: string; roomUuid: string }
  | { kind: 'users'; id: string; from: string; roomUuid: string; offset: number; limit: number }
  | {
      kind: 'disconnected';
      from: string;
      roomUuid: string;
      userUuid: string;
      connectionId: string;
      leaveNow: boolean;
    }
  | { kind: 'reply'; id: string; result: unknown }
  | { kind: 'reply'; id: string; error: { text: string; code?: string; moved?: boolean } };

export const processTopic = (processId: string) => `realtime.process.${processId}` as const;

declare module '../platform/bus' {
  interface BusTopics {
    [topic: `realtime.process.${string}`]: ProcessMessage;
  }
}

type Request = Exclude<ProcessMessage, { kind: 'reply' | 'disconnected' }>;
type Ask = Request extends infer R ? (R extends Request ? Omit<R, 'id' | 'from'> : never) : never;

const ASK_TIMEOUT_MS = 8_000;

/** The hooks of the transport the router needs. */
export interface LocalRooms {
  /** Rooms this process has connections in. */
  rooms(): string[];
  /** ROOM-OWNER-6: the room moved to another process: its connections here reconnect and rejoin. */
  resync(roomUuid: string): void;
}

/**
 * ROOM-OWNER-1, ROOM-OWNER-5: sends each room operation to the process that owns the room — this
 * one (straight to the engine), or another over the bus, whose reply comes back here and goes out
 * on the same socket. Without Redis this process owns every room and nothing is forwarded.
 */
export class RoomRouter {
  private readonly pending = new Map<
    string,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void; timer: NodeJS.Timeout }
  >();
  /** The lease (owner and fence) this process last saw for each room it has connections in. */
  private readonly known = new Map<string, Lease>();
  private unsubscribe: (() => Promise<void>) | null = null;
  private watchTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private local: LocalRooms | null = null;

  constructor(
    private readonly platform: Platform,
    private readonly engine: RoomEngine,
    private readonly leaseMs: number,
  ) {}

  private get ownership() {
    return this.engine.ownership;
  }

  private get me(): string {
    return this.ownership.processId;
  }

  async start(local: LocalRooms): Promise<void> {
    this.local = local;
    this.engine.onAbandon = (roomUuid) => local.resync(roomUuid);
    this.ownership.onLost((roomUuid) => this.engine.abandon(roomUuid));
    if (!this.ownership.distributed) return;
    this.unsubscribe = await this.platform.bus.subscribe(processTopic(this.me), (m) =>
      this.receive(m),
    );
    this.watchTimer = setInterval(() => this.watch(), Math.max(200, Math.floor(this.leaseMs / 2)));
    this.watchTimer.unref();
  }

  /** joinRoom: authorised here, run by the owner; `prepare` runs here before the state is taken. */
  async join(
    connectionId: string,
    auth: JoinAuth,
    params: JoinParams,
    prepare: (roomUuid: string) => Promise<void>,
  ): Promise<JoinOutcome> {
    const settings = await this.engine.authorizeJoin(auth, params);
    const owner = await this.owner(settings.uuid);
    if (owner.processId === this.me) {
      return this.engine.join(connectionId, auth, params, prepare, settings);
    }
    await prepare(settings.uuid);
    return this.ask(settings.uuid, owner, {
      kind: 'join',
      connectionId,
      auth: actorOf(auth),
      params: { ...params, ip: params.ip ?? null },
      settings,
    }) as Promise<JoinOutcome>;
  }

  /** An in-room action of a connection that joined `roomUuid` (checked by the caller). */
  async action(
    roomUuid: string | null,
    auth: Actor,
    name: RoomActionName,
    params: Record<string, unknown>,
    joined: (roomUuid: string) => boolean,
  ): Promise<{ roomUuid: string; seq: number }> {
    if (roomUuid === null || !joined(roomUuid)) {
      return runRoomAction(this.engine, auth, name, params, joined);
    }
    const owner = await this.owner(roomUuid);
    if (owner.processId === this.me) return runRoomAction(this.engine, auth, name, params, joined);
    return this.ask(roomUuid, owner, {
      kind: 'action',
      auth: actorOf(auth),
      name,
      params,
    }) as Promise<{
      roomUuid: string;
      seq: number;
    }>;
  }

  /** ROOM-PAGE-2: a page of the room's users, from whichever process runs it. */
  async usersPage(
    roomUuid: string,
    offset: number,
    limit: number,
  ): Promise<{ page: RoomUsersPage; seq: number }> {
    const owner = await this.owner(roomUuid);
    if (owner.processId === this.me) return this.engine.usersPage(roomUuid, offset, limit);
    return this.ask(roomUuid, owner, { kind: 'users', roomUuid, offset, limit }) as Promise<{
      page: RoomUsersPage;
      seq: number;
    }>;
  }

  /** A connection left the room (closed, or roomLeave): the owner counts its user's connections. */
  disconnected(roomUuid: string, userUuid: string, connectionId: string, leaveNow: boolean): void {
    void (async () => {
      const owner = this.ownership.distributed ? await this.ownership.ownerOf(roomUuid) : null;
      if (!owner || owner.processId === this.me) {
        this.engine.disconnected(roomUuid, userUuid, connectionId, leaveNow);
        return;
      }
      await this.platform.bus.publish(processTopic(owner.processId), {
        kind: 'disconnected',
        from: this.me,
        roomUuid,
        userUuid,
        connectionId,
        leaveNow,
      });
    })().catch((err: unknown) =>
      this.platform.log.warn({ err, room: roomUuid }, 'realtime: could not tell the owner'),
    );
  }

  /** The room's state, from whichever process runs it (null when nobody does). */
  async roomState(roomUuid: string): Promise<ClientRoomState | null> {
    if (this.engine.runs(roomUuid) || !this.ownership.distributed) {
      return this.engine.state(roomUuid);
    }
    const owner = await this.ownership.ownerOf(roomUuid);
    if (!owner) return null;
    if (owner.processId === this.me) return this.engine.state(roomUuid);
    return this.ask(roomUuid, owner, {
      kind: 'state',
      roomUuid,
    }) as Promise<ClientRoomState | null>;
  }

  /** The room's owner; nobody: this process takes it. */
  private async owner(roomUuid: string): Promise<Lease> {
    const lease = await this.ownership.claim(roomUuid);
    this.noteOwner(roomUuid, lease);
    return lease;
  }

  /**
   * ROOM-OWNER-6: a room changed hands while this process has connections in it: they resync. A
   * new lease of the same other process counts too: that owner lost its lease (Redis lost its data)
   * and loaded the room again from its saved state, where nobody here is connected any more; the
   * connections here must join again before the leave grace ends. The owner's own connections
   * were sent to rejoin when it let the room go.
   */
  private noteOwner(roomUuid: string, lease: Lease): void {
    const before = this.known.get(roomUuid);
    this.known.set(roomUuid, lease);
    if (before === undefined) return;
    const moved = before.processId !== lease.processId;
    const reloadedElsewhere = lease.processId !== this.me && before.fence !== lease.fence;
    if (moved || reloadedElsewhere) this.local?.resync(roomUuid);
  }

  /** Sends a request to the owner; a "moved" answer is tried once more at the new owner. */
  private async ask(roomUuid: string, owner: Lease, ask: Ask, retried = false): Promise<unknown> {
    const id = randomUUID();
    const message = { ...ask, id, from: this.me } as Request;
    this.platform.metrics.forwarded.inc({ kind: ask.kind });
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.platform.log.warn({ room: roomUuid, owner: owner.processId }, 'owner did not answer');
        reject(refuse(ROOM_ERRORS.SERVER_ERROR));
      }, ASK_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
    });
    await this.platform.bus.publish(processTopic(owner.processId), message);
    try {
      return await answer;
    } catch (err) {
      if (!(err instanceof MovedError) || retried) throw err;
      return this.ask(roomUuid, await this.owner(roomUuid), ask, true);
    }
  }

  private receive(m: ProcessMessage): void {
    if (m.kind === 'reply') {
      const waiter = this.pending.get(m.id);
      if (!waiter) return;
      this.pending.delete(m.id);
      clearTimeout(waiter.timer);
      if ('error' in m) {
        const e = m.error;
        waiter.reject(
          e.moved
            ? new MovedError()
            : new RoomActionError(e.text, e.code as RoomActionError['code']),
        );
      } else waiter.resolve(m.result);
      return;
    }
    if (m.kind === 'disconnected') {
      this.engine.disconnected(m.roomUuid, m.userUuid, m.connectionId, m.leaveNow);
      return;
    }
    void this.serve(m);
  }

  /** Runs a request for a room this process owns, and answers it. */
  private async serve(m: Request): Promise<void> {
    const reply = (
      body: { result: unknown } | { error: { text: string; code?: string; moved?: boolean } },
    ) => this.platform.bus.publish(processTopic(m.from), { kind: 'reply', id: m.id, ...body });
    try {
      const roomUuid =
        m.kind === 'join'
          ? m.settings.uuid
          : m.kind === 'state' || m.kind === 'users'
            ? m.roomUuid
            : String(m.params.roomUuid);
      const lease = await this.ownership.claim(roomUuid);
      if (lease.processId !== this.me) throw new MovedError();
      let result: unknown;
      if (m.kind === 'join') {
        result = await this.engine.join(
          m.connectionId,
          m.auth,
          m.params,
          async () => {},
          m.settings,
        );
      } else if (m.kind === 'action') {
        result = await runRoomAction(this.engine, m.auth, m.name, m.params, () => true);
      } else if (m.kind === 'users') {
        result = await this.engine.usersPage(m.roomUuid, m.offset, m.limit);
      } else {
        result = this.engine.state(m.roomUuid);
      }
      await reply({ result });
    } catch (err) {
      if (err instanceof MovedError || err instanceof NotOwnerError) {
        await reply({ error: { text: ERRORS.INTERNAL.message, moved: true } });
        return;
      }
      const { text, code, unexpected } = errorText(err);
      if (unexpected)
        this.platform.log.error({ err, kind: m.kind }, 'forwarded room request failed');
      await reply({ error: { text, ...(code ? { code } : {}) } }).catch(() => {});
    }
  }

  /**
   * ROOM-OWNER-4, ROOM-OWNER-6: every half lease, rooms this process has connections in that nobody
   * runs are taken over (restored from their persisted state), and rooms that changed hands resync
   * their connections here; rooms with persisted live state and no owner (theirs died) are taken
   * over too, so their end-of-song timers keep running.
   */
  private watch(): void {
    if (this.sweeping) return;
    this.sweeping = this.sweep()
      .catch((err: unknown) => this.platform.log.warn({ err }, 'room ownership sweep failed'))
      .finally(() => (this.sweeping = null));
  }

  private async sweep(): Promise<void> {
    const here = this.local?.rooms() ?? [];
    for (const room of this.known.keys()) if (!here.includes(room)) this.known.delete(room);
    const owners = await this.ownership.owners(here);
    const orphans: string[] = [];
    here.forEach((room, i) => {
      const owner = owners[i];
      if (!owner) orphans.push(room);
      else this.noteOwner(room, owner);
    });
    const persisted = await this.engine.liveRoomsWithoutOwner();
    const take = [...new Set([...orphans, ...persisted])];
    if (take.length === 0) return;
    const restored = await this.engine.restoreAll(take);
    if (restored) this.platform.log.info({ restored }, 'live rooms taken over');
    // Connections here were members under the old owner: they rejoin the room as it is now.
    for (const room of orphans) {
      this.known.delete(room);
      this.local?.resync(room);
    }
  }

  async close(): Promise<void> {
    if (this.watchTimer) clearInterval(this.watchTimer);
    await this.sweeping;
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = null;
    await unsubscribe?.().catch(() => {});
    for (const [id, w] of this.pending) {
      clearTimeout(w.timer);
      w.reject(refuse(ROOM_ERRORS.SERVER_ERROR));
      this.pending.delete(id);
    }
  }
}

/** The process asked does not own the room (any more). */
class MovedError extends Error {
  constructor() {
    super('the room moved');
    this.name = 'MovedError';
  }
}
