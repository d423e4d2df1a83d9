import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { SOCKET_ACTIONS } from '@tt/protocol';
import { RoomConnection } from './connection';
import { initialRoomState, type RoomStoreState } from './store';
import { fakeGateway, memoryStorage, sampleState } from './testing';

/** docs/ROOM-RULES.md ROOM-RULES-7: the AFK warning and removal as the room client keeps them. */
function joined() {
  const { gateway, socket, timers } = fakeGateway({ random: () => 0.5 });
  gateway.follow('token');
  const store = createStore<RoomStoreState>()(() => ({ ...initialRoomState }));
  const conn = new RoomConnection({
    slug: 'late-night',
    roomUuid: 'room-1',
    gateway,
    store,
    storage: memoryStorage(),
    timers,
    random: () => 0.5,
    now: () => 1_000_000,
    log: () => undefined,
  });
  conn.start();
  socket().serverOpen();
  const join = socket().lastAction();
  socket().serverSend({
    context: 'response',
    messageId: join.messageId,
    roomUuid: 'room-1',
    allowedRooms: ['room-1'],
    didCreate: false,
    state: sampleState(),
    serverTime: 1_000_000,
  });
  const say = (name: string, params?: unknown) =>
    socket().serverSend({ context: 'user', message: { name, params } });
  return { conn, store, say };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('ROOM-RULES-7: AFK notices in the room client', () => {
  it('ROOM-RULES-7: the warning is kept until the user acts; the removal keeps its reason', async () => {
    const t = joined();
    await flush();
    expect(t.store.getState().afk ?? null).toBeNull();
    t.say('afkDjWarning', { removeAt: 1_060_000 });
    expect(t.store.getState().afk).toEqual({ kind: 'warning', removeAt: 1_060_000 });
    void t.conn.action(SOCKET_ACTIONS.getRoomUsers, {}).catch(() => undefined); // not an act
    expect(t.store.getState().afk?.kind).toBe('warning');
    void t.conn.action(SOCKET_ACTIONS.voteOnSong, { songVotes: { like: true } }).catch(() => {});
    expect(t.store.getState().afk).toBeNull();
    t.say('afkDjRemoved', { code: 'ROOM_RULE_AFK_REMOVED', reason: 'Gone' });
    expect(t.store.getState().afk).toEqual({ kind: 'removed', reason: 'Gone' });
    expect(t.store.getState().status).toBe('joined');
  });
});
