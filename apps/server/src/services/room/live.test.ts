import { describe, expect, it } from 'vitest';
import type { LiveRoomsSource } from '../../platform/ports';
import { LiveRooms } from './live';

const ROOM = '0e0a6f3c-1111-4222-8333-944445555666';
const ANN = '1e0a6f3c-1111-4222-8333-944445555666';

const source = (userUuids: string[]): LiveRoomsSource => ({
  roomState: async () => ({ roomUuid: ROOM }) as never,
  presence: () => ({ userUuids, djUuids: [], song: null }),
  occupancy: () => ({ users: userUuids.length, guests: 1 }),
  isInRoom: (_room, user) => userUuids.includes(user),
  headcounts: () => new Map(userUuids.length ? [[ROOM, { users: userUuids.length, djs: 0 }]] : []),
});

describe('ROOM-LIVE-1: the room service reads live rooms from what the realtime engine attaches', () => {
  it('ROOM-LIVE-1: with no source attached, nobody is in any room', async () => {
    const live = new LiveRooms();
    expect(live.attached).toBe(false);
    expect(live.presence(ROOM)).toBeUndefined();
    expect(live.occupancy(ROOM)).toBeUndefined();
    expect(live.isInRoom(ROOM, ANN)).toBe(false);
    expect(live.headcounts().size).toBe(0);
    expect(await live.roomState(ROOM)).toBeNull();
  });

  it('answers from the attached source; a later source replaces it, and only the one attached detaches', async () => {
    const live = new LiveRooms();
    const detachFirst = live.attach(source([ANN]));
    expect(live.attached).toBe(true);
    expect(live.presence(ROOM)?.userUuids).toEqual([ANN]);
    expect(live.occupancy(ROOM)).toEqual({ users: 1, guests: 1 });
    expect(live.isInRoom(ROOM, ANN)).toBe(true);
    expect([...live.headcounts()]).toEqual([[ROOM, { users: 1, djs: 0 }]]);
    expect(await live.roomState(ROOM)).toEqual({ roomUuid: ROOM });

    const detachSecond = live.attach(source([]));
    detachFirst();
    expect(live.attached).toBe(true);
    expect(live.isInRoom(ROOM, ANN)).toBe(false);
    detachSecond();
    expect(live.attached).toBe(false);
    expect(live.presence(ROOM)).toBeUndefined();
  });
});
