import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { ClientRoomUser } from '@tt/protocol';
import { RoomConnection } from './connection';
import { initialRoomState, type RoomStoreState } from './store';
import { fakeGateway, sampleState } from './testing';

const user = (uuid: string) => ({ uuid, tokenRole: 'user', canDj: true }) as ClientRoomUser;

/** A connection that pages (usersLimit 1), joined to a room of a, b, c where it holds a. */
function joinedPaged(usersLimit?: number) {
  const { gateway, sockets } = fakeGateway();
  gateway.follow('tok');
  const store = createStore<RoomStoreState>()(() => ({ ...initialRoomState }));
  const conn = new RoomConnection({
    slug: 'late-night',
    roomUuid: 'room-1',
    gateway,
    store,
    log: () => undefined,
    usersLimit,
  });
  conn.start();
  const socket = sockets[0];
  socket.serverOpen();
  const join = socket.lastAction();
  socket.serverSend({
    context: 'response',
    messageId: join.messageId,
    state: sampleState(),
    serverTime: 1,
    ...(usersLimit ? { usersPage: { total: 3, nextOffset: 1 } } : {}),
  });
  return { conn, store, socket, join };
}

describe('ROOM-PAGE-1…3: a paging room connection', () => {
  it('joins with usersLimit and keeps usersPage; an SDK-style connection asks for everything', () => {
    const paged = joinedPaged(1);
    expect(paged.join.params).toMatchObject({ action: 'joinRoom', usersLimit: 1 });
    expect(paged.store.getState().usersPage).toEqual({ total: 3, nextOffset: 1 });
    const whole = joinedPaged(undefined);
    expect(whole.join.params).not.toHaveProperty('usersLimit');
    expect(whole.store.getState().usersPage).toBeNull();
  });

  it('a leave of someone it does not hold changes nothing but the total; loadMoreUsers merges the next page', async () => {
    const { conn, store, socket } = joinedPaged(1);
    socket.serverSend({
      context: 'user',
      message: {
        name: 'userLeft',
        statePatch: [
          { op: 'test', path: '/allUsers/2/uuid', value: 'z' },
          { op: 'remove', path: '/allUsers/2' },
          { op: 'remove', path: '/allUserData/z' },
        ],
      },
    });
    expect(store.getState().status).toBe('joined');
    expect(store.getState().state?.allUsers.map((u) => u.uuid)).toEqual(['a']);
    expect(store.getState().usersPage).toEqual({ total: 2, nextOffset: 1 });
    const loading = conn.loadMoreUsers();
    const ask = socket.lastAction();
    expect(ask.params).toMatchObject({ action: 'getRoomUsers', roomUuid: 'room-1', offset: 1 });
    socket.serverSend({
      context: 'response',
      messageId: ask.messageId,
      allUsers: [user('b')],
      audienceUsers: [user('b')],
      floorUsers: [user('b')],
      allUserData: {
        b: { userProfile: { uuid: 'b' }, position: { x: 1, y: 1 }, songVotes: {} },
      },
      total: 2,
      nextOffset: null,
    });
    await loading;
    expect(store.getState().state?.allUsers.map((u) => u.uuid)).toEqual(['a', 'b']);
    expect(store.getState().usersPage).toEqual({ total: 2, nextOffset: null });
    // Nothing more to bring.
    const sent = socket.actions().length;
    await conn.loadMoreUsers();
    expect(socket.actions()).toHaveLength(sent);
  });
});
