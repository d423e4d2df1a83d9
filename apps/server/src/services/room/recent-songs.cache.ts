import type { EventBus } from '../../platform/bus';
import type { RecentSongRow } from './activity.repository';
import { KeptPages } from '../../platform/kept-pages';

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
export class RecentSongsCache extends KeptPages<number, RecentSongsPage> {
  constructor(ttlMs = RECENT_SONGS_KEEP_MS, now: () => number = Date.now, maxRooms = 2000) {
    super(ttlMs, now, maxRooms);
  }

  /** Subscribes this process to the drops every process publishes. */
  follow(bus: EventBus): Promise<() => Promise<void>> {
    return bus.subscribe('room.recentSongsChanged', ({ roomId }) => this.drop(roomId));
  }
}
