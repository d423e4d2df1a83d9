import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  roomListEndpoints as lists,
  roomRoleEndpoints as e,
  type RoomDto,
  type RoomUserRole,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { RoomRolesRepository } from './roles.repository';
import {
  createRoom,
  expectInvalid,
  FakeRealtime,
  MANAGE_REFUSED,
  MISSING_TOKEN,
  MODERATE_REFUSED,
  nextEvent,
  nextWork,
  OWNER_ONLY,
  ROOM_NOT_FOUND,
  UNKNOWN_UUID,
} from './testing';

type User = Awaited<ReturnType<TestServer['createUser']>>;

const ALREADY = 'This user has already this role.';
const RANK = 'You cannot act on a user whose room role is equal to or higher than yours.';
const COOWNER_ONLY = 'Only the owner of this room can give or take the coOwner role.';
const OWNER_CHANGE = 'The owner role moves only with change-owner.';

let s: TestServer;
let owner: User;
let coOwner: User;
let roomMod: User;
let plain: User;
let globalMod: User;
let adminUser: User;
let guest: string;
let room: RoomDto;
let realtime: FakeRealtime;

const give = (
  token: string,
  userUuid: string,
  role: RoomUserRole,
  roomId = room.uuid,
  expirationTime?: string,
) => s.as(token).call(e.create, { params: { roomId }, body: { userUuid, role, expirationTime } });
const take = (token: string, userUuid: string, role: RoomUserRole, roomId = room.uuid) =>
  s.as(token).call(e.remove, { params: { roomId }, body: { userUuid, role } });

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.createUser();
  coOwner = await s.createUser();
  roomMod = await s.createUser();
  plain = await s.createUser();
  globalMod = await s.createUser({ roles: ['user', 'globalModerator'] });
  adminUser = await s.createUser({ roles: ['user', 'admin'] });
  guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
  realtime = FakeRealtime.install(s);
  room = await createRoom(s, owner.token);
  await give(owner.token, coOwner.uuid, 'coOwner');
  await give(owner.token, roomMod.uuid, 'moderator');
});
afterAll(() => s.close());

describe('POST /roomUserRoles/{roomId}', () => {
  it('gives a role, optionally until a time, and announces it (work and its live twin)', async () => {
    const u = await s.createUser();
    const event = await nextWork(s, 'room.rolesChanged', (p) => p.userUuid === u.uuid);
    const live = await nextEvent(s, 'live.room.rolesChanged', (p) => p.userUuid === u.uuid);
    const until = new Date(Date.now() + 3600_000).toISOString();
    const role = await give(roomMod.token, u.uuid, 'chatDisabled', room.slug, until);
    expect(role).toMatchObject({
      roomId: room.id,
      userUuid: u.uuid,
      role: 'chatDisabled',
      expirationTime: until,
    });
    expect(await event.received).toEqual({ roomUuid: room.uuid, userUuid: u.uuid });
    expect(await live.received).toEqual({ roomUuid: room.uuid, userUuid: u.uuid });
    await expectError(give(roomMod.token, u.uuid, 'chatDisabled'), 403, ALREADY);
    expect((await give(roomMod.token, u.uuid, 'dj')).expirationTime).toBeNull();
  });

  it('kicks the banned user out of the room', async () => {
    const u = await s.createUser();
    const kicked = await nextWork(s, 'room.userKicked', (p) => p.userUuid === u.uuid);
    await give(coOwner.token, u.uuid, 'banned');
    expect(await kicked.received).toEqual({
      roomUuid: room.uuid,
      userUuid: u.uuid,
      reason: 'You were banned from this room',
    });
  });

  it('RR-BAN-3: a ban given with a reason sends them out with it', async () => {
    const u = await s.createUser();
    const kicked = await nextWork(s, 'room.userKicked', (p) => p.userUuid === u.uuid);
    await s.as(coOwner.token).call(e.create, {
      params: { roomId: room.uuid },
      body: { userUuid: u.uuid, role: 'banned', reason: '  Spamming ' },
    });
    expect((await kicked.received).reason).toBe('Spamming');
    await expectError(
      s.as(coOwner.token).call(e.create, {
        params: { roomId: room.uuid },
        body: { userUuid: u.uuid, role: 'kicked', reason: 'x'.repeat(501) },
      }),
      400,
    );
  });

  it('follows the room ranks', async () => {
    const u = await s.createUser();
    await expectError(give(roomMod.token, u.uuid, 'moderator'), 403, MANAGE_REFUSED);
    await expectError(give(coOwner.token, u.uuid, 'coOwner'), 403, COOWNER_ONLY);
    await expectError(give(globalMod.token, u.uuid, 'coOwner'), 403, COOWNER_ONLY);
    await expectError(give(owner.token, u.uuid, 'owner'), 403, OWNER_CHANGE);
    await expectError(give(roomMod.token, coOwner.uuid, 'banned'), 403, RANK);
    await expectError(give(coOwner.token, owner.uuid, 'djDisabled'), 403, RANK);
    await expectError(
      give(roomMod.token, roomMod.uuid, 'chatDisabled'),
      403,
      'You cannot perform this action on your own account.',
    );
    expect((await give(globalMod.token, u.uuid, 'moderator')).role).toBe('moderator');
    expect((await give(adminUser.token, u.uuid, 'coOwner')).role).toBe('coOwner');
    expect((await give(adminUser.token, owner.uuid, 'chatDisabled')).role).toBe('chatDisabled');
  });

  it('renews an expired role instead of refusing it', async () => {
    const u = await s.createUser();
    await new RoomRolesRepository(s.app.platform.db).put(
      room.id,
      u.uuid,
      'dj',
      new Date(Date.now() - 1000),
    );
    expect((await give(owner.token, u.uuid, 'dj')).expirationTime).toBeNull();
  });

  it('refuses bad input, a past expiration, unknown users and rooms, others and a missing token', async () => {
    await expectInvalid(
      s.as(owner.token).call(e.create, {
        params: { roomId: room.uuid },
        body: { userUuid: 'x', role: 'king' as never, expirationTime: 'soon' },
      }),
      'userUuid: Invalid UUID',
      'role: Invalid option: expected one of "moderator"|"owner"|"coOwner"|"banned"|"kicked"|"chatDisabled"|"djDisabled"|"dj"',
      'expirationTime: Invalid ISO datetime',
    );
    await expectError(
      give(owner.token, plain.uuid, 'dj', room.uuid, '2001-01-01T00:00:00Z'),
      400,
      'expirationTime: must be in the future',
    );
    await expectError(give(owner.token, UNKNOWN_UUID, 'dj'), 404, 'User profile not found.');
    await expectError(give(owner.token, plain.uuid, 'dj', UNKNOWN_UUID), 404, ROOM_NOT_FOUND);
    await expectError(give(plain.token, coOwner.uuid, 'dj'), 403, MODERATE_REFUSED);
    await expectError(
      give(guest, plain.uuid, 'dj'),
      403,
      'Guests cannot perform this action, please log in',
    );
    await expectError(
      s.client.call(e.create, {
        params: { roomId: room.uuid },
        body: { userUuid: plain.uuid, role: 'dj' },
      }),
      401,
      MISSING_TOKEN,
    );
  });
});

describe('DELETE /roomUserRoles/{roomId}', () => {
  it('takes a role away, and lets holders step down', async () => {
    const u = await s.createUser();
    await give(roomMod.token, u.uuid, 'banned');
    const event = await nextWork(s, 'room.rolesChanged', (p) => p.userUuid === u.uuid);
    expect(await take(roomMod.token, u.uuid, 'banned')).toEqual({ success: true });
    expect(await event.received).toEqual({ roomUuid: room.uuid, userUuid: u.uuid });
    const m = await s.createUser();
    await give(owner.token, m.uuid, 'moderator');
    expect(await take(m.token, m.uuid, 'moderator')).toEqual({ success: true });
  });

  it('refuses roles not held, the owner role, ranks and a missing token', async () => {
    await expectError(
      take(owner.token, plain.uuid, 'dj'),
      404,
      'This user does not have this role in this room.',
    );
    await expectError(take(owner.token, owner.uuid, 'owner'), 403, OWNER_CHANGE);
    await expectError(take(coOwner.token, coOwner.uuid, 'owner'), 403, OWNER_CHANGE);
    await expectError(take(roomMod.token, coOwner.uuid, 'coOwner'), 403, COOWNER_ONLY);
    const other = await s.createUser();
    await give(owner.token, other.uuid, 'coOwner');
    await expectError(take(coOwner.token, other.uuid, 'moderator'), 403, RANK);
    await expectError(take(plain.token, roomMod.uuid, 'moderator'), 403, MODERATE_REFUSED);
    await expectInvalid(
      s
        .as(owner.token)
        .call(e.remove, { params: { roomId: room.uuid }, body: { userUuid: plain.uuid } as never }),
      'role: Invalid option: expected one of "moderator"|"owner"|"coOwner"|"banned"|"kicked"|"chatDisabled"|"djDisabled"|"dj"',
    );
    await expectError(
      s.client.call(e.remove, {
        params: { roomId: room.uuid },
        body: { userUuid: plain.uuid, role: 'dj' },
      }),
      401,
      MISSING_TOKEN,
    );
  });
});

describe('GET /roomUserRoles/{roomId} and /{roomId}/{userId}', () => {
  it('answers the roles in force, leaving expired ones out', async () => {
    const u = await s.createUser();
    const other = await createRoom(s, owner.token);
    await give(owner.token, u.uuid, 'dj', other.uuid);
    await new RoomRolesRepository(s.app.platform.db).put(
      other.id,
      u.uuid,
      'chatDisabled',
      new Date(Date.now() - 1000),
    );
    const all = await s.as(guest).call(e.list, { params: { roomId: other.slug } });
    expect(all.map((r) => [r.userUuid, r.role])).toEqual([
      [owner.uuid, 'owner'],
      [u.uuid, 'dj'],
    ]);
    const mine = await s
      .as(u.token)
      .call(e.ofUser, { params: { roomId: other.uuid, userId: u.uuid } });
    expect(mine.map((r) => r.role)).toEqual(['dj']);
    expect(
      await s.as(u.token).call(e.ofUser, { params: { roomId: other.uuid, userId: 'nobody' } }),
    ).toEqual([]);
  });

  it('refuses an unknown room and a missing token', async () => {
    await expectError(
      s.as(guest).call(e.list, { params: { roomId: UNKNOWN_UUID } }),
      404,
      ROOM_NOT_FOUND,
    );
    await expectError(s.client.call(e.list, { params: { roomId: room.uuid } }), 401, MISSING_TOKEN);
    await expectError(
      s.client.call(e.ofUser, { params: { roomId: room.uuid, userId: plain.uuid } }),
      401,
      MISSING_TOKEN,
    );
  });
});

describe('PUT /roomUserRoles/change-owner/{roomId}', () => {
  it('hands the room over; the previous owner stays as co-owner', async () => {
    const me = await s.createUser();
    const heir = await s.createUser();
    const r = await createRoom(s, me.token);
    await give(me.token, heir.uuid, 'moderator', r.uuid);
    const res = await s
      .as(me.token)
      .call(e.changeOwner, { params: { roomId: r.uuid }, body: { userUuid: heir.uuid } });
    expect(res.map((x) => [x.userUuid, x.role]).sort()).toEqual(
      [
        [me.uuid, 'coOwner'],
        [heir.uuid, 'owner'],
      ].sort(),
    );
    expect((await s.as(heir.token).call(lists.owned, {})).map((x) => x.uuid)).toEqual([r.uuid]);
    // An admin may do it too.
    await s
      .as(adminUser.token)
      .call(e.changeOwner, { params: { roomId: r.uuid }, body: { userUuid: me.uuid } });
    expect((await s.as(me.token).call(lists.owned, {})).map((x) => x.uuid)).toEqual([r.uuid]);
  });

  it('refuses the current owner, unknown users, non-owners and a missing token', async () => {
    const body = { userUuid: plain.uuid };
    await expectError(
      s
        .as(owner.token)
        .call(e.changeOwner, { params: { roomId: room.uuid }, body: { userUuid: owner.uuid } }),
      403,
      ALREADY,
    );
    await expectError(
      s
        .as(owner.token)
        .call(e.changeOwner, { params: { roomId: room.uuid }, body: { userUuid: UNKNOWN_UUID } }),
      404,
      'User profile not found.',
    );
    await expectError(
      s.as(coOwner.token).call(e.changeOwner, { params: { roomId: room.uuid }, body }),
      403,
      OWNER_ONLY,
    );
    await expectError(
      s.as(globalMod.token).call(e.changeOwner, { params: { roomId: room.uuid }, body }),
      403,
      OWNER_ONLY,
    );
    await expectInvalid(
      s.as(owner.token).call(e.changeOwner, { params: { roomId: room.uuid }, body: {} as never }),
      'userUuid: Invalid input: expected string, received undefined',
    );
    await expectError(
      s.client.call(e.changeOwner, { params: { roomId: room.uuid }, body }),
      401,
      MISSING_TOKEN,
    );
  });
});

describe('POST /roomUserRoles/kick-user-from-room', () => {
  it('kicks for 10 minutes with the reason given', async () => {
    const u = await s.createUser();
    const kicked = await nextWork(s, 'room.userKicked', (p) => p.userUuid === u.uuid);
    const role = await s.as(roomMod.token).call(e.kick, {
      body: { roomUuid: room.uuid, userUuid: u.uuid, reason: 'Be nice' },
    });
    expect(role.role).toBe('kicked');
    const minutes = (Date.parse(role.expirationTime!) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    expect(await kicked.received).toEqual({
      roomUuid: room.uuid,
      userUuid: u.uuid,
      reason: 'Be nice',
    });
    // Kicking again renews the kick.
    await s.as(roomMod.token).call(e.kick, { body: { roomUuid: room.uuid, userUuid: u.uuid } });
  });

  it('refuses ranks, self, others, bad input and a missing token', async () => {
    const kick = (token: string, userUuid: string) =>
      s.as(token).call(e.kick, { body: { roomUuid: room.uuid, userUuid } });
    await expectError(kick(roomMod.token, owner.uuid), 403, RANK);
    await expectError(
      kick(roomMod.token, roomMod.uuid),
      403,
      'You cannot perform this action on your own account.',
    );
    await expectError(kick(plain.token, roomMod.uuid), 403, MODERATE_REFUSED);
    await expectInvalid(
      s.as(owner.token).call(e.kick, { body: { roomUuid: 'x', userUuid: plain.uuid } }),
      'roomUuid: Invalid UUID',
    );
    await expectError(
      s.as(owner.token).call(e.kick, { body: { roomUuid: UNKNOWN_UUID, userUuid: plain.uuid } }),
      404,
      ROOM_NOT_FOUND,
    );
    await expectError(
      s.client.call(e.kick, { body: { roomUuid: room.uuid, userUuid: plain.uuid } }),
      401,
      MISSING_TOKEN,
    );
  });
});

describe('POST /roomUserRoles/no-dancefloor-users', () => {
  it('answers which of the users are not in the room', async () => {
    realtime.set(room.uuid, { userUuids: [owner.uuid, roomMod.uuid] });
    const res = await s.as(guest).call(e.noDancefloor, {
      body: { roomUuid: room.uuid, userUuids: [owner.uuid, plain.uuid, coOwner.uuid, plain.uuid] },
    });
    expect(res).toEqual({ userUuids: [plain.uuid, coOwner.uuid] });
  });

  it('refuses bad input, an unknown room and a missing token', async () => {
    await expectInvalid(
      s.as(guest).call(e.noDancefloor, { body: { roomUuid: room.uuid } as never }),
      'userUuids: Invalid input: expected array, received undefined',
    );
    await expectError(
      s.as(guest).call(e.noDancefloor, { body: { roomUuid: UNKNOWN_UUID, userUuids: [] } }),
      404,
      ROOM_NOT_FOUND,
    );
    await expectError(
      s.client.call(e.noDancefloor, { body: { roomUuid: room.uuid, userUuids: [] } }),
      401,
      MISSING_TOKEN,
    );
  });
});
