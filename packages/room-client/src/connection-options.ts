import type { KeyValueStorage } from './currentRoom';
import type { Gateway } from './gateway';
import type { Timers } from './primus';
import type { RoomStoreApi } from './store';
import type { ClockSyncSchedule } from './clock-sync';

export interface RoomConnectionOptions {
  slug: string;
  roomUuid: string;
  password?: string;
  /** The app's one socket (GATEWAY-CLIENT-1): the room is joined on it, and left without closing it. */
  gateway: Gateway;
  store: RoomStoreApi;
  /** Where the current room record is kept (see currentRoom.ts); none: it is not kept. */
  storage?: KeyValueStorage | null;
  timers?: Timers;
  random?: () => number;
  now?: () => number;
  log?: (message: string, detail?: unknown) => void;
  /** How long a one-time animation shows on the avatar. */
  animationMs?: number;
  /** Longest random wait before rejoining after a roomReset (RR-RESET-1; up to 2 s). */
  resetDelayMs?: number;
  /**
   * ROOM-PAGE-1: join with only this many of the room's users in the state (DJs, room roles and
   * this user always), and bring more with `loadMoreUsers()`. None: the whole room, as the SDK.
   */
  usersLimit?: number;
  /** SYNC-6: the clockSync round trips after a join (default: 4, 1.5 s apart, then 1 a minute). */
  clockSync?: ClockSyncSchedule;
}
