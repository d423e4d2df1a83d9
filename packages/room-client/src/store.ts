import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ClientRoomState, OneTimeAnimation, UsersPageInfo } from '@tt/protocol';

export type RoomStatus =
  /** No room. */
  | 'idle'
  /** Opening the socket and joining. */
  | 'connecting'
  /** In the room: `state` is current. */
  | 'joined'
  /** Asking for a fresh state (a patch failed, a room reset, a reconnect). */
  | 'rejoining'
  /** The socket was lost; it reopens by itself. */
  | 'reconnecting'
  /** A moderator removed us (`kickReason`). */
  | 'kicked'
  /** The server ended the connection. */
  | 'closed'
  /** Joining was refused (`error`). */
  | 'failed';

export interface ActiveAnimation {
  animation: OneTimeAnimation;
  emoji?: string;
  /** Grows with every animation, so a repeat restarts the effect. */
  id: number;
}

/**
 * ROOM-RULES-7: the room's word to this user about being away from the stage: a warning (they
 * leave the stage at `removeAt`, server ms, unless they act) or that they were taken off it.
 */
export type AfkNotice = { kind: 'warning'; removeAt: number } | { kind: 'removed'; reason: string };

export interface RoomStoreState {
  slug: string | null;
  roomUuid: string | null;
  status: RoomStatus;
  state: ClientRoomState | null;
  error: string | null;
  /** The error catalogue's code of `error`, when the server named it (for translation). */
  errorCode: string | null;
  kickReason: string | null;
  /**
   * serverTime - Date.now(), ms, estimated from the joinRoom round trips and the heartbeats
   * (SYNC-1..3, see clock.ts).
   */
  serverTimeOffset: number;
  /** ± ms `serverTimeOffset` may be off by (half the best round trip; null: not known yet). */
  serverTimeUncertainty?: number | null;
  /** One-time animations showing right now, by user uuid. */
  animations: Record<string, ActiveAnimation>;
  /**
   * ROOM-PAGE-1: when the state holds only a page of the users: how many are in the room and
   * where the next page starts (null: every page is in). Null when the state holds everyone.
   */
  usersPage: UsersPageInfo | null;
  /** ROOM-RULES-7: the latest AFK warning or removal for this user (null: none). */
  afk?: AfkNotice | null;
}

export const initialRoomState: RoomStoreState = {
  slug: null,
  roomUuid: null,
  status: 'idle',
  state: null,
  error: null,
  errorCode: null,
  kickReason: null,
  serverTimeOffset: 0,
  serverTimeUncertainty: null,
  animations: {},
  usersPage: null,
};

/** What a RoomConnection needs of a store (the zustand store, or a plain one in tests). */
export interface RoomStoreApi {
  getState: () => RoomStoreState;
  setState: (partial: Partial<RoomStoreState>) => void;
}

/** A zustand (vanilla) store of the room state; React binds it with `@tt/room-client/react`. */
export type RoomStore = StoreApi<RoomStoreState>;

/**
 * The live room the user is in (one at a time), idle at first; written by the RoomConnection
 * only. An app makes one and hands it to its room session.
 */
export function createRoomStore(): RoomStore {
  return createStore<RoomStoreState>()(() => ({ ...initialRoomState }));
}
