import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomSettingsEndpoints } from '@tt/protocol';
import type { TestServer } from '../../test/harness';
import {
  createRoom,
  eventually,
  expectInSync,
  giveRole,
  guest,
  RoomClient,
  song,
  startRealtimeServer,
} from './test-kit';

/** docs/ROOM-RULES.md: seats, who may DJ, guests, room size, moderators. */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer();
});
afterAll(async () => {
  await s?.close();
});

const users = (n: number) => Promise.all(Array.from({ length: n }, () => s.createUser()));

/** Joins one after the other (a known order), then waits until every client holds the same state. */
async function joinAll(people: { uuid: string; token: string }[], roomUuid: string) {
  const clients: RoomClient[] = [];
  for (const p of people) clients.push(await RoomClient.join(s, p, roomUuid));
  await expectInSync(clients, roomUuid);
  return clients;
}

describe('seats', () => {
  it('RR-SEAT-1: addDj is refused when every one of numberOfDjs seats is taken', async () => {
    const [owner, a, b] = await users(3);
    const room = await createRoom(s, owner.token, { numberOfDjs: 2 });
    const [co, ca, cb] = await joinAll([owner, a, b], room.uuid);
    await co.action('addDj');
    await ca.action('addDj');
    expect(await cb.actionError('addDj', { song: song('late') })).toBe('Every DJ seat is taken');
    await expectInSync([co, ca, cb], room.uuid);
    expect(cb.state.djs.map((d) => d.uuid)).toEqual([owner.uuid, a.uuid]);
    for (const c of [co, ca, cb]) c.disconnect();
  });

  it('RR-SEAT-2: a user holds at most one seat', async () => {
    const [owner] = await users(1);
    const room = await createRoom(s, owner.token);
    const c = await RoomClient.join(s, owner, room.uuid);
    await c.action('addDj');
    expect(await c.actionError('addDj')).toBe('You are already a DJ');
    c.disconnect();
  });

  it('RR-SEAT-3: when the seats shrink, the DJs past the last seat step down; the DJ playing stays', async () => {
    const [owner, a, b] = await users(3);
    const room = await createRoom(s, owner.token, { numberOfDjs: 3 });
    const [co, ca, cb] = await joinAll([owner, a, b], room.uuid);
    await ca.action('addDj', { song: song('playing', 300) });
    await co.action('addDj');
    await cb.action('addDj');
    const mark = cb.mark();
    await s.as(owner.token).call(roomSettingsEndpoints.djSeats, {
      params: { id: room.uuid },
      body: { numberOfDjs: 1 },
    });
    await cb.waitFor('updatedRoomSettings', undefined, mark);
    await cb.waitFor('removedDj', (m) => m.statePatch!.some((op) => op.op === 'remove'), mark);
    await expectInSync([co, ca, cb], room.uuid);
    expect(cb.state.settings.numberOfDjs).toBe(1);
    expect(cb.state.djs.map((d) => d.uuid)).toEqual([a.uuid]);
    expect(cb.state.nowPlaying?.song.trackName).toBe('playing');
    for (const c of [co, ca, cb]) c.disconnect();
  });
});

describe('who may DJ', () => {
  it('RR-DJ-1: EVERYONE lets every signed-in user DJ', async () => {
    const [owner, a] = await users(2);
    const room = await createRoom(s, owner.token, { djType: 'EVERYONE' });
    const c = await RoomClient.join(s, a, room.uuid);
    expect(c.state.allUsers.find((u) => u.uuid === a.uuid)?.canDj).toBe(true);
    await c.action('addDj');
    expect(c.state.djs.map((d) => d.uuid)).toEqual([a.uuid]);
    c.disconnect();
  });

  it('RR-DJ-2: INVITE_ONLY lets the dj role and the room moderators DJ', async () => {
    const [owner, a, mod] = await users(3);
    const room = await createRoom(s, owner.token, { djType: 'INVITE_ONLY' });
    await giveRole(s, owner.token, room.uuid, mod.uuid, 'moderator');
    const [co, ca, cm] = await joinAll([owner, a, mod], room.uuid);
    expect(ca.state.allUsers.map((u) => [u.uuid, u.canDj])).toEqual([
      [owner.uuid, true],
      [a.uuid, false],
      [mod.uuid, true],
    ]);
    expect(await ca.actionError('addDj')).toBe('You are not allowed to DJ in this room');
    await cm.action('addDj');
    const mark = ca.mark();
    await giveRole(s, owner.token, room.uuid, a.uuid, 'dj');
    await ca.waitFor('updatedRoomSettings', undefined, mark);
    expect(ca.state.allUsers.find((u) => u.uuid === a.uuid)).toMatchObject({
      canDj: true,
      highestRole: 'dj',
    });
    await ca.action('addDj');
    await expectInSync([co, ca, cm], room.uuid);
    for (const c of [co, ca, cm]) c.disconnect();
  });

  it('RR-DJ-3: PRO_PLAN_OWNER lets only the owner and co-owners DJ', async () => {
    const [owner, co, invited] = await users(3);
    const room = await createRoom(s, owner.token, { djType: 'PRO_PLAN_OWNER' });
    await giveRole(s, owner.token, room.uuid, co.uuid, 'coOwner');
    await giveRole(s, owner.token, room.uuid, invited.uuid, 'dj');
    const clients = await joinAll([owner, co, invited], room.uuid);
    await expectInSync(clients, room.uuid);
    expect(clients[2].state.allUsers.map((u) => u.canDj)).toEqual([true, true, false]);
    await clients[0].action('addDj');
    await clients[1].action('addDj');
    expect(await clients[2].actionError('addDj')).toBe('You are not allowed to DJ in this room');
    for (const c of clients) c.disconnect();
  });

  it('RR-DJ-4: a user with djDisabled may not DJ', async () => {
    const [owner, a] = await users(2);
    const room = await createRoom(s, owner.token);
    await giveRole(s, owner.token, room.uuid, a.uuid, 'djDisabled');
    const c = await RoomClient.join(s, a, room.uuid);
    expect(c.state.allUsers.find((u) => u.uuid === a.uuid)).toMatchObject({
      canDj: false,
      highestRole: 'djDisabled',
    });
    expect(await c.actionError('addDj')).toBe('You are not allowed to DJ in this room');
    c.disconnect();
  });

  it('RR-DJ-5: a banned user cannot enter, so never DJs', async () => {
    const [owner, a] = await users(2);
    const room = await createRoom(s, owner.token);
    await giveRole(s, owner.token, room.uuid, a.uuid, 'banned');
    const c = new RoomClient(s, a.token, a.uuid);
    await expect(c.joinRoom(room.uuid)).rejects.toBe('You are banned from this room.');
    c.disconnect();
  });

  it('RR-DJ-6: a DJ who loses the right to DJ steps down at once; their song stops and the next plays', async () => {
    const [owner, a, b] = await users(3);
    const room = await createRoom(s, owner.token);
    const [co, ca, cb] = await joinAll([owner, a, b], room.uuid);
    await ca.action('addDj', { song: song('A', 300) });
    await cb.action('addDj', { song: song('B', 300) });
    await expectInSync([co, ca, cb], room.uuid);
    const mark = co.mark();
    await giveRole(s, owner.token, room.uuid, a.uuid, 'djDisabled');
    await co.waitFor('removedDj', undefined, mark);
    await co.waitFor('playedSong', undefined, mark);
    expect(co.state.nowPlaying?.song.trackName).toBe('B');
    expect(co.state.djs.map((d) => d.uuid)).toEqual([b.uuid]);
    expect(co.state.audienceUsers.find((u) => u.uuid === a.uuid)?.canDj).toBe(false);
    await expectInSync([co, ca, cb], room.uuid);
    for (const c of [co, ca, cb]) c.disconnect();
  });
});

describe('guests, room size, moderators', () => {
  it('RR-GUEST-1: a guest joins to listen (ghost, not on the floor); every other action is refused', async () => {
    const [owner] = await users(1);
    const room = await createRoom(s, owner.token);
    const co = await RoomClient.join(s, owner, room.uuid);
    await co.action('addDj', { song: song('for guests', 300) });
    const g = await guest(s);
    const cg = await RoomClient.join(s, g, room.uuid);
    expect(cg.state.nowPlaying?.song.trackName).toBe('for guests');
    expect(cg.state.allUsers.find((u) => u.uuid === g.uuid)).toEqual({
      uuid: g.uuid,
      tokenRole: 'guest',
      canDj: false,
    });
    expect(cg.state.allUserData[g.uuid].userProfile).toEqual({
      uuid: g.uuid,
      nickname: 'Guest',
      color: '#562DF9',
      avatarId: 'ghost',
    });
    expect(cg.state.audienceUsers.map((u) => u.uuid)).toContain(g.uuid);
    expect(cg.state.floorUsers.map((u) => u.uuid)).not.toContain(g.uuid);
    const refused = 'Guests can only listen, please log in';
    expect(await cg.actionError('addDj')).toBe(refused);
    expect(await cg.actionError('voteOnSong', { songVotes: { like: true } })).toBe(refused);
    expect(await cg.actionError('playOneTimeAnimation', { animation: 'jump' })).toBe(refused);
    expect(await cg.actionError('skipSong')).toBe(refused);
    await expectInSync([co, cg], room.uuid);
    co.disconnect();
    cg.disconnect();
  });

  it('RR-SIZE-1: joinRoom refuses a new user beyond roomSize; guests do not count, a second connection does not, moderators enter', async () => {
    const [owner, a, b] = await users(3);
    const globalMod = await s.createUser({ roles: ['user', 'moderator'] });
    const room = await createRoom(s, owner.token, { roomSize: 2 });
    const co = await RoomClient.join(s, owner, room.uuid);
    const cg = await RoomClient.join(s, await guest(s), room.uuid);
    const ca = await RoomClient.join(s, a, room.uuid);
    const cb = new RoomClient(s, b.token, b.uuid);
    await expect(cb.joinRoom(room.uuid)).rejects.toBe('This room is full');
    const ca2 = await RoomClient.join(s, a, room.uuid);
    expect(ca2.state.allUsers).toHaveLength(3);
    const cm = await RoomClient.join(s, globalMod, room.uuid);
    expect(cm.state.allUsers).toHaveLength(4);
    for (const c of [ca, ca2, cm]) c.disconnect();
    await eventually(() => expect(co.state.allUsers).toHaveLength(2));
    const cb2 = await RoomClient.join(s, b, room.uuid);
    for (const c of [co, cg, cb, cb2]) c.disconnect();
  });

  it('RR-MOD-1, RR-MOD-2: only moderators (room or platform) remove another DJ', async () => {
    const [owner, a, b, roomMod] = await users(4);
    const globalMod = await s.createUser({ roles: ['user', 'globalModerator'] });
    const room = await createRoom(s, owner.token);
    await giveRole(s, owner.token, room.uuid, roomMod.uuid, 'moderator');
    const [ca, cb, crm, cgm] = await joinAll([a, b, roomMod, globalMod], room.uuid);
    await ca.action('addDj');
    await cb.action('addDj');
    expect(await cb.actionError('removeDj', { djUuid: a.uuid })).toBe(
      'Only moderators can remove another DJ',
    );
    expect(await crm.actionError('removeDj', { djUuid: roomMod.uuid })).toBe('You are not a DJ');
    expect(await crm.actionError('removeDj', { djUuid: globalMod.uuid })).toBe(
      'This user is not a DJ',
    );
    await crm.action('removeDj', { djUuid: a.uuid });
    await cgm.action('removeDj', { djUuid: b.uuid });
    await cb.action('addDj');
    await cb.action('removeDj');
    await expectInSync([ca, cb, crm, cgm], room.uuid);
    expect(ca.state.djs).toEqual([]);
    for (const c of [ca, cb, crm, cgm]) c.disconnect();
  });
});
