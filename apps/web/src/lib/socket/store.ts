import { create } from 'zustand';
import type { ClientRoomState, OneTimeAnimation } from '@tt/protocol';

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

export interface RoomStoreState {
  slug: string | null;
  roomUuid: string | null;
  status: RoomStatus;
  state: ClientRoomState | null;
  error: string | null;
  /** The error catalogue's code of `error`, when the server named it (for translation). */
  errorCode: string | null;
  kickReason: string | null;
  /** serverTime - Date.now(), from joinRoom's serverTime and every heartbeat. */
  serverTimeOffset: number;
  /** One-time animations showing right now, by user uuid. */
  animations: Record<string, ActiveAnimation>;
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
  animations: {},
};

/** The live room the user is in (one at a time); written by the RoomConnection only. */
export const useRoomStore = create<RoomStoreState>()(() => ({ ...initialRoomState }));

/** What a RoomConnection needs of a store (the zustand store, or a plain one in tests). */
export interface RoomStoreApi {
  getState: () => RoomStoreState;
  setState: (partial: Partial<RoomStoreState>) => void;
}
