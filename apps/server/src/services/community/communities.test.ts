import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  communityEndpoints as c,
  roomRoleEndpoints as roles,
  type CommunityDto,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { createRoom, MISSING_TOKEN, UNKNOWN_UUID, uniqueSlug } from '../room/testing';

/** Communities (docs/COMMUNITY-RULES.md, COMM-*): every route, each rule by ID. */
type User = Awaited<ReturnType<TestServer['createUser']>>;
let s: TestServer;
let owner: User;
let mod: User;
let member: User;
let stranger: User;
let admin: User;
let guest: string;
let hub: CommunityDto;

const as = (u: User | string | null) =>
  s.as(u === null ? null : typeof u === 'string' ? u : u.token);
const make = (u: User, body: Record<string, unknown> = {}) =>
  as(u).call(c.create, { body: { name: 'Deep House Club', ...body } });

beforeAll(async () => {
  s = await startTestServer();
  [owner, mod, member, stranger] = await Promise.all([1, 2, 3, 4].map(() => s.createUser()));
  admin = await s.createUser({ roles: ['user', 'admin'] });
  guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
  hub = await make(owner, { slug: uniqueSlug('hub'), description: 'House heads' });
});
afterAll(() => s.close());

describe('creating and reading', () => {
  it('COMM-CREATE-1: a signed-in person starts a community and owns it', async () => {
    expect(hub).toMatchObject({
      name: 'Deep House Club',
      description: 'House heads',
      visibility: 'PUBLIC',
      ownerUuid: owner.uuid,
      memberCount: 1,
      roomCount: 0,
      myRole: 'owner',
    });
    const seen = await as(null).call(c.get, { params: { id: hub.slug } });
    expect(seen).toMatchObject({ uuid: hub.uuid, myRole: null });
    expect((await as(null).call(c.get, { params: { id: String(hub.id) } })).uuid).toBe(hub.uuid);
    const listed = await as(null).call(c.list, { query: { search: 'deep house' } });
    expect(listed.communities.map((x) => x.uuid)).toContain(hub.uuid);
  });

  it('makes a slug from the name and refuses a taken one', async () => {
    const a = await make(stranger, { name: 'Jazz Café Nights' });
    expect(a.slug).toMatch(/^jazz-cafe-nights/);
    await expectError(
      make(stranger, { slug: hub.slug }),
      409,
      'A community with this address exists already.',
    );
    await as(stranger).call(c.remove, { params: { id: a.uuid } });
  });

  it('COMM-CREATE-2: five communities per person; admins are not limited', async () => {
    const u = await s.createUser();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await make(u, { name: `Mine ${i}` }));
    await expectError(make(u, { name: 'One too many' }), 409, /as many communities/);
    const a = await make(admin, { name: 'Admin one' });
    expect(a.ownerUuid).toBe(admin.uuid);
  });

  it('refuses bad input, a missing or broken token and guests', async () => {
    await expectError(make(owner, { name: 'x' }), 400, /at least 2 characters/);
    await expectError(make(owner, { bannerUrl: 'http://insecure.example/a.png' }), 400, /https/);
    await expectError(make(owner, { slug: '-bad-' }), 400);
    await expectError(make(owner, { visibility: 'SECRET' }), 400);
    await expectError(as(null).call(c.create, { body: { name: 'No token' } }), 401, MISSING_TOKEN);
    await expectError(as('not.a.token').call(c.create, { body: { name: 'Broken' } }), 401);
    await expectError(as(guest).call(c.create, { body: { name: 'Guest' } }), 403);
    await expectError(
      as(null).call(c.get, { params: { id: UNKNOWN_UUID } }),
      404,
      'Community not found.',
    );
    await expectError(
      as(null).call(c.users, { params: { id: hub.uuid }, query: { limit: 0 } }),
      400,
    );
  });
});

describe('members', () => {
  it('COMM-JOIN-1: anyone signed in joins a public community, once', async () => {
    const joined = await as(member).call(c.join, { params: { id: hub.uuid } });
    expect(joined).toMatchObject({ myRole: 'member', memberCount: 2 });
    await expectError(as(member).call(c.join, { params: { id: hub.uuid } }), 409);
    await expectError(as(guest).call(c.join, { params: { id: hub.uuid } }), 403);
    const mine = await as(member).call(c.mine, { query: {} });
    expect(mine.communities.map((x) => x.uuid)).toEqual([hub.uuid]);
  });

  it('COMM-ROLE-2: the owner makes moderators; moderators only add members', async () => {
    await as(owner).call(c.setUser, {
      params: { id: hub.uuid, userId: mod.uuid },
      body: { role: 'moderator' },
    });
    await expectError(
      as(mod).call(c.setUser, {
        params: { id: hub.uuid, userId: stranger.uuid },
        body: { role: 'moderator' },
      }),
      403,
      /Only the owner/,
    );
    await expectError(
      as(member).call(c.setUser, { params: { id: hub.uuid, userId: stranger.uuid }, body: {} }),
      403,
      'Only the owner and moderators of this community can do this.',
    );
    await expectError(
      as(owner).call(c.setUser, {
        params: { id: hub.uuid, userId: UNKNOWN_UUID },
        body: { role: 'member' },
      }),
      404,
    );
    const list = await as(null).call(c.users, { params: { id: hub.uuid }, query: {} });
    expect(list.members.map((m) => [m.userUuid, m.role])).toEqual([
      [owner.uuid, 'owner'],
      [mod.uuid, 'moderator'],
      [member.uuid, 'member'],
    ]);
    expect(list.total).toBe(3);
  });

  it('COMM-ROLE-3 and COMM-JOIN-3: who takes whom out; the owner cannot leave', async () => {
    await expectError(
      as(mod).call(c.removeUser, { params: { id: hub.uuid, userId: owner.uuid } }),
      403,
    );
    await expectError(
      as(owner).call(c.leave, { params: { id: hub.uuid } }),
      409,
      /hand the community/,
    );
    await expectError(as(stranger).call(c.leave, { params: { id: hub.uuid } }), 404);
    const extra = await s.createUser();
    await as(mod).call(c.setUser, { params: { id: hub.uuid, userId: extra.uuid }, body: {} });
    await as(mod).call(c.removeUser, { params: { id: hub.uuid, userId: extra.uuid } });
    await as(extra).call(c.join, { params: { id: hub.uuid } });
    const left = await as(extra).call(c.leave, { params: { id: hub.uuid } });
    expect(left.myRole).toBeNull();
    await expectError(
      as(member).call(c.removeUser, { params: { id: hub.uuid, userId: mod.uuid } }),
      403,
    );
  });

  it('COMM-ROLE-2: giving the owner role hands the community over', async () => {
    const club = await make(stranger, { name: 'Handover Club' });
    const heir = await s.createUser();
    await as(stranger).call(c.setUser, {
      params: { id: club.uuid, userId: heir.uuid },
      body: { role: 'owner' },
    });
    const after = await as(stranger).call(c.get, { params: { id: club.uuid } });
    expect(after).toMatchObject({ ownerUuid: heir.uuid, myRole: 'moderator' });
    await as(stranger).call(c.leave, { params: { id: club.uuid } });
  });

  it('COMM-VIS-1 and COMM-JOIN-2: a private community is invite-only and hidden from others', async () => {
    const secret = await make(owner, { name: 'Secret Society', visibility: 'PRIVATE' });
    await expectError(as(stranger).call(c.get, { params: { id: secret.uuid } }), 404);
    await expectError(as(null).call(c.users, { params: { id: secret.uuid }, query: {} }), 404);
    const list = await as(null).call(c.list, { query: { search: 'Secret Society' } });
    expect(list.communities).toEqual([]);
    await as(owner).call(c.setUser, { params: { id: secret.uuid, userId: member.uuid }, body: {} });
    expect((await as(member).call(c.get, { params: { id: secret.uuid } })).myRole).toBe('member');
    expect((await as(admin).call(c.get, { params: { id: secret.uuid } })).myRole).toBeNull();
    await as(owner).call(c.update, { params: { id: secret.uuid }, body: { visibility: 'PUBLIC' } });
    await as(owner).call(c.update, {
      params: { id: secret.uuid },
      body: { visibility: 'PRIVATE' },
    });
    const lone = await s.createUser();
    // Hidden, so "not found" rather than "invite-only".
    await expectError(as(lone).call(c.join, { params: { id: secret.uuid } }), 404);
  });

  it('COMM-EDIT-1: owner and moderators edit; the address and visibility are the owner’s', async () => {
    const edited = await as(mod).call(c.update, {
      params: { id: hub.uuid },
      body: { description: 'House, deep and soulful', bannerUrl: 'https://img.example/b.png' },
    });
    expect(edited).toMatchObject({ description: 'House, deep and soulful', myRole: 'moderator' });
    await expectError(
      as(mod).call(c.update, { params: { id: hub.uuid }, body: { visibility: 'PRIVATE' } }),
      403,
      'Only the owner of this community or an admin can do this.',
    );
    await expectError(
      as(member).call(c.update, { params: { id: hub.uuid }, body: { description: 'x' } }),
      403,
    );
    await expectError(as(mod).call(c.remove, { params: { id: hub.uuid } }), 403);
  });
});

describe('rooms', () => {
  it('COMM-ROOM-1: managers add rooms they own or co-own, one by one or several', async () => {
    const mine = await createRoom(s, owner.token);
    const other = await createRoom(s, stranger.token);
    const third = await createRoom(s, owner.token);
    await as(owner).call(c.putRoom, { params: { id: hub.uuid, roomId: mine.uuid } });
    await expectError(
      as(owner).call(c.addRoom, { params: { id: hub.uuid, roomId: other.uuid } }),
      403,
      'Only the owner and co-owners of a room can put it in a community.',
    );
    await expectError(
      as(stranger).call(c.addRoom, { params: { id: hub.uuid, roomId: other.uuid } }),
      403,
    );
    // A co-owner of a room may put it in.
    await as(stranger).call(roles.create, {
      params: { roomId: other.uuid },
      body: { userUuid: mod.uuid, role: 'coOwner' },
    });
    // All or none: the moderator co-owns one of the two rooms only.
    await expectError(
      as(mod).call(c.addRooms, {
        params: { id: hub.uuid },
        body: { rooms: [other.slug, third.uuid] },
      }),
      403,
    );
    expect((await as(null).call(c.get, { params: { id: hub.uuid } })).roomCount).toBe(1);
    await as(mod).call(c.addRooms, { params: { id: hub.uuid }, body: { rooms: [other.slug] } });
    await as(owner).call(c.addRooms, {
      params: { id: hub.uuid },
      body: { rooms: [third.uuid, mine.uuid] },
    });
    const rooms = await as(null).call(c.rooms, { params: { id: hub.uuid }, query: {} });
    expect(rooms.total).toBe(3);
    expect(new Set(rooms.rooms.map((r) => r.uuid))).toEqual(
      new Set([mine.uuid, other.uuid, third.uuid]),
    );
    const of = await as(null).call(c.ofRoom, { params: { roomId: mine.slug }, query: {} });
    expect(of.communities.map((x) => x.uuid)).toEqual([hub.uuid]);
    expect(of.communities[0].roomCount).toBe(3);

    // COMM-ROOM-2: the room's owner takes it out; so do the community's managers.
    await as(stranger).call(c.deleteRoom, { params: { id: hub.uuid, roomId: other.uuid } });
    await as(owner).call(c.dropRoom, { params: { id: hub.uuid, roomId: third.uuid } });
    await expectError(
      as(owner).call(c.removeRooms, { params: { id: hub.uuid }, body: { rooms: [third.uuid] } }),
      404,
      'This room is not in this community.',
    );
    await expectError(
      as(member).call(c.removeRooms, { params: { id: hub.uuid }, body: { rooms: [mine.uuid] } }),
      403,
    );
    await expectError(
      as(owner).call(c.addRooms, { params: { id: hub.uuid }, body: { rooms: [] } }),
      400,
    );
    await expectError(
      as(owner).call(c.putRoom, { params: { id: hub.uuid, roomId: uniqueSlug('none') } }),
      404,
      'Room not found.',
    );
  });

  it('COMM-ROOM-3: a room is in at most five communities', async () => {
    const room = await createRoom(s, admin.token);
    for (let i = 0; i < 5; i++) {
      const x = await make(admin, { name: `Limit ${i}` });
      await as(admin).call(c.addRoom, { params: { id: x.uuid, roomId: room.uuid } });
    }
    const sixth = await make(admin, { name: 'Limit 6' });
    await expectError(
      as(admin).call(c.addRoom, { params: { id: sixth.uuid, roomId: room.uuid } }),
      409,
      /at most 5 communities/,
    );
  });

  it('COMM-ROOM-4: non-members see only the public, listed rooms', async () => {
    const club = await make(owner, { name: 'Room Privacy Club' });
    const open = await createRoom(s, owner.token);
    const hidden = await createRoom(s, owner.token, { unlisted: true });
    await as(owner).call(c.addRooms, {
      params: { id: club.uuid },
      body: { rooms: [open.uuid, hidden.uuid] },
    });
    expect((await as(stranger).call(c.rooms, { params: { id: club.uuid }, query: {} })).total).toBe(
      1,
    );
    expect((await as(owner).call(c.rooms, { params: { id: club.uuid }, query: {} })).total).toBe(2);
  });
});

describe('admin', () => {
  it('lists (qb), creates for someone, creates in bulk, patches, replaces and removes', async () => {
    const made = await as(admin).call(c.adminCreate, {
      body: { name: 'Staff Picks', ownerUuid: member.uuid, visibility: 'PRIVATE' },
    });
    expect(made).toMatchObject({ ownerUuid: member.uuid, visibility: 'PRIVATE' });
    const bulk = await as(admin).call(c.adminBulk, {
      body: { bulk: [{ name: 'Bulk Same' }, { name: 'Bulk Same' }, { name: 'Bulk Other' }] },
    });
    expect(bulk).toHaveLength(3);
    expect(new Set(bulk.map((b) => b.slug)).size).toBe(3);
    const page = await as(admin).call(c.adminList, {
      query: { filter: [`visibility||$eq||PRIVATE`, `ownerUuid||$eq||${member.uuid}`] },
    });
    expect(page.data.map((x) => x.uuid)).toEqual([made.uuid]);
    expect(await as(admin).call(c.adminGet, { params: { id: made.uuid } })).toMatchObject({
      name: 'Staff Picks',
    });
    const patched = await as(admin).call(c.adminPatch, {
      params: { id: made.uuid },
      body: { name: 'Staff Picks 2', ownerUuid: mod.uuid },
    });
    expect(patched).toMatchObject({
      name: 'Staff Picks 2',
      ownerUuid: mod.uuid,
      visibility: 'PRIVATE',
    });
    const replaced = await as(admin).call(c.adminReplace, {
      params: { id: made.uuid },
      body: { name: 'Replaced' },
    });
    expect(replaced).toMatchObject({ name: 'Replaced', visibility: 'PUBLIC', description: '' });
    await as(admin).call(c.adminRemove, { params: { id: made.uuid } });
    await expectError(as(admin).call(c.adminGet, { params: { id: made.uuid } }), 404);
  });

  it('refuses non-admins, bad qb and an empty bulk', async () => {
    await expectError(as(owner).call(c.adminList, { query: {} }), 403);
    await expectError(as(null).call(c.adminList, { query: {} }), 401);
    await expectError(as(admin).call(c.adminList, { query: { filter: ['nope||$eq||1'] } }), 400);
    await expectError(as(admin).call(c.adminBulk, { body: { bulk: [] } }), 400, /at least one/);
    await expectError(as(mod).call(c.adminRemove, { params: { id: hub.uuid } }), 403);
  });
});
