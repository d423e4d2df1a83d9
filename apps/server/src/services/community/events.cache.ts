import type { EventBus } from '../../platform/bus';
import type { EventRecord } from './events.repository';
import type { RoomRef } from '../../platform/ports';

declare module '../../platform/bus' {
  interface BusTopics {
    /** EVT-LIST-3: an event, a community's visibility or its rooms changed: drop kept lists. */
    'community.listsChanged': { at: number };
  }
}

/** One kept answer: the page (events placed in their rooms) and the total. */
export interface KeptPage {
  rows: (EventRecord & { room: RoomRef })[];
  total: number;
}

/**
 * EVT-LIST-3: the upcoming list's answers, kept per process for up to `ttlMs` (the viewer's own
 * reminders are added per request, so one answer serves everybody). Any change that could alter a
 * list — an event scheduled, moved or cancelled, a community's visibility or rooms, a room's
 * settings (listed or not), a room deleted — drops them all at once on every process (the bus);
 * the time limit only bounds how long an event that has just ended may still show.
 */
export class UpcomingCache {
  private readonly kept = new Map<string, { until: number; page: KeptPage }>();
  private generation = 0;

  constructor(
    private readonly ttlMs = 2000,
    private readonly maxEntries = 1000,
  ) {}

  /** Subscribes this process to every change that drops the kept lists. */
  async follow(bus: EventBus): Promise<Array<() => Promise<void>>> {
    const drop = () => this.drop();
    return Promise.all([
      bus.subscribe('community.listsChanged', drop),
      bus.subscribe('room.settingsUpdated', drop),
      bus.subscribe('live.room.deleted', drop),
    ]);
  }

  /**
   * The kept answer for `key`, or the one `load` reads (kept unless a change arrived while it was
   * being read: it may predate that change). `load` answers null when it cannot answer from the
   * kept counts; nothing is kept then.
   */
  async get(
    key: string,
    load: () => Promise<KeptPage | null>,
    now = Date.now(),
  ): Promise<KeptPage | null> {
    const hit = this.kept.get(key);
    if (hit && hit.until > now) return hit.page;
    const generation = this.generation;
    const page = await load();
    if (page && generation === this.generation && this.ttlMs > 0) {
      if (this.kept.size >= this.maxEntries) this.kept.clear();
      this.kept.set(key, { until: now + this.ttlMs, page });
    }
    return page;
  }

  drop(): void {
    this.generation++;
    this.kept.clear();
  }
}
