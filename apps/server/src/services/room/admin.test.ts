import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communityEndpoints,
  eventEndpoints,
  roomAdminEndpoints as e,
  roomEndpoints as rooms,
  roomListEndpoints as lists,
  roomRoleEndpoints as roles,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { seedDemoUsers } from '../user/seed';
import { roomService } from './index';
import { DEMO_ROOMS } from './seed';
import {
  createRoom,
  expectInvalid,
  MISSING_TOKEN,
  nextEvent,
  nextWork,
  ROLE_REFUSED,
  ROOM_NOT_FOUND,
  UNKNOWN_UUID,
} from './testing';

type User = Awaited<ReturnType<TestServer['createUser']>>;

let s: TestServer;
let owner: User;
let adminUser: User;
let staff: User;
let plain: User;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.createUser();
  adminUser = await s.createUser({ roles: ['user', 'admin'] });
  staff = await s.createUser({ roles: ['user', 'staff'] });
  plain = await s.createUser();
});
afterAll(() => s.close());

describe('GET /admin/rooms and GET /admin/rooms/{id}', () => {
  it('lists every room, deleted ones included, with qb filters', async () => {
    const kept = await createRoom(s, owner.token, { name: 'Qb Kept' });
    const gone = await createRoom(s, owner.token, { name: 'Qb Gone' });
    await s.as(owner.token).call(rooms.delete, { params: { id: gone.uuid } });
    const page = await s.as(adminUser.token).call(e.list, {
      query: { filter: 'name||$starts||Qb', sort: 'name,ASC' },
    });
    expect(page).toMatchObject({ count: 2, total: 2, page: 1, pageCount: 1 });
    expect(page.data.map((r) => [r.name, r.deletedAt === null])).toEqual([
      ['Qb Gone', false],
      ['Qb Kept', true],
    ]);
    expect(page.data[1]).toMatchObject({ uuid: kept.uuid, createdBy: owner.uuid });
    const live = await s.as(adminUser.token).call(e.list, {
      query: { filter: ['name||$starts||Qb', 'deletedAt||$isnull'] },
    });
    expect(live.data.map((r) => r.uuid)).toEqual([kept.uuid]);

    expect(
      (await s.as(adminUser.token).call(e.get, { params: { id: gone.uuid } })).deletedAt,
    ).not.toBeNull();
    expect(
      (await s.as(adminUser.token).call(e.get, { params: { id: String(kept.id) } })).uuid,
    ).toBe(kept.uuid);
  });

  it('refuses an unknown field, an unknown room, other roles and a missing token', async () => {
    await expectError(
      s.as(adminUser.token).call(e.list, { query: { filter: 'password||$eq||x' } }),
      400,
      "Unknown field 'password' in filter.",
    );
    await expectError(
      s.as(adminUser.token).call(e.get, { params: { id: UNKNOWN_UUID } }),
      404,
      ROOM_NOT_FOUND,
    );
    await expectError(s.as(plain.token).call(e.list, {}), 403, ROLE_REFUSED);
    await expectError(s.client.call(e.get, { params: { id: UNKNOWN_UUID } }), 401, MISSING_TOKEN);
  });
});

describe('POST /rooms/{id}/reset', () => {
  it('clears the live state and announces the reset', async () => {
    const room = await createRoom(s, owner.token);
    const port = s.app.platform.ports.rooms!;
    await port.saveLiveState(room.uuid, { djs: ['x'] });
    const event = await nextEvent(s, 'room.reset', (p) => p.roomUuid === room.uuid);
    expect(await s.as(adminUser.token).call(e.reset, { params: { id: room.slug } })).toEqual({
      success: true,
    });
    expect(await event.received).toEqual({ roomUuid: room.uuid });
    expect(await port.loadLiveState(room.uuid)).toBeNull();
  });

  it('refuses an unknown room, the room owner and a missing token', async () => {
    const room = await createRoom(s, owner.token);
    await expectError(
      s.as(adminUser.token).call(e.reset, { params: { id: UNKNOWN_UUID } }),
      404,
      ROOM_NOT_FOUND,
    );
    await expectError(
      s.as(owner.token).call(e.reset, { params: { id: room.uuid } }),
      403,
      ROLE_REFUSED,
    );
    await expectError(s.client.call(e.reset, { params: { id: room.uuid } }), 401, MISSING_TOKEN);
  });
});

describe('GET /rooms/service/list and GET /rooms/service/room/{id}', () => {
  it('pages every live room, oldest first, and reads one', async () => {
    const a = await createRoom(s, owner.token);
    const all = await s.as(staff.token).call(e.serviceList, { query: { take: 1000 } });
    expect(all.rooms.map((r) => r.uuid)).toContain(a.uuid);
    expect(all.rooms.every((r, i, list) => i === 0 || list[i - 1].id < r.id)).toBe(true);
    const one = await s
      .as(staff.token)
      .call(e.serviceList, { query: { take: 1, skip: all.total - 1 } });
    expect(one).toEqual({ rooms: [all.rooms[all.total - 1]], total: all.total });
    expect((await s.as(staff.token).call(e.serviceRoom, { params: { id: a.uuid } })).slug).toBe(
      a.slug,
    );
  });

  it('refuses bad paging, an unknown room, other roles and a missing token', async () => {
    await expectInvalid(
      s.as(staff.token).call(e.serviceList, { query: { take: 0 } }),
      'take: Too small: expected number to be >=1',
    );
    await expectError(
      s.as(staff.token).call(e.serviceRoom, { params: { id: UNKNOWN_UUID } }),
      404,
      ROOM_NOT_FOUND,
    );
    await expectError(s.as(adminUser.token).call(e.serviceList, {}), 403, ROLE_REFUSED);
    await expectError(
      s.client.call(e.serviceRoom, { params: { id: UNKNOWN_UUID } }),
      401,
      MISSING_TOKEN,
    );
  });
});

describe('GET /info-admin/status', () => {
  it('counts rooms', async () => {
    const before = await s.as(adminUser.token).call(e.status, {});
    const room = await createRoom(s, owner.token);
    await s.app.platform.ports.rooms!.saveLiveState(room.uuid, { a: 1 });
    const after = await s.as(adminUser.token).call(e.status, {});
    expect(after.rooms).toBe(before.rooms + 1);
    expect(after.liveRooms).toBe(before.liveRooms + 1);
    expect(after.roomsWithLiveState).toBe(before.roomsWithLiveState + 1);
    expect(typeof after.realtime).toBe('boolean');
  });

  it('is for admins only', async () => {
    await expectError(s.as(staff.token).call(e.status, {}), 403, ROLE_REFUSED);
    await expectError(s.client.call(e.status, {}), 401, MISSING_TOKEN);
  });
});

describe('DELETE and PATCH /rooms/user/{userId}', () => {
  it('deletes the rooms an account owns and its staff roles elsewhere', async () => {
    const leaving = await s.createUser();
    const owned = await createRoom(s, leaving.token);
    const elsewhere = await createRoom(s, owner.token);
    await s.as(owner.token).call(roles.create, {
      params: { roomId: elsewhere.uuid },
      body: { userUuid: leaving.uuid, role: 'moderator' },
    });
    const deleted = await nextWork(s, 'room.deleted', (p) => p.roomUuid === owned.uuid);
    const res = await s
      .as(staff.token)
      .call(e.deleteUserRooms, { params: { userId: leaving.uuid } });
    expect(res).toEqual({ roomUuids: [owned.uuid] });
    expect(await deleted.received).toEqual({ roomUuid: owned.uuid });
    await expectError(
      s.client.call(rooms.get, { params: { id: owned.uuid } }),
      404,
      ROOM_NOT_FOUND,
    );
    expect(await s.as(leaving.token).call(lists.mine, {})).toEqual([]);
  });

  it('hands every room an account owns to another account', async () => {
    const from = await s.createUser();
    const to = await s.createUser();
    const a = await createRoom(s, from.token);
    const b = await createRoom(s, from.token);
    const res = await s.as(adminUser.token).call(e.reassignUserRooms, {
      params: { userId: from.uuid },
      body: { newOwnerUuid: to.uuid },
    });
    expect(res.roomUuids.sort()).toEqual([a.uuid, b.uuid].sort());
    expect((await s.as(to.token).call(lists.owned, {})).map((r) => r.uuid).sort()).toEqual(
      [a.uuid, b.uuid].sort(),
    );
    expect(await s.as(from.token).call(lists.owned, {})).toEqual([]);
  });

  it('refuses bad input, the same account, unknown accounts, other roles and a missing token', async () => {
    await expectInvalid(
      s.as(adminUser.token).call(e.deleteUserRooms, { params: { userId: 'nope' } }),
      'userId: Invalid UUID',
    );
    await expectError(
      s.as(adminUser.token).call(e.reassignUserRooms, {
        params: { userId: plain.uuid },
        body: { newOwnerUuid: plain.uuid },
      }),
      400,
      'newOwnerUuid: must be another account',
    );
    await expectError(
      s.as(adminUser.token).call(e.reassignUserRooms, {
        params: { userId: plain.uuid },
        body: { newOwnerUuid: UNKNOWN_UUID },
      }),
      404,
      'User profile not found.',
    );
    const mod = await s.createUser({ roles: ['user', 'moderator'] });
    await expectError(
      s.as(mod.token).call(e.deleteUserRooms, { params: { userId: plain.uuid } }),
      403,
      ROLE_REFUSED,
    );
    await expectError(
      s.client.call(e.deleteUserRooms, { params: { userId: plain.uuid } }),
      401,
      MISSING_TOKEN,
    );
  });
});

describe('seed', () => {
  it("creates the demo rooms once, owned by the demo DJ, after the user service's seed", async () => {
    expect(await roomService.seed!(s.app.platform)).toEqual([
      'Demo rooms skipped: no account dj@turntable.local',
    ]);
    await seedDemoUsers(s.accounts);
    const lines = await roomService.seed!(s.app.platform);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/The Residents .*\/communities\/residents/);
    expect(await roomService.seed!(s.app.platform)).toEqual(lines);
    // DEMO-COMMUNITY-1: the community holds the three rooms and has three events coming up,
    // scheduled once however often the demo starts.
    const community = await s.client.call(communityEndpoints.get, { params: { id: 'residents' } });
    expect(community).toMatchObject({ roomCount: 3, visibility: 'PUBLIC' });
    const upcoming = await s.client.call(eventEndpoints.upcoming, {
      query: { communityId: community.uuid },
    });
    expect(upcoming.events.map((e) => e.name).sort()).toEqual([
      'B-Sides Wednesday',
      'Friday Night House',
      'Sunday Yacht Brunch',
    ]);
    const found = await s.client.call(lists.multiple, {
      query: { room: DEMO_ROOMS.map((r) => r.slug) },
    });
    expect(found.map((r) => [r.name, r.design])).toEqual([
      ['Late Night Grooves', 'CLUB'],
      ['Indie Garage', 'UNDERGROUND'],
      ['Sunset Yacht', 'YACHT'],
    ]);
    const dj = await s.accounts.repo.liveEmail('dj@turntable.local');
    const djUuid = (await s.accounts.repo.byId(dj!.userId))!.uuid;
    for (const r of found)
      expect(r.roomRoles).toEqual([expect.objectContaining({ role: 'owner', userUuid: djUuid })]);
  });
});
