import type { EventBus } from '../../platform/bus';
import { KeptPages } from '../../platform/kept-pages';

declare module '../../platform/bus' {
  interface BusTopics {
    /** ROOM-LIST-5: the person visited a room: their kept recent-rooms pages are dropped. */
    'room.visited': { userUuid: string };
  }
}

/** ROOM-LIST-5: how long a person's recent-rooms page is kept (10 seconds). */
export const RECENT_ROOMS_KEEP_MS = 10_000;

/** A page of a person's visits: the rooms' ids and visit times, the total, the content version. */
export interface VisitsPage {
  rows: { roomId: number; visitedAt: string }[];
  total: number;
  content: number | null;
}

/**
 * ROOM-LIST-5: the pages of each person's recent rooms (which rooms, in which order, and how many),
 * kept per process for `ttlMs`. The person's own visit drops them on every process (the bus), so
 * a room just visited is listed at once. What a room looks like is not kept here: it comes from
 * the kept rooms by the content version the page was read with (ROOM-LIST-3), so a room deleted
 * or changed since then is read again, and a change announced on the bus (a room deleted, its
 * settings or roles changed) drops every person's pages, so the next read takes the new version.
 * `now` is the clock (injected by tests).
 */
export class RecentRoomsCache extends KeptPages<string, VisitsPage> {
  constructor(ttlMs = RECENT_ROOMS_KEEP_MS, now: () => number = Date.now, maxPeople = 5000) {
    super(ttlMs, now, maxPeople);
  }

  /** Subscribes this process to the drops every process publishes. */
  async follow(bus: EventBus): Promise<() => Promise<void>> {
    const offs = await Promise.all([
      bus.subscribe('room.visited', ({ userUuid }) => this.drop(userUuid)),
      bus.subscribe('live.room.deleted', () => this.dropAll()),
      bus.subscribe('live.room.rolesChanged', () => this.dropAll()),
      bus.subscribe('room.settingsUpdated', () => this.dropAll()),
    ]);
    return async () => {
      for (const off of offs) await off();
    };
  }
}
