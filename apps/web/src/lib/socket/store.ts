import { createRoomStore } from '@tt/room-client';
import { bindRoomStore } from '@tt/room-client/react';

/** The page's room store (the room client's, shared by every tab of the app's one connection). */
export const roomStore = createRoomStore();

/**
 * The live room the user is in (one at a time), as a hook: `useRoomStore((s) => s.status)` in
 * components, `useRoomStore.getState()` outside them. Written by the room connection only.
 */
export const useRoomStore = bindRoomStore(roomStore);
