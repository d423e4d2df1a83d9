import type { MinimalSongDto } from '@tt/protocol';
import type { Occupancy } from '@tt/rules';
import type { Platform } from '../platform/service';
import type { RoomHeadcount, RoomPresence } from '../platform/ports';
import type { LiveRoom } from './live-room';
import { listeningSnapshot } from './listening';

/** What the owner of a room tells every process about it (ROOM-OWNER-8). */
export interface PresenceSnapshot {
  roomUuid: string;
  owner: string;
  /** Users in the room (guests excluded), DJs, guests. */
  users: string[];
  guests: string[];
  djs: string[];
  song: MinimalSongDto | null;
  /** Song ids heard in the room now, and the last one that ended (SEC-HLS-KEY-2). */
  listening: string[];
  ended: { ids: string[]; at: number } | null;
  /** The room emptied (or its owner let it go). */
  gone?: boolean;
  at: number;
}

declare module '../platform/bus' {
  interface BusTopics {
    'realtime.presence': PresenceSnapshot;
  }
}

/**
 * ROOM-OWNER-8: with several processes, each owner publishes who is in its rooms (at most every
 * `throttleMs` per room, and every lease as a heartbeat), and every process keeps the latest, so
 * room lists, room size checks and HLS key grants answer the same on every process. A snapshot
 * older than three leases counts as gone.
 */
export class PresenceBoard {
  private readonly seen = new Map<string, PresenceSnapshot>();
  private readonly due = new Map<string, NodeJS.Timeout>();
  private unsubscribe: (() => Promise<void>) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly platform: Platform,
    private readonly processId: string,
    private readonly leaseMs: number,
    private readonly ownedRooms: () => Iterable<LiveRoom>,
    private readonly throttleMs = 300,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.platform.bus.subscribe('realtime.presence', (p) => {
      if (p.gone) {
        if (this.seen.get(p.roomUuid)?.owner === p.owner) this.seen.delete(p.roomUuid);
      } else this.seen.set(p.roomUuid, p);
    });
    this.heartbeat = setInterval(() => {
      for (const room of this.ownedRooms()) this.changed(room);
    }, this.leaseMs);
    this.heartbeat.unref();
  }

  /** The room changed (members, DJs, song): published soon. */
  changed(room: LiveRoom): void {
    if (this.due.has(room.uuid)) return;
    const wait = room.members.size > 1000 ? this.throttleMs * 4 : this.throttleMs;
    const timer = setTimeout(() => {
      this.due.delete(room.uuid);
      this.publish(this.snapshot(room));
    }, wait);
    timer.unref();
    this.due.set(room.uuid, timer);
  }

  /** The room is no longer run here. */
  gone(roomUuid: string): void {
    const timer = this.due.get(roomUuid);
    if (timer) clearTimeout(timer);
    this.due.delete(roomUuid);
    this.publish({
      roomUuid,
      owner: this.processId,
      users: [],
      guests: [],
      djs: [],
      song: null,
      listening: [],
      ended: null,
      gone: true,
      at: Date.now(),
    });
  }

  private snapshot(room: LiveRoom): PresenceSnapshot {
    const guests: string[] = [];
    for (const m of room.members.values()) if (m.isGuest) guests.push(m.uuid);
    const { ids, ended } = listeningSnapshot(room);
    return {
      roomUuid: room.uuid,
      owner: this.processId,
      users: room.presentUserUuids(),
      guests,
      djs: room.djUuids(),
      song: room.state.nowPlaying?.song ?? null,
      listening: ids,
      ended,
      at: Date.now(),
    };
  }

  private publish(p: PresenceSnapshot): void {
    this.platform.bus.publish('realtime.presence', p).catch((err: unknown) => {
      this.platform.log.warn({ err, room: p.roomUuid }, 'presence publish failed');
    });
  }

  /** The latest snapshot of a room another process runs (undefined when none is fresh). */
  private fresh(roomUuid: string): PresenceSnapshot | undefined {
    const p = this.seen.get(roomUuid);
    if (!p || Date.now() - p.at > this.leaseMs * 3) return undefined;
    return p;
  }

  presence(roomUuid: string): RoomPresence {
    const p = this.fresh(roomUuid);
    return { userUuids: p?.users ?? [], djUuids: p?.djs ?? [], song: p?.song ?? null };
  }

  occupancy(roomUuid: string): Occupancy {
    const p = this.fresh(roomUuid);
    return { users: p?.users.length ?? 0, guests: p?.guests.length ?? 0 };
  }

  /** ROOM-LIST-1: the rooms other processes run with somebody in them, counted, into `out`. */
  headcounts(out: Map<string, RoomHeadcount>, now = Date.now()): void {
    for (const p of this.seen.values()) {
      if (now - p.at > this.leaseMs * 3) continue;
      if (p.users.length || p.djs.length) {
        out.set(p.roomUuid, { users: p.users.length, djs: p.djs.length });
      }
    }
  }

  isInRoom(roomUuid: string, userUuid: string): boolean {
    const p = this.fresh(roomUuid);
    return !!p && (p.users.includes(userUuid) || p.guests.includes(userUuid));
  }

  isListening(userUuid: string, songShortId: string, graceMs: number, now = Date.now()): boolean {
    for (const p of this.seen.values()) {
      if (now - p.at > this.leaseMs * 3) continue;
      if (!p.users.includes(userUuid)) continue;
      if (p.listening.includes(songShortId)) return true;
      if (p.ended && now - p.ended.at <= graceMs && p.ended.ids.includes(songShortId)) return true;
    }
    return false;
  }

  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const t of this.due.values()) clearTimeout(t);
    this.due.clear();
    await this.unsubscribe?.().catch(() => {});
    this.unsubscribe = null;
  }
}
