import { describe, expect, it } from 'vitest';
import { SOCKET_ACTIONS } from '@tt/protocol';
import { CURRENT_ROOM_KEY } from './currentRoom';
import { createRoomSession } from './session';
import { createRoomStore } from './store';
import { fakeGateway, memoryStorage, sampleState } from './testing';

function setup() {
  const { gateway, sockets, timers } = fakeGateway({ origin: 'http://tt.test' });
  const store = createRoomStore();
  const storage = memoryStorage();
  const session = createRoomSession({
    store,
    storage,
    gateway,
    token: () => 'tok',
    timers,
    log: () => undefined,
  });
  const join = () => {
    const s = sockets[sockets.length - 1];
    if (s.readyState !== 1) s.serverOpen();
    s.serverSend({
      context: 'response',
      messageId: s.lastAction().messageId,
      state: sampleState(),
      serverTime: Date.now(),
    });
  };
  return { session, store, storage, sockets, join, gateway };
}

describe('room session', () => {
  it('GATEWAY-CLIENT-2: enters one room at a time on the one socket; entering the same room again changes nothing', () => {
    const t = setup();
    t.session.enterRoom({ slug: 'late-night', roomUuid: 'room-1' });
    // The gateway followed no token yet: entering follows the session's.
    expect(t.sockets[0].url).toMatch(/^ws:\/\/tt\.test\/primus\?token=tok&/);
    t.join();
    expect(t.store.getState()).toMatchObject({ status: 'joined', roomUuid: 'room-1' });
    expect(t.session.activeRoomUuid()).toBe('room-1');
    t.session.enterRoom({ slug: 'late-night', roomUuid: 'room-1' });
    expect(t.sockets[0].actions()).toHaveLength(1);
    t.session.enterRoom({ slug: 'after-dark', roomUuid: 'room-2' });
    // The first room is left on the same socket, and the second joined on it.
    expect(t.sockets).toHaveLength(1);
    expect(t.sockets[0].closed).toBe(false);
    expect(t.sockets[0].sent).toContainEqual({
      event: 'roomLeave',
      room: 'room-1',
      messageId: 'leave',
    });
    expect(t.sockets[0].lastAction().params).toEqual({ action: 'joinRoom', roomUuid: 'room-2' });
    expect(t.session.activeRoomUuid()).toBe('room-2');
  });

  it('sends actions to the room it is in, with its uuid', async () => {
    const t = setup();
    await expect(t.session.roomAction(SOCKET_ACTIONS.skipSong)).rejects.toThrow('Not in a room');
    t.session.enterRoom({ slug: 'late-night', roomUuid: 'room-1' });
    t.join();
    void t.session.roomAction(SOCKET_ACTIONS.voteOnSong, { songVotes: { like: true } });
    expect(t.sockets[0].lastAction().params).toEqual({
      action: 'voteOnSong',
      roomUuid: 'room-1',
      songVotes: { like: true },
    });
  });

  it('leaving resets the store and forgets the room; a kick reason stays until dismissed', () => {
    const t = setup();
    t.session.enterRoom({ slug: 'late-night', roomUuid: 'room-1' });
    t.join();
    expect(t.session.readCurrentRoom()).toMatchObject({ slug: 'late-night' });
    t.session.dismissRoomError(); // no reason to dismiss: the record stays
    expect(t.session.readCurrentRoom()).not.toBeNull();
    t.session.leaveRoom();
    expect(t.store.getState()).toMatchObject({ status: 'idle', roomUuid: null, state: null });
    expect(t.storage.getItem(CURRENT_ROOM_KEY)).toBeNull();
    expect(t.session.activeRoomUuid()).toBeNull();

    t.session.enterRoom({ slug: 'late-night', roomUuid: 'room-1' });
    t.join();
    t.sockets[0].serverSend({
      context: 'user',
      room: 'room-1',
      message: { name: 'kickedFromRoom', params: { reason: 'Be nice' } },
    });
    expect(t.session.readCurrentRoom()).toMatchObject({ error: 'Be nice' });
    const joins = t.sockets[0].actions().length;
    t.session.enterRoom({ slug: 'late-night', roomUuid: 'room-1' }); // kicked: a new try
    expect(t.sockets).toHaveLength(1);
    expect(t.sockets[0].actions()).toHaveLength(joins + 1);
    t.session.dismissRoomError();
    expect(t.session.readCurrentRoom()).toBeNull();
  });
});
