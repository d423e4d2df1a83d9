import { useStore, type UseBoundStore } from 'zustand';
import type { RoomStore, RoomStoreState } from './store';

/**
 * React bindings of the room store (react and react-native alike: zustand's `useStore` needs only
 * `react`). `useRoomState(store, (s) => s.status)` re-renders when the selected part changes.
 */
export function useRoomState<T>(store: RoomStore, selector: (state: RoomStoreState) => T): T {
  return useStore(store, selector);
}

/**
 * The store as one hook, the way zustand's `create` makes it: `useRoom((s) => s.state)` in
 * components, and `useRoom.getState()`, `setState`, `subscribe` outside them.
 */
export function bindRoomStore(store: RoomStore): UseBoundStore<RoomStore> {
  const hook = (<T>(selector?: (state: RoomStoreState) => T) =>
    useStore(store, selector as (state: RoomStoreState) => T)) as UseBoundStore<RoomStore>;
  return Object.assign(hook, store);
}
