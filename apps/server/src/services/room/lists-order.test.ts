import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  roomEndpoints as rooms,
  roomListEndpoints as e,
  roomSettingsEndpoints as settings,
} from '@tt/protocol';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createRoom, FakeRealtime } from './testing';

/* The public list and the recent list read only their page's rows (ROOM-LIST-1, ROOM-LIST-2);
 * these check that the order, the paging and the totals are those of the whole list. */

let s: TestServer;
let realtime: FakeRealtime;

beforeAll(async () => {
  s = await startTestServer();
  realtime = FakeRealtime.install(s);
});
afterAll(() => s.close());

describe('ROOM-LIST-1: GET /rooms/public reads only its page', () => {
  it('orders fullest first, then by DJs, then newest, across the rooms with and without people', async () => {
    const owner = await s.createUser();
    const [p1, p2, p3] = [await s.createUser(), await s.createUser(), await s.createUser()];
    const oldEmpty = await createRoom(s, owner.token);
    const djOnly = await createRoom(s, owner.token);
    const one = await createRoom(s, owner.token);
    const twoOlder = await createRoom(s, owner.token);
    const twoNewer = await createRoom(s, owner.token);
    const twoWithDjs = await createRoom(s, owner.token);
    const newEmpty = await createRoom(s, owner.token);
    realtime.set(djOnly.uuid, { djUuids: [p1.uuid] });
    realtime.set(one.uuid, { userUuids: [p1.uuid] });
    realtime.set(twoOlder.uuid, { userUuids: [p1.uuid, p2.uuid], djUuids: [p1.uuid] });
    realtime.set(twoNewer.uuid, { userUuids: [p2.uuid, p3.uuid], djUuids: [p3.uuid] });
    realtime.set(twoWithDjs.uuid, { userUuids: [p1.uuid, p3.uuid], djUuids: [p1.uuid, p3.uuid] });
    const expected = [twoWithDjs, twoNewer, twoOlder, one, djOnly, newEmpty, oldEmpty].map(
      (r) => r.uuid,
    );

    const all = await s.client.call(e.public, { query: { limit: 50, offset: 0 } });
    expect(all.total).toBe(7);
    expect(all.rooms.map((r) => r.uuid)).toEqual(expected);
    expect(all.rooms[0]).toMatchObject({ numberOfUsersInRoom: 2, numberOfActiveDjs: 2 });
    // One room a page, and a page across the rooms with people and those without.
    for (let i = 0; i < expected.length; i++) {
      const page = await s.client.call(e.public, { query: { limit: 1, offset: i } });
      expect(page).toMatchObject({ total: 7, rooms: [{ uuid: expected[i] }] });
    }
    const across = await s.client.call(e.public, { query: { limit: 3, offset: 3 } });
    expect(across.rooms.map((r) => r.uuid)).toEqual(expected.slice(3, 6));
    expect(await s.client.call(e.public, { query: { limit: 5, offset: 7 } })).toEqual({
      rooms: [],
      total: 7,
    });

    await s.as(owner.token).call(rooms.delete, { params: { id: one.uuid } });
    const after = await s.client.call(e.public, { query: { limit: 50, offset: 0 } });
    expect(after.total).toBe(6);
    expect(after.rooms.map((r) => r.uuid)).toEqual(expected.filter((u) => u !== one.uuid));
  });

  it('a kept order follows every change of the rooms, also one written by another process', async () => {
    realtime.presences.clear(); // nobody in any room: the newest rooms come first
    const owner = await s.createUser();
    const a = await createRoom(s, owner.token);
    const b = await createRoom(s, owner.token);
    const uuids = async () =>
      (await s.client.call(e.public, { query: { limit: 2, offset: 0 } })).rooms.map((r) => r.uuid);
    expect(await uuids()).toEqual([b.uuid, a.uuid]);
    await s.as(owner.token).call(settings.liveState, {
      params: { id: b.uuid },
      body: { isLive: false },
    });
    expect((await uuids())[0]).toBe(a.uuid);
    // Another process's write reaches only the database: the list's version tells this one.
    await s.app.platform.db.execute(sql`update rooms set unlisted = true where uuid = ${a.uuid}`);
    expect(await uuids()).not.toContain(a.uuid);
    await s.app.platform.db.execute(
      sql`update rooms set unlisted = false, is_live = true where uuid in (${a.uuid}, ${b.uuid})`,
    );
    expect(await uuids()).toEqual([b.uuid, a.uuid]);
    const c = await createRoom(s, owner.token);
    expect(await uuids()).toEqual([c.uuid, b.uuid]);
  });
});

describe('ROOM-LIST-3: the listed rooms are kept while no room or role is written', () => {
  it('a name, a role given or taken, and a role ending by its time show at once, from any process', async () => {
    realtime.presences.clear();
    const owner = await s.createUser();
    const mod = await s.createUser();
    const room = await createRoom(s, owner.token);
    const first = async () =>
      (await s.client.call(e.public, { query: { limit: 1, offset: 0 } })).rooms[0]!;
    const roleOf = async (uuid: string) =>
      (await first()).roomRoles.find((r) => r.userUuid === uuid)?.role;
    expect((await first()).uuid).toBe(room.uuid);
    await s.as(owner.token).call(rooms.update, {
      params: { id: room.uuid },
      body: { name: 'Renamed Over HTTP' },
    });
    expect((await first()).name).toBe('Renamed Over HTTP');
    // Another process's writes reach only the database: the content version tells this one.
    await s.app.platform.db.execute(
      sql`update rooms set name = 'Renamed Elsewhere' where uuid = ${room.uuid}`,
    );
    expect((await first()).name).toBe('Renamed Elsewhere');
    await s.app.platform.db.execute(
      sql`insert into room_user_roles (room_id, user_uuid, role) values (${room.id}, ${mod.uuid}, 'moderator')`,
    );
    expect(await roleOf(mod.uuid)).toBe('moderator');
    // The recent rooms answer the same kept roles, as of the version read in their page's statement.
    await s.as(mod.token).call(e.recordVisit, { body: { roomUuid: room.uuid } });
    const recentRole = async () =>
      (await s.as(mod.token).call(e.recent, {})).rooms[0]!.roomRoles.find(
        (r) => r.userUuid === mod.uuid,
      )?.role;
    expect(await recentRole()).toBe('moderator');
    await s.app.platform.db.execute(
      sql`delete from room_user_roles where room_id = ${room.id} and user_uuid = ${mod.uuid}`,
    );
    expect(await roleOf(mod.uuid)).toBeUndefined();
    expect(await recentRole()).toBeUndefined();
    // ROOM-LIST-4: the recent rooms' rows are the kept ones too, and follow any process's write
    // once a list of this process has read the newer content version (ROOM-LIST-5). The page may
    // have been read again after the role's delete (on Redis the bus's echo of the visit can drop
    // it late), so the public list is read first: it is what brings the newer version here.
    await s.app.platform.db.execute(
      sql`update rooms set name = 'Renamed Again' where uuid = ${room.uuid}`,
    );
    expect((await first()).name).toBe('Renamed Again');
    expect((await s.as(mod.token).call(e.recent, {})).rooms[0]!.name).toBe('Renamed Again');
    // A role that ends by its time leaves the list with no write at all.
    await s.app.platform.db.execute(
      sql`insert into room_user_roles (room_id, user_uuid, role, expiration_time)
          values (${room.id}, ${mod.uuid}, 'moderator', now() + interval '1 second')`,
    );
    expect(await roleOf(mod.uuid)).toBe('moderator');
    await expect.poll(() => roleOf(mod.uuid), { timeout: 30_000, interval: 100 }).toBeUndefined();
  });
});

describe('ROOM-LIST-2: GET /rooms/recent counts in its page statement', () => {
  it('pages in visit order; the total leaves out deleted rooms, also past the end', async () => {
    const owner = await s.createUser();
    const me = await s.createUser();
    const visited = [];
    for (let i = 0; i < 4; i++) {
      const room = await createRoom(s, owner.token);
      await s.as(me.token).call(e.recordVisit, { body: { roomUuid: room.uuid } });
      visited.unshift(room.uuid);
    }
    await s.as(owner.token).call(rooms.delete, { params: { id: visited[1]! } });
    const left = visited.filter((_, i) => i !== 1);
    const all = await s.as(me.token).call(e.recent, { query: { limit: 10, offset: 0 } });
    expect(all.total).toBe(3);
    expect(all.rooms.map((r) => r.uuid)).toEqual(left);
    const second = await s.as(me.token).call(e.recent, { query: { limit: 1, offset: 1 } });
    expect(second).toMatchObject({ total: 3, rooms: [{ uuid: left[1] }] });
    expect(await s.as(me.token).call(e.recent, { query: { limit: 2, offset: 3 } })).toEqual({
      rooms: [],
      total: 3,
    });
    const nobody = await s.createUser();
    expect(await s.as(nobody.token).call(e.recent, {})).toEqual({ rooms: [], total: 0 });
  });
});
