import { useSyncExternalStore } from 'react';
import { createRoomStore, type RoomStore } from '@tt/room-client';

/** The mocked room session as a test reads it back with `jest.requireMock`. */
export interface MockRoomSession {
  roomStore: RoomStore;
  roomSession: { [K in 'enterRoom' | 'leaveRoom' | 'roomAction' | 'activeRoomUuid']: jest.Mock };
}

/**
 * A stand-in for src/features/room/session.ts: a real room store (tests fill it) and jest
 * functions for the socket session. Use it as
 * `jest.mock('./session')` (the manual mock in src/features/room/__mocks__/session.ts).
 */
export function roomSessionMock() {
  const roomStore = createRoomStore();
  return {
    roomStore,
    roomSession: {
      enterRoom: jest.fn(),
      leaveRoom: jest.fn(),
      roomAction: jest.fn(async () => ({})),
      activeRoomUuid: jest.fn(() => null),
    },
    useRoomStore: <T>(selector: (s: ReturnType<RoomStore['getState']>) => T) =>
      useSyncExternalStore(roomStore.subscribe, () => selector(roomStore.getState())),
  };
}
