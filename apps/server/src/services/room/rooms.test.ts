import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  roomAdminEndpoints as admin,
  roomEndpoints as e,
  roomRoleEndpoints as roles,
  MAX_OWNED_ROOMS,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import {
  createRoom,
  expectInvalid,
  FakeRealtime,
  GUEST_REFUSED,
  MANAGE_REFUSED,
  MISSING_TOKEN,
  nextEvent,
  nextWork,
  OWNER_ONLY,
  ROLE_REFUSED,
  ROOM_NOT_FOUND,
  uniqueSlug,
  UNKNOWN_UUID,
} from './testing';

type User = Awaited<ReturnType<TestServer['createUser']>>;

let s: TestServer;
let owner: User;
let plain: User;
let globalMod: User;
let adminUser: User;
let guest: string;
let realtime: FakeRealtime;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.createUser();
  plain = await s.createUser();
  globalMod = await s.createUser({ roles: ['user', 'globalModerator'] });
  adminUser = await s.createUser({ roles: ['user', 'admin'] });
  guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
  realtime = FakeRealtime.install(s);
});
afterAll(() => s.close());

const grant = (token: string, roomId: string, userUuid: string, role: 'coOwner' | 'moderator') =>
  s.as(token).call(roles.create, { params: { roomId }, body: { userUuid, role } });

describe('POST /rooms/infrastructure', () => {
  it('creates a room from a name alone, with defaults, owned by the caller', async () => {
    const room = await s.as(owner.token).call(e.create, { body: { name: 'Café Del Mar!' } });
    expect(room).toMatchObject({
      slug: 'cafe-del-mar',
      name: 'Café Del Mar!',
      description: '',
      djType: 'EVERYONE',
      type: 'PUBLIC',
      design: 'CLUB',
      numberOfDjs: 5,
      songsPerDj: 0,
      roomSize: 200,
      isPasswordProtected: false,
      isGuestPasswordProtected: false,
      isLive: true,
      promoted: false,
      hasChat: true,
      unlisted: false,
      posterUrl: null,
      pinnedMessages: [],
    });
    expect(room.musicProviderKeys).toContain('spotify');
    expect(room.roomRoles).toEqual([
      expect.objectContaining({ userUuid: owner.uuid, role: 'owner', expirationTime: null }),
    ]);
    expect(JSON.stringify(room)).not.toMatch(/hash/i);

    const again = await s.as(plain.token).call(e.create, { body: { name: 'Cafe del mar' } });
    expect(again.slug).toBe('cafe-del-mar-2');
  });

  it('lowercases a given slug, keeps every setting and hides the password', async () => {
    const slug = uniqueSlug('MiXeD').toUpperCase();
    const room = await createRoom(s, owner.token, {
      slug,
      design: 'YACHT',
      djType: 'INVITE_ONLY',
      type: 'PRIVATE',
      numberOfDjs: 3,
      roomSize: 50,
      musicProviderKeys: ['spotify', 'spotify', 'youtube'],
      password: 'open sesame',
      unlisted: true,
    });
    expect(room).toMatchObject({
      slug: slug.toLowerCase(),
      design: 'YACHT',
      djType: 'INVITE_ONLY',
      type: 'PRIVATE',
      numberOfDjs: 3,
      roomSize: 50,
      musicProviderKeys: ['spotify', 'youtube'],
      isPasswordProtected: true,
      unlisted: true,
    });
  });

  it('refuses a slug already taken (any case) or reserved', async () => {
    const room = await createRoom(s, owner.token);
    await expectError(
      createRoom(s, plain.token, { slug: room.slug.toUpperCase() }),
      409,
      'This room address (slug) is already taken, please choose another one.',
    );
    await expectError(
      createRoom(s, plain.token, { slug: 'public' }),
      409,
      'This room address (slug) is reserved, please choose another one.',
    );
  });

  it('refuses bad input with the failing fields', async () => {
    await expectInvalid(
      s.as(owner.token).call(e.create, { body: {} as never }),
      'name: Invalid input: expected string, received undefined',
    );
    await expectInvalid(
      s.as(owner.token).call(e.create, {
        body: { name: 'x', slug: '-bad slug-', numberOfDjs: 11, design: 'CAVE' as never },
      }),
      'design: Invalid option: expected one of "BARN"|"BARN_UA"|"CHAT_ONLY"|"CLUB"|"CLUB_UA"|"FERRY_BUILDING"|"FESTIVAL"|"STADIUM"|"THEATER"|"TOMORROWLAND"|"UNDERGROUND"|"YACHT"',
      'numberOfDjs: Too big: expected number to be <=10',
      'slug: letters, digits and dashes (not first or last), 1 to 64 characters',
    );
  });

  it('needs a token, and refuses guests', async () => {
    await expectError(s.client.call(e.create, { body: { name: 'x' } }), 401, MISSING_TOKEN);
    await expectError(s.as(guest).call(e.create, { body: { name: 'x' } }), 403, GUEST_REFUSED);
  });

  it(`stops at ${MAX_OWNED_ROOMS} owned rooms`, async () => {
    const busy = await s.createUser();
    for (let i = 0; i < MAX_OWNED_ROOMS; i++) await createRoom(s, busy.token);
    await expectError(
      createRoom(s, busy.token),
      403,
      'You already own the maximum number of rooms.',
    );
  });
});

describe('PATCH /rooms/{id} and PATCH /rooms/{id}/infrastructure', () => {
  it('lets the owner change settings and the slug, and announces it', async () => {
    const room = await createRoom(s, owner.token);
    const slug = uniqueSlug('renamed');
    const event = await nextEvent(s, 'room.settingsUpdated', (p) => p.roomUuid === room.uuid);
    const updated = await s.as(owner.token).call(e.update, {
      params: { id: room.slug },
      body: { name: 'Renamed', slug, password: 'pw-1234' },
    });
    expect(updated).toMatchObject({
      uuid: room.uuid,
      name: 'Renamed',
      slug,
      isPasswordProtected: true,
    });
    expect(await event.received).toEqual({ roomUuid: room.uuid, slugChanged: true });
    await expectError(s.client.call(e.get, { params: { id: room.slug } }), 404, ROOM_NOT_FOUND);

    const event2 = await nextEvent(s, 'room.settingsUpdated', (p) => p.roomUuid === room.uuid);
    const cleared = await s.as(owner.token).call(e.updateInfrastructure, {
      params: { id: room.uuid },
      body: { password: null, vibe: 'chill' },
    });
    expect(cleared).toMatchObject({ isPasswordProtected: false, vibe: 'chill' });
    expect(await event2.received).toEqual({ roomUuid: room.uuid, slugChanged: false });
  });

  it('lets co-owners and global moderators in, not room moderators or others', async () => {
    const room = await createRoom(s, owner.token);
    const co = await s.createUser();
    const mod = await s.createUser();
    await grant(owner.token, room.uuid, co.uuid, 'coOwner');
    await grant(owner.token, room.uuid, mod.uuid, 'moderator');
    const patch = (token: string, name: string) =>
      s.as(token).call(e.update, { params: { id: room.uuid }, body: { name } });
    expect((await patch(co.token, 'By co-owner')).name).toBe('By co-owner');
    expect((await patch(globalMod.token, 'By global mod')).name).toBe('By global mod');
    await expectError(patch(mod.token, 'nope'), 403, MANAGE_REFUSED);
    await expectError(patch(plain.token, 'nope'), 403, MANAGE_REFUSED);
    await expectError(
      s.as(plain.token).call(e.updateInfrastructure, { params: { id: room.uuid }, body: {} }),
      403,
      MANAGE_REFUSED,
    );
  });

  it('refuses a taken slug, bad input, an unknown room and a missing token', async () => {
    const a = await createRoom(s, owner.token);
    const b = await createRoom(s, owner.token);
    await expectError(
      s.as(owner.token).call(e.update, { params: { id: b.uuid }, body: { slug: a.slug } }),
      409,
      'This room address (slug) is already taken, please choose another one.',
    );
    await expectInvalid(
      s.as(owner.token).call(e.update, { params: { id: b.uuid }, body: { roomSize: 1 } }),
      'roomSize: Too small: expected number to be >=2',
    );
    await expectError(
      s.as(owner.token).call(e.update, { params: { id: UNKNOWN_UUID }, body: {} }),
      404,
      ROOM_NOT_FOUND,
    );
    await expectError(
      s.client.call(e.update, { params: { id: b.uuid }, body: {} }),
      401,
      MISSING_TOKEN,
    );
  });
});

describe('DELETE /rooms/{id}/infrastructure', () => {
  it('lets the owner delete the room; the slug becomes free', async () => {
    const room = await createRoom(s, owner.token);
    const event = await nextWork(s, 'room.deleted', (p) => p.roomUuid === room.uuid);
    expect(await s.as(owner.token).call(e.delete, { params: { id: room.slug } })).toEqual({
      success: true,
    });
    expect(await event.received).toEqual({ roomUuid: room.uuid });
    await expectError(s.client.call(e.get, { params: { id: room.uuid } }), 404, ROOM_NOT_FOUND);
    const reborn = await createRoom(s, plain.token, { slug: room.slug });
    expect(reborn.uuid).not.toBe(room.uuid);
  });

  it('lets admins delete, not co-owners or others', async () => {
    const room = await createRoom(s, owner.token);
    const co = await s.createUser();
    await grant(owner.token, room.uuid, co.uuid, 'coOwner');
    await expectError(
      s.as(co.token).call(e.delete, { params: { id: room.uuid } }),
      403,
      OWNER_ONLY,
    );
    await expectError(
      s.as(plain.token).call(e.delete, { params: { id: room.uuid } }),
      403,
      OWNER_ONLY,
    );
    await expectError(s.client.call(e.delete, { params: { id: room.uuid } }), 401, MISSING_TOKEN);
    await s.as(adminUser.token).call(e.delete, { params: { id: room.uuid } });
    await expectError(
      s.as(adminUser.token).call(e.delete, { params: { id: room.uuid } }),
      404,
      ROOM_NOT_FOUND,
    );
  });
});

describe('GET /rooms/{id} and GET /rooms/uuid/{uuid}', () => {
  it('answers a room by slug (any case) or uuid to anyone, with who is in it', async () => {
    const room = await createRoom(s, owner.token);
    realtime.set(room.uuid, { userUuids: [owner.uuid, plain.uuid], djUuids: [owner.uuid] });
    const bySlug = await s.client.call(e.get, { params: { id: room.slug.toUpperCase() } });
    expect(bySlug).toMatchObject({
      uuid: room.uuid,
      numberOfUsersInRoom: 2,
      numberOfActiveDjs: 1,
      usersInRoomUuids: [owner.uuid, plain.uuid],
      song: null,
    });
    expect((await s.client.call(e.byUuid, { params: { uuid: room.uuid } })).slug).toBe(room.slug);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['no-such-room', UNKNOWN_UUID, '99999999999', '-'.repeat(36)]) {
      await expectError(s.client.call(e.get, { params: { id } }), 404, ROOM_NOT_FOUND);
      await expectError(s.client.call(e.byUuid, { params: { uuid: id } }), 404, ROOM_NOT_FOUND);
    }
  });
});

describe('PATCH /rooms/admin/{id}', () => {
  it('lets admins set any field', async () => {
    const room = await createRoom(s, owner.token);
    const updated = await s.as(adminUser.token).call(admin.update, {
      params: { id: room.uuid },
      body: { promoted: true, isLive: false, liveAudio: true, entryFee: 5, name: 'Admin set' },
    });
    expect(updated).toMatchObject({
      promoted: true,
      isLive: false,
      liveAudio: true,
      entryFee: 5,
      name: 'Admin set',
    });
  });

  it('refuses bad input, other roles and a missing token', async () => {
    const room = await createRoom(s, owner.token);
    await expectInvalid(
      s.as(adminUser.token).call(admin.update, {
        params: { id: room.uuid },
        body: { entryFee: -1 },
      }),
      'entryFee: Too small: expected number to be >=0',
    );
    await expectError(
      s.as(owner.token).call(admin.update, { params: { id: room.uuid }, body: {} }),
      403,
      ROLE_REFUSED,
    );
    await expectError(
      s.client.call(admin.update, { params: { id: room.uuid }, body: {} }),
      401,
      MISSING_TOKEN,
    );
    await expectError(
      s.as(adminUser.token).call(admin.update, { params: { id: UNKNOWN_UUID }, body: {} }),
      404,
      ROOM_NOT_FOUND,
    );
  });
});
