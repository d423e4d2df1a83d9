import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  roomAdminEndpoints as admin,
  roomEndpoints as rooms,
  roomListEndpoints as e,
  roomRoleEndpoints as roles,
  roomSettingsEndpoints as settings,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import {
  createRoom,
  expectInvalid,
  FakeRealtime,
  GUEST_REFUSED,
  MISSING_TOKEN,
  ROOM_NOT_FOUND,
  song,
  UNKNOWN_UUID,
} from './testing';

type User = Awaited<ReturnType<TestServer['createUser']>>;

let s: TestServer;
let owner: User;
let plain: User;
let adminUser: User;
let guest: string;
let realtime: FakeRealtime;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.createUser();
  plain = await s.createUser();
  adminUser = await s.createUser({ roles: ['user', 'admin'] });
  guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
  realtime = FakeRealtime.install(s);
});
afterAll(() => s.close());

describe('GET /rooms/public', () => {
  it('lists public, listed, live rooms, fullest first then newest, with who is in them', async () => {
    const quiet = await createRoom(s, owner.token);
    const busy = await createRoom(s, owner.token);
    const newest = await createRoom(s, owner.token);
    await createRoom(s, owner.token, { type: 'PRIVATE' });
    await createRoom(s, owner.token, { unlisted: true });
    const closed = await createRoom(s, owner.token);
    await s.as(owner.token).call(settings.liveState, {
      params: { id: closed.uuid },
      body: { isLive: false },
    });
    realtime.set(busy.uuid, {
      userUuids: [owner.uuid, plain.uuid],
      djUuids: [owner.uuid],
      song: song('Now'),
    });

    const page = await s.client.call(e.public, {});
    expect(page.total).toBe(3);
    expect(page.rooms.map((r) => r.uuid)).toEqual([busy.uuid, newest.uuid, quiet.uuid]);
    expect(page.rooms[0]).toMatchObject({
      numberOfUsersInRoom: 2,
      numberOfActiveDjs: 1,
      song: { trackName: 'Now' },
    });
    expect(page.rooms[1]).toMatchObject({ numberOfUsersInRoom: 0, song: null });

    const second = await s.client.call(e.public, { query: { limit: 1, offset: 1 } });
    expect(second).toMatchObject({ total: 3, rooms: [{ uuid: newest.uuid }] });
  });

  it('refuses bad paging', async () => {
    await expectInvalid(
      s.client.call(e.public, { query: { limit: 0, offset: -1 } }),
      'limit: Too small: expected number to be >=1',
      'offset: Too small: expected number to be >=0',
    );
  });
});

describe('GET /rooms/promoted-rooms and GET /rooms/private-count', () => {
  it('lists promoted live rooms, filtered by any of the providers asked', async () => {
    const spotify = await createRoom(s, owner.token, { musicProviderKeys: ['spotify'] });
    const youtube = await createRoom(s, owner.token, { musicProviderKeys: ['youtube', 'audius'] });
    await createRoom(s, owner.token, { musicProviderKeys: ['spotify'] });
    for (const r of [spotify, youtube]) {
      await s.as(adminUser.token).call(settings.promote, {
        params: { id: r.uuid },
        body: { promoted: true },
      });
    }
    const all = await s.client.call(e.promoted, {});
    expect(all.map((r) => r.uuid).sort()).toEqual([spotify.uuid, youtube.uuid].sort());
    const one = await s.client.call(e.promoted, { query: { providers: 'audius' } });
    expect(one.map((r) => r.uuid)).toEqual([youtube.uuid]);
    const both = await s.client.call(e.promoted, { query: { providers: ['audius', 'spotify'] } });
    expect(both).toHaveLength(2);
    expect(await s.client.call(e.promoted, { query: { providers: 'apple' } })).toEqual([]);
  });

  it('refuses an unknown provider', async () => {
    await expectInvalid(
      s.client.call(e.promoted, { query: { providers: ['spotify', 'tape'] as never } }),
      'providers.1: Invalid option: expected one of "apple"|"audius"|"napster"|"soundCloudPublic"|"spotify"|"uploadService"|"youtube"',
    );
  });

  it('counts private live rooms', async () => {
    const before = (await s.client.call(e.privateCount, {})).count;
    await createRoom(s, owner.token, { type: 'PRIVATE' });
    expect(await s.client.call(e.privateCount, {})).toEqual({ count: before + 1 });
  });
});

describe('GET /rooms/mine/list and GET /rooms/owned-rooms/list', () => {
  it('lists rooms where the caller is staff, and the rooms they own', async () => {
    const me = await s.createUser();
    const own = await createRoom(s, me.token);
    const modded = await createRoom(s, owner.token);
    const djOnly = await createRoom(s, owner.token);
    await s.as(owner.token).call(roles.create, {
      params: { roomId: modded.uuid },
      body: { userUuid: me.uuid, role: 'moderator' },
    });
    await s.as(owner.token).call(roles.create, {
      params: { roomId: djOnly.uuid },
      body: { userUuid: me.uuid, role: 'dj' },
    });
    const mine = await s.as(me.token).call(e.mine, {});
    expect(mine.map((r) => r.uuid)).toEqual([modded.uuid, own.uuid]);
    const owned = await s.as(me.token).call(e.owned, {});
    expect(owned.map((r) => r.uuid)).toEqual([own.uuid]);
  });

  it('needs a user token', async () => {
    for (const def of [e.mine, e.owned]) {
      await expectError(s.client.call(def, {}), 401, MISSING_TOKEN);
      await expectError(s.as(guest).call(def, {}), 403, GUEST_REFUSED);
    }
  });
});

describe('GET /rooms/multiple/list', () => {
  it('answers the rooms asked, in order, each once, unknown ones left out', async () => {
    const a = await createRoom(s, owner.token);
    const b = await createRoom(s, owner.token, { type: 'PRIVATE' });
    const res = await s.client.call(e.multiple, {
      query: { room: [b.slug, 'missing-room', a.slug.toUpperCase(), b.slug] },
    });
    expect(res.map((r) => r.uuid)).toEqual([b.uuid, a.uuid]);
    expect(
      (await s.client.call(e.multiple, { query: { room: a.slug } })).map((r) => r.uuid),
    ).toEqual([a.uuid]);
  });

  it('needs at least one room and at most 20', async () => {
    await expectInvalid(s.client.call(e.multiple, { query: {} }), 'room: name at least 1 rooms');
    await expectInvalid(
      s.client.call(e.multiple, { query: { room: Array.from({ length: 21 }, (_, i) => `r${i}`) } }),
      'room: at most 20 rooms per request',
    );
  });
});

describe('POST /rooms/list', () => {
  it('answers remembered rooms that open with the remembered password', async () => {
    const open = await createRoom(s, owner.token);
    const locked = await createRoom(s, owner.token, { password: 'pw-locked' });
    const wrong = await createRoom(s, owner.token, { password: 'pw-other' });
    const res = await s.client.call(e.withPasswords, {
      body: {
        rooms: [
          { slug: open.slug },
          { slug: locked.slug, password: 'pw-locked' },
          { slug: wrong.slug, password: 'nope' },
          { slug: 'gone-room', password: null },
        ],
      },
    });
    expect(res.map((r) => r.uuid)).toEqual([open.uuid, locked.uuid]);
  });

  it('refuses bad input', async () => {
    await expectInvalid(
      s.client.call(e.withPasswords, { body: { rooms: [{ password: 'x' }] } as never }),
      'rooms.0.slug: Invalid input: expected string, received undefined',
    );
  });
});

describe('GET /rooms/users/{id} and GET /rooms/users/service/{id}', () => {
  it('answers the uuids of the users in the room now', async () => {
    const room = await createRoom(s, owner.token);
    expect(await s.as(guest).call(e.usersInRoom, { params: { id: room.slug } })).toEqual({
      userUuids: [],
    });
    realtime.set(room.uuid, { userUuids: [plain.uuid] });
    expect(await s.as(plain.token).call(e.usersInRoom, { params: { id: room.uuid } })).toEqual({
      userUuids: [plain.uuid],
    });
    const staff = await s.createUser({ roles: ['user', 'staff'] });
    expect(await s.as(staff.token).call(admin.serviceUsers, { params: { id: room.uuid } })).toEqual(
      {
        userUuids: [plain.uuid],
      },
    );
  });

  it('refuses an unknown room, a missing token and (service) other roles', async () => {
    await expectError(
      s.as(plain.token).call(e.usersInRoom, { params: { id: UNKNOWN_UUID } }),
      404,
      ROOM_NOT_FOUND,
    );
    await expectError(
      s.client.call(e.usersInRoom, { params: { id: UNKNOWN_UUID } }),
      401,
      MISSING_TOKEN,
    );
    await expectError(
      s.as(plain.token).call(admin.serviceUsers, { params: { id: UNKNOWN_UUID } }),
      403,
      'You do not have the role this action needs',
    );
  });
});

describe('POST /rooms/recent, GET /rooms/recent, GET /rooms/rockset/recently-visited-rooms', () => {
  it('records visits and lists them, most recent first, without deleted rooms', async () => {
    const me = await s.createUser();
    const a = await createRoom(s, owner.token);
    const b = await createRoom(s, owner.token);
    const c = await createRoom(s, owner.token);
    for (const r of [a, b, c, a]) {
      expect(await s.as(me.token).call(e.recordVisit, { body: { roomUuid: r.uuid } })).toEqual({
        success: true,
      });
    }
    await s.as(owner.token).call(rooms.delete, { params: { id: c.uuid } });
    const recent = await s.as(me.token).call(e.recent, {});
    expect(recent.total).toBe(2);
    expect(recent.rooms.map((r) => r.uuid)).toEqual([a.uuid, b.uuid]);
    expect(Date.parse(recent.rooms[0].visitedAt)).toBeGreaterThanOrEqual(
      Date.parse(recent.rooms[1].visitedAt),
    );
    const legacy = await s.as(me.token).call(e.recentlyVisited, { query: { limit: 1 } });
    expect(legacy).toMatchObject({ total: 2, rooms: [{ uuid: a.uuid }] });
  });

  it('refuses an unknown room, a bad uuid, guests and a missing token', async () => {
    await expectError(
      s.as(plain.token).call(e.recordVisit, { body: { roomUuid: UNKNOWN_UUID } }),
      404,
      ROOM_NOT_FOUND,
    );
    await expectInvalid(
      s.as(plain.token).call(e.recordVisit, { body: { roomUuid: 'nope' } }),
      'roomUuid: Invalid UUID',
    );
    await expectError(s.as(guest).call(e.recent, {}), 403, GUEST_REFUSED);
    await expectError(s.client.call(e.recentlyVisited, {}), 401, MISSING_TOKEN);
  });
});

describe('GET /rooms/discord/list/{guildId}', () => {
  it('lists the rooms attached to a Discord server', async () => {
    const room = await createRoom(s, owner.token);
    await s.as(owner.token).call(settings.attachDiscord, {
      params: { guildId: '112233445566' },
      body: { roomUuid: room.uuid },
    });
    const res = await s.as(guest).call(e.discord, { params: { guildId: '112233445566' } });
    expect(res.map((r) => r.uuid)).toEqual([room.uuid]);
    expect(await s.as(guest).call(e.discord, { params: { guildId: '99999' } })).toEqual([]);
  });

  it('refuses a malformed server id and a missing token', async () => {
    await expectInvalid(
      s.as(guest).call(e.discord, { params: { guildId: 'abc' } }),
      'guildId: must be a Discord server id (digits)',
    );
    await expectError(
      s.client.call(e.discord, { params: { guildId: '12345' } }),
      401,
      MISSING_TOKEN,
    );
  });
});
