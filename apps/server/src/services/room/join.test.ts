import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  roomEndpoints as e,
  roomListEndpoints as lists,
  roomRoleEndpoints as roles,
  roomSettingsEndpoints as settings,
  type ClientRoomState,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import type { JoinRequest, RoomsPort } from '../../platform/ports';
import { RoomRolesRepository } from './roles.repository';
import {
  createRoom,
  expectInvalid,
  FakeRealtime,
  MISSING_TOKEN,
  ROOM_NOT_FOUND,
  UNKNOWN_UUID,
} from './testing';

type User = Awaited<ReturnType<TestServer['createUser']>>;

const BANNED = 'You are banned from this room.';
const KICKED = 'You were kicked from this room, please try again in a few minutes.';
const NOT_LIVE = 'This room is not live right now.';
const PASSWORD_REQUIRED = 'This room needs a password.';
const PASSWORD_INCORRECT = 'Incorrect room password.';

let s: TestServer;
let owner: User;
let plain: User;
let guest: string;
let guestUuid: string;
let port: RoomsPort;
let realtime: FakeRealtime;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.createUser();
  plain = await s.createUser();
  guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
  guestUuid = (await s.app.platform.tokens.verify(guest)).uuid;
  port = s.app.platform.ports.rooms!;
  realtime = FakeRealtime.install(s);
});
afterAll(() => s.close());

const join = (
  token: string | null,
  slug: string,
  body?: { password?: string; guestPassword?: string },
) => s.as(token).call(e.join, { params: { slug }, body });

const asEntrant = (u: User, extra: Partial<JoinRequest> = {}): Omit<JoinRequest, 'roomUuid'> => ({
  userUuid: u.uuid,
  isGuest: false,
  roles: ['user'],
  ...extra,
});

describe('POST /rooms/{slug}/join', () => {
  it('answers the room config (with its uuid) and records the visit', async () => {
    const room = await createRoom(s, owner.token);
    const config = await join(plain.token, room.slug.toUpperCase());
    expect(config).toMatchObject({ uuid: room.uuid, slug: room.slug });
    const recent = await s.as(plain.token).call(lists.recent, {});
    expect(recent.rooms.map((r) => r.uuid)).toEqual([room.uuid]);
  });

  it('works without a body, as the TTLIVE-discord-bot calls it', async () => {
    const room = await createRoom(s, owner.token, { password: 'bot-pw-1' });
    const res = await fetch(`${s.url}/api/room-service/rooms/${room.slug}/join`, {
      method: 'POST',
      headers: { authorization: `Bearer ${plain.token}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { uuid: string }).uuid).toBe(room.uuid);
  });

  it('lets guests in to listen, unless the guest password is missing or wrong', async () => {
    const room = await createRoom(s, owner.token);
    expect((await join(guest, room.slug)).uuid).toBe(room.uuid);
    await s.as(owner.token).call(settings.setGuestPassword, {
      body: { roomUuid: room.uuid, password: 'guest-pw' },
    });
    await expectError(join(guest, room.slug, { guestPassword: 'nope' }), 403, PASSWORD_INCORRECT);
    expect((await join(guest, room.slug, { guestPassword: 'guest-pw' })).uuid).toBe(room.uuid);
    // Users do not need the guest password.
    expect((await join(plain.token, room.slug)).uuid).toBe(room.uuid);
  });

  it('checks a given password', async () => {
    const room = await createRoom(s, owner.token, { password: 'secret-1' });
    await expectError(join(plain.token, room.slug, { password: 'wrong' }), 403, PASSWORD_INCORRECT);
    expect((await join(plain.token, room.slug, { password: 'secret-1' })).isPasswordProtected).toBe(
      true,
    );
  });

  it('refuses banned and kicked users, but not once a temporary ban expired', async () => {
    const room = await createRoom(s, owner.token);
    const banned = await s.createUser();
    const kicked = await s.createUser();
    await s.as(owner.token).call(roles.create, {
      params: { roomId: room.uuid },
      body: { userUuid: banned.uuid, role: 'banned' },
    });
    await s.as(owner.token).call(roles.kick, {
      body: { roomUuid: room.uuid, userUuid: kicked.uuid },
    });
    await expectError(join(banned.token, room.slug), 403, BANNED);
    await expectError(join(kicked.token, room.slug), 403, KICKED);

    const expired = await s.createUser();
    await new RoomRolesRepository(s.app.platform.db).put(
      room.id,
      expired.uuid,
      'banned',
      new Date(Date.now() - 60_000),
    );
    expect((await join(expired.token, room.slug)).uuid).toBe(room.uuid);
  });

  it('refuses a room that is not live, except to its staff', async () => {
    const room = await createRoom(s, owner.token);
    await s.as(owner.token).call(settings.liveState, {
      params: { id: room.uuid },
      body: { isLive: false },
    });
    await expectError(join(plain.token, room.slug), 403, NOT_LIVE);
    expect((await join(owner.token, room.slug)).isLive).toBe(false);
  });

  it('refuses a full room, except to its staff', async () => {
    const room = await createRoom(s, owner.token, { roomSize: 2 });
    realtime.set(room.uuid, { userUuids: [owner.uuid, UNKNOWN_UUID] });
    await expectError(join(plain.token, room.slug), 403, 'This room is full');
    expect((await join(owner.token, room.slug)).uuid).toBe(room.uuid);
    realtime.set(room.uuid, { userUuids: [owner.uuid] });
    expect((await join(plain.token, room.slug)).uuid).toBe(room.uuid);
  });

  it('refuses an unknown room, bad input and a missing token', async () => {
    await expectError(join(plain.token, 'no-such-room'), 404, ROOM_NOT_FOUND);
    const room = await createRoom(s, owner.token);
    await expectInvalid(
      join(plain.token, room.slug, { password: 42 as never }),
      'password: Invalid input: expected string, received number',
    );
    await expectError(join(null, room.slug), 401, MISSING_TOKEN);
  });
});

describe('RoomsPort.get and authorizeJoin', () => {
  it('get answers the room with its roles in force, or null', async () => {
    const room = await createRoom(s, owner.token);
    const got = await port.get(room.uuid);
    expect(got).toMatchObject({ uuid: room.uuid, roomRoles: [{ role: 'owner' }] });
    expect(got).not.toHaveProperty('numberOfUsersInRoom');
    expect(await port.get(UNKNOWN_UUID)).toBeNull();
    expect(await port.get('not-a-uuid')).toBeNull();
  });

  it('admits users, and the staff of a room without its password', async () => {
    const room = await createRoom(s, owner.token, { password: 'pw-port' });
    await expect(
      port.authorizeJoin({ roomUuid: room.uuid, ...asEntrant(plain, { password: 'pw-port' }) }),
    ).resolves.toMatchObject({ uuid: room.uuid });
    await expect(
      port.authorizeJoin({ roomUuid: room.uuid, ...asEntrant(owner) }),
    ).resolves.toMatchObject({ uuid: room.uuid });
    const globalMod = await s.createUser({ roles: ['user', 'moderator'] });
    await expect(
      port.authorizeJoin({
        roomUuid: room.uuid,
        ...asEntrant(globalMod, { roles: ['user', 'moderator'] }),
      }),
    ).resolves.toMatchObject({ uuid: room.uuid });
  });

  it('refuses with a clear message: unknown room, password missing or wrong, bans, not live', async () => {
    const refuse = (req: JoinRequest, status: number, message: string) =>
      port.authorizeJoin(req).then(
        () => expect.fail('admitted'),
        (err: { status: number; message: string }) => {
          expect(err.status).toBe(status);
          expect(err.message).toBe(message);
        },
      );
    await refuse({ roomUuid: UNKNOWN_UUID, ...asEntrant(plain) }, 404, ROOM_NOT_FOUND);

    const room = await createRoom(s, owner.token, { password: 'pw-2' });
    await refuse({ roomUuid: room.uuid, ...asEntrant(plain) }, 403, PASSWORD_REQUIRED);
    await refuse(
      { roomUuid: room.uuid, ...asEntrant(plain, { password: 'nope' }) },
      403,
      PASSWORD_INCORRECT,
    );
    await refuse(
      { roomUuid: room.uuid, userUuid: guestUuid, isGuest: true, roles: ['guest'] },
      403,
      PASSWORD_REQUIRED,
    );

    const banned = await s.createUser();
    await s.as(owner.token).call(roles.create, {
      params: { roomId: room.uuid },
      body: { userUuid: banned.uuid, role: 'banned' },
    });
    await refuse({ roomUuid: room.uuid, ...asEntrant(banned, { password: 'pw-2' }) }, 403, BANNED);
    await s.as(owner.token).call(roles.kick, {
      body: { roomUuid: room.uuid, userUuid: plain.uuid, reason: 'spam' },
    });
    await refuse({ roomUuid: room.uuid, ...asEntrant(plain, { password: 'pw-2' }) }, 403, KICKED);

    const closed = await createRoom(s, owner.token);
    await s.as(owner.token).call(settings.liveState, {
      params: { id: closed.uuid },
      body: { isLive: false },
    });
    const other = await s.createUser();
    await refuse({ roomUuid: closed.uuid, ...asEntrant(other) }, 403, NOT_LIVE);
  });

  it('lets guests in with the guest password or the room password', async () => {
    const room = await createRoom(s, owner.token, { password: 'room-pw' });
    await s.as(owner.token).call(settings.setGuestPassword, {
      body: { roomUuid: room.uuid, password: 'guest-pw' },
    });
    const g = {
      roomUuid: room.uuid,
      userUuid: guestUuid,
      isGuest: true,
      roles: ['guest' as const],
    };
    await expect(port.authorizeJoin({ ...g, guestPassword: 'guest-pw' })).resolves.toBeTruthy();
    await expect(port.authorizeJoin({ ...g, password: 'room-pw' })).resolves.toBeTruthy();
    await expect(port.authorizeJoin({ ...g, guestPassword: 'x' })).rejects.toMatchObject({
      status: 403,
      message: PASSWORD_INCORRECT,
    });
  });
});

describe('GET /rooms/room-state/{id}', () => {
  it('answers the live state from the realtime layer', async () => {
    const room = await createRoom(s, owner.token);
    const state = {
      allUserData: {},
      allUsers: [],
      audienceUsers: [],
      djs: [],
      floorUsers: [],
      nowPlaying: null,
      settings: { ...room },
      songsRemainingForDj: 0,
      vibeMeter: 0.5,
      visibleDjs: [],
      voteCounts: { likes: 1, dislikes: 0, stars: 2 },
    } as ClientRoomState;
    realtime.states.set(room.uuid, state);
    expect(await s.as(guest).call(e.roomState, { params: { id: room.slug } })).toEqual(state);
  });

  it('answers 404 when nobody is in the room or it does not exist, 401 without a token', async () => {
    const room = await createRoom(s, owner.token);
    await expectError(
      s.as(plain.token).call(e.roomState, { params: { id: room.uuid } }),
      404,
      'Nobody is in this room right now.',
    );
    await expectError(
      s.as(plain.token).call(e.roomState, { params: { id: UNKNOWN_UUID } }),
      404,
      ROOM_NOT_FOUND,
    );
    await expectError(
      s.client.call(e.roomState, { params: { id: room.uuid } }),
      401,
      MISSING_TOKEN,
    );
  });
});
