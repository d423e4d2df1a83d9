import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  moderationEndpoints,
  profileEndpoints,
  roomAdminEndpoints,
  roomEndpoints,
} from '@tt/protocol';
import type { TestServer } from '../../test/harness';
import {
  createRoom,
  eventually,
  expectInSync,
  giveRole,
  patchText,
  RoomClient,
  song,
  joinedRoom,
  startRealtimeServer,
  takeRole,
} from './test-kit';

/** docs/ROOM-RULES.md: room roles and their expiry, bans and kicks, leaving, reset, REST changes. */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer();
});
afterAll(async () => {
  await s?.close();
});

const roomOf = (n: number) => joinedRoom(s, n, { inSync: true });

const userIn = (c: RoomClient, uuid: string) => c.state.allUsers.find((u) => u.uuid === uuid);
const inAWhile = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('room roles', () => {
  it('RR-ROLE-1: highestRole is the highest room role held; none, no highestRole', async () => {
    const {
      room,
      people: [owner, a],
      clients,
      close,
    } = await roomOf(2);
    const [co] = clients;
    expect(userIn(co, owner.uuid)?.highestRole).toBe('owner');
    expect(userIn(co, a.uuid)).not.toHaveProperty('highestRole');
    let mark = co.mark();
    await giveRole(s, owner.token, room.uuid, a.uuid, 'dj');
    await co.waitFor('updatedRoomSettings', undefined, mark);
    expect(userIn(co, a.uuid)?.highestRole).toBe('dj');
    mark = co.mark();
    await giveRole(s, owner.token, room.uuid, a.uuid, 'moderator');
    await co.waitFor('updatedRoomSettings', undefined, mark);
    expect(userIn(co, a.uuid)?.highestRole).toBe('moderator');
    expect(co.state.settings.roomRoles.filter((r) => r.userUuid === a.uuid)).toHaveLength(2);
    mark = co.mark();
    await takeRole(s, owner.token, room.uuid, a.uuid, 'moderator');
    await takeRole(s, owner.token, room.uuid, a.uuid, 'dj');
    await co.waitFor('updatedRoomSettings', (m) => !patchText(m).includes('"dj"'), mark);
    expect(userIn(co, a.uuid)).not.toHaveProperty('highestRole');
    await expectInSync(clients, room.uuid);
    close();
  });

  it('RR-ROLE-2, RR-ROLE-3: a role counts until its expirationTime, then the room re-reads its roles', async () => {
    const {
      room,
      people: [owner, a],
      clients,
      close,
    } = await roomOf(2);
    const [co, ca] = clients;
    const mark = co.mark();
    const until = inAWhile(1500);
    await giveRole(s, owner.token, room.uuid, a.uuid, 'djDisabled', until);
    await giveRole(s, owner.token, room.uuid, a.uuid, 'chatDisabled', until);
    await co.waitFor('updatedRoomSettings', (m) => patchText(m).includes('chatDisabled'), mark);
    expect(userIn(co, a.uuid)).toMatchObject({ canDj: false, highestRole: 'djDisabled' });
    expect(await ca.actionError('addDj')).toBe('You are not allowed to DJ in this room');
    expect(await ca.actionError('playOneTimeAnimation', { animation: 'emoji', emoji: '🎶' })).toBe(
      'You cannot send emoji in this room right now',
    );
    // At the expiration time the roles go: canDj comes back without anyone acting.
    await co.waitFor('updatedRoomSettings', () => co.state.settings.roomRoles.length === 1, mark);
    expect(userIn(co, a.uuid)).toEqual({ uuid: a.uuid, tokenRole: 'user', canDj: true });
    await ca.action('addDj');
    await ca.action('playOneTimeAnimation', { animation: 'emoji', emoji: '🎶' });
    await expectInSync(clients, room.uuid);
    close();
  });
});

describe('bans and kicks', () => {
  it('RR-BAN-1: a banned user is kicked out of the room and cannot come back', async () => {
    const {
      room,
      people: [owner, a],
      clients,
      close,
    } = await roomOf(2);
    const [co, ca] = clients;
    await ca.action('addDj', { song: song('Banned song', 300) });
    await expectInSync(clients, room.uuid);
    const mark = co.mark();
    await giveRole(s, owner.token, room.uuid, a.uuid, 'banned');
    const kicked = await ca.waitFor('kickedFromRoom');
    expect(kicked.params).toEqual({ reason: 'You were banned from this room' });
    await ca.waitClosed();
    await co.waitFor('userLeft', undefined, mark);
    await co.waitFor('playedSong', undefined, mark);
    expect(co.state.nowPlaying).toBeNull();
    expect(co.state.allUsers.map((u) => u.uuid)).toEqual([owner.uuid]);
    const again = new RoomClient(s, a.token, a.uuid);
    await expect(again.joinRoom(room.uuid)).rejects.toBe('You are banned from this room.');
    again.disconnect();
    await expectInSync([co], room.uuid);
    close();
  });

  it('RR-BAN-2: an account kick ends its connections in every room (kickedFromRoom, then closed)', async () => {
    const moderator = await s.createUser({ roles: ['user', 'moderator'] });
    const {
      room,
      people: [, a],
      clients,
      close,
    } = await roomOf(2);
    const [co, ca] = clients;
    const other = await createRoom(s, moderator.token);
    const ca2 = await RoomClient.join(s, a, other.uuid);
    const mark = co.mark();
    await s.as(moderator.token).call(moderationEndpoints.kick, {
      body: { userUuid: a.uuid, reason: 'Spam' },
    });
    for (const c of [ca, ca2]) {
      expect((await c.waitFor('kickedFromRoom')).params).toEqual({ reason: 'Spam' });
      await c.waitClosed();
    }
    await co.waitFor('userLeft', undefined, mark);
    expect(co.state.allUsers.map((u) => u.uuid)).not.toContain(a.uuid);
    await expectInSync([co], room.uuid);
    close();
  });
});

describe('presence', () => {
  it('RR-LEAVE-1: a user leaves when the grace period passes with no connection; coming back in time keeps them', async () => {
    const options = s.app.realtime!.options;
    const saved = options.leaveGraceMs;
    options.leaveGraceMs = 2000;
    try {
      const {
        room,
        people: [, a],
        clients,
        close,
      } = await roomOf(2);
      const [co, ca] = clients;
      const mark = co.mark();
      ca.disconnect();
      const back = await RoomClient.join(s, a, room.uuid);
      expect(back.joinResult.didCreate).toBe(false);
      back.disconnect();
      await co.waitFor('userLeft', undefined, mark);
      expect(co.received.slice(mark).map((m) => m.name)).toEqual(['userLeft']);
      expect(co.state.allUsers).toHaveLength(1);
      await expectInSync([co], room.uuid);
      close();
    } finally {
      options.leaveGraceMs = saved;
    }
  });
});

describe('changes through REST', () => {
  it('RR-SET-1: a settings change reaches every client as updatedRoomSettings', async () => {
    const {
      room,
      people: [owner],
      clients,
      close,
    } = await roomOf(2);
    const mark = clients[1].mark();
    await s.as(owner.token).call(roomEndpoints.update, {
      params: { id: room.uuid },
      body: { name: 'Renamed', description: 'New words' },
    });
    await clients[1].waitFor('updatedRoomSettings', undefined, mark);
    expect(clients[1].state.settings).toMatchObject({ name: 'Renamed', description: 'New words' });
    await expectInSync(clients, room.uuid);
    close();
  });

  it('RR-PROF-1: a profile change reaches the rooms the user is in as updatedUserProfile', async () => {
    const {
      room,
      people: [, a],
      clients,
      close,
    } = await roomOf(2);
    const mark = clients[0].mark();
    await s.as(a.token).call(profileEndpoints.updateProfile, { body: { nickname: 'Renamed DJ' } });
    await clients[0].waitFor('updatedUserProfile', undefined, mark);
    expect(clients[0].state.allUserData[a.uuid].userProfile.nickname).toBe('Renamed DJ');
    await expectInSync(clients, room.uuid);
    close();
  });

  it('RR-RESET-1: a reset sends roomReset to everyone and clears the persisted live state', async () => {
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    const { room, clients, close } = await roomOf(2);
    await clients[1].action('addDj', { song: song('Reset me', 300) });
    const rooms = s.app.platform.ports.rooms!;
    await eventually(async () => expect(await rooms.loadLiveState(room.uuid)).not.toBeNull());
    await s.as(admin.token).call(roomAdminEndpoints.reset, { params: { id: room.uuid } });
    for (const c of clients) {
      const m = await c.waitFor('roomReset');
      expect(m.statePatch).toBeUndefined();
    }
    await eventually(async () => expect(await rooms.loadLiveState(room.uuid)).toBeNull());
    const again = await clients[0].joinRoom(room.uuid);
    expect(again.didCreate).toBe(true);
    expect(clients[0].state.allUsers).toHaveLength(1);
    close();
  });

  it('RR-DELETE-1: deleting the room kicks everyone out', async () => {
    const {
      room,
      people: [owner],
      clients,
      close,
    } = await roomOf(2);
    await s.as(owner.token).call(roomEndpoints.delete, { params: { id: room.uuid } });
    for (const c of clients) {
      expect((await c.waitFor('kickedFromRoom')).params).toEqual({
        reason: 'This room was deleted',
      });
      await c.waitClosed();
    }
    close();
  });
});
