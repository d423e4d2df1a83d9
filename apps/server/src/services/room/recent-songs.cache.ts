import type { EventBus } from '../../platform/bus';
import type { RecentSongRow } from './activity.repository';

declare module '../../platform/bus' {
  interface BusTopics {
    /** ROOM-RECENT-1: a room's recent songs changed (a song started or ended there). */
    'room.recentSongsChanged': { roomId: number };
  }
}

/** ROOM-RECENT-1: how long a room's recent-songs page is kept (60 seconds). */
export const RECENT_SONGS_KEEP_MS = 60_000;

export interface RecentSongsPage {
  rows: RecentSongRow[];
  total: number;
}

/**
 * ROOM-RECENT-1: the pages of a room's recent songs, kept per process for `ttlMs` (60 s). A song
 * that starts or ends in a room drops that room's pages on every process (the bus), so a play
 * shows at once; the time limit bounds the rest. `now` is the clock (injected by tests).
 */
export class RecentSongsCache {
  private readonly kept = new Map<number, Map<string, { until: number; page: RecentSongsPage }>>();
  /** Per room: bumped by each drop, so a read that raced a drop is not kept. */
  private readonly generations = new Map<number, number>();

  constructor(
    private readonly ttlMs = RECENT_SONGS_KEEP_MS,
    private readonly now: () => number = Date.now,
    private readonly maxRooms = 2000,
  ) {}

  /** Subscribes this process to the drops every process publishes. */
  follow(bus: EventBus): Promise<() => Promise<void>> {
    return bus.subscribe('room.recentSongsChanged', ({ roomId }) => this.drop(roomId));
  }

  /** The kept page of `roomId` at `limit`/`offset`, or the one `load` reads (then kept). */
  async get(
    roomId: number,
    limit: number,
    offset: number,
    load: () => Promise<RecentSongsPage>,
  ): Promise<RecentSongsPage> {
    const key = `${limit}:${offset}`;
    const hit = this.kept.get(roomId)?.get(key);
    if (hit && hit.until > this.now()) return hit.page;
    const generation = this.generations.get(roomId) ?? 0;
    const page = await load();
    if (this.ttlMs > 0 && generation === (this.generations.get(roomId) ?? 0)) {
      if (!this.kept.has(roomId) && this.kept.size >= this.maxRooms) this.kept.clear();
      const pages = this.kept.get(roomId) ?? new Map();
      pages.set(key, { until: this.now() + this.ttlMs, page });
      this.kept.set(roomId, pages);
    }
    return page;
  }

  /** Forgets the room's pages in this process. */
  drop(roomId: number): void {
    this.generations.set(roomId, (this.generations.get(roomId) ?? 0) + 1);
    this.kept.delete(roomId);
  }
}
