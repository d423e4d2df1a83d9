import { useSyncExternalStore } from 'react';
import {
  createRoomSession,
  createRoomStore,
  type KeyValueStorage,
  type RoomStoreState,
} from '@tt/room-client';
import { gateway } from '../../lib/gateway';
import { currentToken } from '../../lib/token';

/** A memory copy of the room record: the phone forgets the last room when the app restarts. */
export function memoryStorage(): KeyValueStorage {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** The one room store and session of the app (one room at a time), on the app's one socket. */
export const roomStore = createRoomStore();
export const roomSession = createRoomSession({
  store: roomStore,
  gateway,
  // Entering a room before the chat feature followed the session: the gateway follows this.
  token: currentToken,
  storage: memoryStorage(),
  // ROOM-PAGE-1: a big room's people come in pages ("Show more people" brings the next).
  usersLimit: 100,
});

/** A slice of the room store, with the app's own React (no second copy through zustand). */
export function useRoomStore<T>(selector: (state: RoomStoreState) => T): T {
  return useSyncExternalStore(
    roomStore.subscribe,
    () => selector(roomStore.getState()),
    () => selector(roomStore.getState()),
  );
}
