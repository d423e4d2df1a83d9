import { roomSessionMock } from '../../../testing/room-session-mock';

/**
 * Jest's stand-in for ../session.ts, used by every test that calls `jest.mock('…/room/session')`
 * without a factory: a real room store the test fills and jest functions for the socket session
 * (read back with `jest.requireMock<MockRoomSession>`).
 */
const mock = roomSessionMock();
export const { roomStore, roomSession, useRoomStore } = mock;
