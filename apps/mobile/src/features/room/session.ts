import { useSyncExternalStore } from 'react';
import {
  createRoomSession,
  createRoomStore,
  type KeyValueStorage,
  type RoomStoreState,
} from '@tt/room-client';
import { API_URL } from '../../lib/config';
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

/** The one room store and session of the app (one room at a time). */
export const roomStore = createRoomStore();
export const roomSession = createRoomSession({
  store: roomStore,
  origin: () => API_URL,
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
