import { setTimeout as sleep } from 'node:timers/promises';
import type { GhostUserProfile, RoomDto, TokenRole, UserProfileDto } from '@tt/protocol';
import type { Platform } from '../platform/service';
import type { RoomsPort } from '../platform/ports';
import { refusalCode } from '@tt/rules';
import { withFacts } from '../platform/access';
import { fail } from '../platform/errors';
import { trustOf, trustThresholds } from '../platform/trust';
import type { SeatTrust } from './trust-seat';
import { refuse, ROOM_ERRORS } from './errors';
import { ghostProfile, LiveRoom, type Member, type RoomOutput } from './live-room';
import type { RealtimeOptions } from './options';
import { parsePersisted, restoreInto, snapshotOf } from './persistence';
import { Playback } from './playback';
import { RoomAnnouncements } from './room-announce';
import { envelopeFrame, nextSeq, statefulFrame, type RoomBusMessage } from './wire';
import type { StarChange } from './room-actions';
import type { RoomOwnership } from './ownership';

/** ROOM-OWNER-1: this process may not run the room: another one owns it. */
export class NotOwnerError extends Error {
  constructor(readonly owner: string) {
    super('another process runs this room');
    this.name = 'NotOwnerError';
  }
}

/**
 * The machinery under the engine: one promise queue per room (a room is changed by one task at a
 * time — the engine is its single writer), coalesced persistence, loading and unloading rooms,
 * publishing their messages in order on the room's bus topic, timers.
 */
export abstract class RoomRuntime {
  protected readonly rooms = new Map<string, LiveRoom>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly savers = new Map<string, { dirty: boolean; running: Promise<void> | null }>();
  /** When each room's live state was last written (ROOM-SAVE-1), on the monotonic clock. */
  private readonly lastSaved = new Map<string, number>();
  /** Ends a saver's wait for its interval when shutdown begins (it then writes at once). */
  private readonly closingNow = new AbortController();
  /** Shutting down: connections closing now must not make their users leave. */
  protected closing = false;
  private closed = false;
  readonly playback: Playback;

  /** Outbox work and writes in flight (room-announce.ts). */
  private readonly announce: RoomAnnouncements;

  /** The fencing token of each room this process runs or last ran (ROOM-OWNER-2). */
  private readonly fences = new Map<string, number>();

  constructor(
    protected readonly platform: Platform,
    protected readonly options: RealtimeOptions,
    private readonly publish: (roomUuid: string, message: RoomBusMessage) => void,
    readonly ownership: RoomOwnership,
  ) {
    this.announce = new RoomAnnouncements(platform);
    this.playback = new Playback({
      rooms: () => this.roomsPort(),
      log: platform.log,
      track: (p) => this.announce.track(p),
      enqueue: (uuid, fn) => void this.enqueue(uuid, fn).catch((err) => this.logTaskError(err)),
      wentLive: (roomUuid, djUuid) => this.announce.work('room.wentLive', roomUuid, djUuid),
      played: (play) => this.announce.play(play),
    });
  }

  /** NOTIFY-DJ-1, NOTIFY-ROOM-1 (RoomAnnouncements.work). */
  announceWork(
    topic: 'room.djTookStage' | 'room.wentLive',
    roomUuid: string,
    djUuid: string,
  ): void {
    this.announce.work(topic, roomUuid, djUuid);
  }

  /** SEC-UNVERIFIED-1: an account whose e-mail is not verified yet does not take a DJ seat. */
  async requireVerified(auth: { uuid: string; roles: TokenRole[] }): Promise<void> {
    const actor = await withFacts(this.platform.ports, auth, 'room.dj');
    if (actor.verified === false) throw fail(refusalCode('room.dj', 'unverified'));
  }

  /** TRUST-6: whether this account holds trust.skip (by role or earned), read before it takes a seat. */
  async seatTrust(auth: { uuid: string; roles: TokenRole[] }): Promise<SeatTrust> {
    const t = trustThresholds(this.platform.config);
    const { facts, skip } = await trustOf(this.platform.ports.standing, auth, t);
    return { skip, facts, t };
  }

  protected roomsPort(): RoomsPort {
    const port = this.platform.ports.rooms;
    if (!port) throw refuse(ROOM_ERRORS.ROOM_SERVICE_DOWN);
    return port;
  }

  /** A star given or taken back: `room.songStarred` work, in order (RoomAnnouncements.star). */
  announceStar(roomUuid: string, userUuid: string, change: StarChange): void {
    this.announce.star(roomUuid, userUuid, change);
  }

  protected logTaskError(err: unknown): void {
    if ((err as Error)?.name === 'RoomActionError') return;
    this.platform.log.error({ err }, 'realtime room task failed');
  }

  /** Runs `fn` after every earlier task of this room; then saves and unloads as needed. */
  enqueue<T>(roomUuid: string, fn: (room: LiveRoom | undefined) => Promise<T> | T): Promise<T> {
    const previous = this.queues.get(roomUuid) ?? Promise.resolve();
    const run = previous.then(async () => {
      if (this.closed) throw refuse(ROOM_ERRORS.SERVER_ERROR);
      try {
        return await fn(this.rooms.get(roomUuid));
      } finally {
        if (!this.closing) this.settle(roomUuid);
      }
    });
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(roomUuid, tail);
    void tail.then(() => {
      if (this.queues.get(roomUuid) === tail) this.queues.delete(roomUuid);
    });
    return run;
  }

  /** After a task: persist what changed; a room nobody is in goes away (and its live state). */
  private settle(roomUuid: string): void {
    const room = this.rooms.get(roomUuid);
    if (!room) return;
    if (room.members.size === 0) {
      this.unload(room);
      this.save(roomUuid);
    } else {
      if (room.dirty) {
        room.dirty = false;
        this.save(roomUuid);
      }
      this.onChanged?.(room);
    }
  }

  /** Writes the room's persisted part (or null) — coalesced: one write in flight per room. */
  protected save(roomUuid: string): void {
    let saver = this.savers.get(roomUuid);
    if (!saver) this.savers.set(roomUuid, (saver = { dirty: false, running: null }));
    saver.dirty = true;
    if (saver.running) return;
    const s = saver;
    s.running = (async () => {
      while (s.dirty) {
        // ROOM-SAVE-1: the changes made while the last write was recent go out together. The
        // interval is timed on the monotonic clock: a step of the wall clock (an NTP correction,
        // a test's faked Date) must not hold a write back for the size of the step.
        const last = this.lastSaved.get(roomUuid);
        const wait =
          last === undefined ? 0 : last + this.options.saveIntervalMs - performance.now();
        if (wait > 0 && !this.closing) {
          await sleep(wait, undefined, { signal: this.closingNow.signal }).catch(() => {});
        }
        this.lastSaved.set(roomUuid, performance.now());
        // RR-TIMER-4: a song's end is written before the state that moved past it.
        await this.rooms.get(roomUuid)?.ending;
        s.dirty = false;
        const room = this.rooms.get(roomUuid);
        const snapshot = room ? snapshotOf(room) : null;
        const fence = this.ownership.distributed ? this.fences.get(roomUuid) : undefined;
        // Several processes: a write without this process's lease would not be fenced.
        if (this.ownership.distributed && fence === undefined) continue;
        try {
          const written = await this.roomsPort().saveLiveState(roomUuid, snapshot, fence);
          if (!written) {
            // ROOM-OWNER-2: a newer owner wrote since: this process lost the room.
            // Abandoning forgets the fence, so no further write of this room is attempted.
            this.platform.log.warn({ room: roomUuid, fence }, 'stale owner: live state refused');
            this.abandon(roomUuid);
          }
        } catch (err) {
          this.platform.log.error({ err, room: roomUuid }, 'saving live state failed');
        }
      }
      s.running = null;
      if (this.savers.get(roomUuid) === s) this.savers.delete(roomUuid);
      // The room emptied and its last state is written: another process may take it now.
      if (!this.rooms.has(roomUuid) && !this.closing) {
        this.fences.delete(roomUuid);
        this.lastSaved.delete(roomUuid);
        await this.ownership.release(roomUuid);
      }
    })();
    this.announce.track(s.running);
  }

  protected unload(room: LiveRoom): void {
    this.stopTimers(room);
    this.rooms.delete(room.uuid);
    this.onUnloaded?.(room.uuid);
  }

  private stopTimers(room: LiveRoom): void {
    this.playback.disarm(room);
    if (room.roleTimer) clearTimeout(room.roleTimer);
    room.roleTimer = null;
    for (const m of room.members.values()) {
      if (m.leaveTimer) clearTimeout(m.leaveTimer);
      m.leaveTimer = null;
    }
  }

  /** Publishes one output of a room on its topic; `seq` numbers them in order. */
  private emit(roomUuid: string, out: RoomOutput): number {
    const frame =
      out.kind === 'state'
        ? statefulFrame(roomUuid, out.name, out.ops)
        : envelopeFrame(roomUuid, out.message);
    const message: RoomBusMessage = { seq: nextSeq(), frame };
    if (out.toUser) message.toUser = out.toUser;
    if (out.kind === 'event' && out.kick) message.kick = out.kick;
    if (out.kind === 'event' && out.reset) message.reset = true;
    this.publish(roomUuid, message);
    return message.seq;
  }

  /**
   * ROOM-OWNER-3: this process stops running the room at once, writing nothing (its lease is lost
   * or a newer owner wrote): timers stop, the room is forgotten, the hook tells the transport.
   */
  abandon(roomUuid: string): void {
    const room = this.rooms.get(roomUuid);
    if (room) this.unload(room);
    this.fences.delete(roomUuid);
    this.onAbandon?.(roomUuid);
  }

  /** Set by the router: what to do with this process's connections in an abandoned room. */
  onAbandon?: (roomUuid: string) => void;
  /** Set with several processes: a task ran on the room / the room stopped running here. */
  onChanged?: (room: LiveRoom) => void;
  onUnloaded?: (roomUuid: string) => void;

  /** The rooms this process runs. */
  ownedRooms(): Iterable<LiveRoom> {
    return this.rooms.values();
  }

  /** Brings a room to life: fresh, or rebuilt from its persisted live state (timers re-armed). */
  protected async load(roomUuid: string, settings: RoomDto): Promise<LiveRoom> {
    // ROOM-OWNER-1: only the owner runs a room.
    const lease = await this.ownership.claim(roomUuid);
    if (lease.processId !== this.ownership.processId) throw new NotOwnerError(lease.processId);
    this.fences.set(roomUuid, lease.fence);
    const room: LiveRoom = new LiveRoom(roomUuid, settings, (out) => {
      room.lastSeq = this.emit(roomUuid, out);
    });
    const saved = parsePersisted(await this.roomsPort().loadLiveState(roomUuid));
    this.rooms.set(roomUuid, room);
    if (saved) {
      const profiles = await this.profiles(saved.djs.map((d) => d.uuid));
      restoreInto(room, saved, profiles, Date.now() + this.options.leaveGraceMs);
      for (const m of room.members.values()) this.armLeave(room, m);
      await this.afterRoomLoaded(room);
      if (room.state.nowPlaying && room.state.nowPlaying.endTime <= Date.now()) {
        await this.playback.advance(room);
      } else {
        this.playback.arm(room);
      }
    }
    this.armRoleTimer(room);
    return room;
  }

  /** Hook: the engine re-checks who may DJ after a restore. */
  protected abstract afterRoomLoaded(room: LiveRoom): Promise<void>;
  protected abstract armRoleTimer(room: LiveRoom): void;
  protected abstract removeUser(room: LiveRoom, userUuid: string): Promise<void>;

  /**
   * At start (and, with several processes, whenever an owner is gone): every room with persisted
   * live state that nobody runs comes back here, its end-of-song timer re-armed (ROOM-OWNER-4).
   * `only` limits it to those rooms.
   */
  async restoreAll(only?: string[]): Promise<number> {
    const uuids = only ?? (await this.roomsPort().liveRoomUuids());
    const owners = await this.ownership.owners(uuids);
    let restored = 0;
    for (const [i, uuid] of uuids.entries()) {
      const owner = owners[i];
      if (owner && owner.processId !== this.ownership.processId) continue;
      await this.enqueue(uuid, async (existing) => {
        if (existing) return;
        const settings = await this.roomsPort().get(uuid);
        if (!settings) return this.save(uuid);
        await this.load(uuid, settings);
        restored++;
      }).catch((err) => {
        if (err instanceof NotOwnerError) return;
        this.platform.log.error({ err, room: uuid }, 'restoring a room failed');
      });
    }
    return restored;
  }

  /** Rooms with persisted live state that no process runs (their owner is gone). */
  async liveRoomsWithoutOwner(): Promise<string[]> {
    const uuids = await this.roomsPort().liveRoomUuids();
    const owners = await this.ownership.owners(uuids);
    return uuids.filter((_, i) => !owners[i]);
  }

  /** Is the room running in this process now? */
  runs(roomUuid: string): boolean {
    return this.rooms.has(roomUuid);
  }

  protected async profiles(
    uuids: string[],
  ): Promise<Map<string, UserProfileDto | GhostUserProfile>> {
    const map = new Map<string, UserProfileDto | GhostUserProfile>();
    const users = this.platform.ports.users;
    if (users && uuids.length) {
      try {
        for (const p of await users.profiles(uuids)) map.set(p.uuid, p);
      } catch (err) {
        this.platform.log.warn({ err }, 'profiles unavailable');
      }
    }
    for (const uuid of uuids) {
      if (!map.has(uuid)) {
        map.set(uuid, { ...ghostProfile(uuid), nickname: 'User', avatarId: 'default' });
      }
    }
    return map;
  }

  /** The user leaves the room when the grace period ends with no connection of theirs left. */
  protected armLeave(room: LiveRoom, member: Member): void {
    if (member.leaveTimer) clearTimeout(member.leaveTimer);
    member.leaveTimer = setTimeout(() => {
      void this.enqueue(room.uuid, async (current) => {
        if (current !== room || room.members.get(member.uuid) !== member) return;
        if (member.connections.size > 0) return;
        await this.removeUser(room, member.uuid);
      }).catch((err) => this.logTaskError(err));
    }, this.options.leaveGraceMs);
    member.leaveTimer.unref?.();
  }

  /** Shutdown, step 1: connections closing from now on do not make anyone leave; timers stop. */
  beginClose(): void {
    this.closing = true;
    this.closingNow.abort();
    for (const room of this.rooms.values()) this.stopTimers(room);
  }

  /** Shutdown, step 2: waits for running tasks and writes. The persisted state stays. */
  async close(): Promise<void> {
    this.beginClose();
    await Promise.allSettled([...this.queues.values()]);
    for (const room of this.rooms.values()) {
      this.stopTimers(room);
      if (room.dirty) this.save(room.uuid);
    }
    while (this.announce.pending.size) await Promise.allSettled([...this.announce.pending]);
    this.closed = true;
    this.rooms.clear();
  }
}
