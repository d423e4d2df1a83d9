import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  roomEndpoints as e,
  roomListEndpoints as lists,
  roomRoleEndpoints as roles,
  type RoomDto,
} from '@tt/protocol';
import { expectError, type TestServer } from '../../../test/harness';
import {
  createRoom,
  guest,
  RoomClient,
  roomState,
  song,
  startRealtimeServer,
  uniqueSlug,
} from '../../realtime/test-kit';

/** SEC-ROOM-PRIV-*: the inside of a password room is for those who passed its password. */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer();
});
afterAll(() => s?.close());

const NEEDS_PASSWORD = 'This room needs a password.';
const PASSWORD = 'velvet-rope-9';

/** A password room with its owner DJing a song and `member` listening over the socket. */
async function privateRoom() {
  const [owner, member, stranger] = await Promise.all([
    s.createUser(),
    s.createUser(),
    s.createUser(),
  ]);
  const room = await createRoom(s, owner.token, { password: PASSWORD, slug: uniqueSlug('priv') });
  const co = await RoomClient.join(s, owner, room.uuid, { password: PASSWORD });
  await co.action('addDj', { song: song('Secret Song', 300) });
  const cm = await RoomClient.join(s, member, room.uuid, { password: PASSWORD });
  await co.waitFor('userJoined');
  const close = () => [co, cm].forEach((c) => c.disconnect());
  return { room, owner, member, stranger, co, cm, close };
}

/** The room card shows who is inside (uuids, song), or only the counts. */
function expectCard(dto: RoomDto | undefined, inside: boolean, memberUuid: string) {
  expect(dto).toBeDefined();
  expect(dto!.numberOfUsersInRoom).toBe(2);
  if (inside) {
    expect(dto!.usersInRoomUuids).toContain(memberUuid);
    expect(dto!.song?.trackName).toBe('Secret Song');
  } else {
    expect(dto).not.toHaveProperty('usersInRoomUuids');
    expect(dto).not.toHaveProperty('song');
  }
}

describe('password rooms', () => {
  it('SEC-ROOM-PRIV-1: room-state is 403 unless the caller passed the password (socket, REST join) or is staff', async () => {
    const { room, owner, member, stranger, close } = await privateRoom();
    const globalMod = await s.createUser({ roles: ['user', 'globalModerator'] });
    const g = await guest(s);
    await expectError(roomState(s, stranger.token, room.uuid), 403, NEEDS_PASSWORD);
    await expectError(roomState(s, g.token, room.uuid), 403, NEEDS_PASSWORD);
    // A REST join without the password (allowed: the socket checks it) opens nothing.
    await s.as(stranger.token).call(e.join, { params: { slug: room.slug }, body: undefined });
    await expectError(roomState(s, stranger.token, room.uuid), 403, NEEDS_PASSWORD);

    expect((await roomState(s, member.token, room.uuid)).nowPlaying).not.toBeNull();
    expect((await roomState(s, owner.token, room.uuid)).allUsers).toHaveLength(2);
    expect((await roomState(s, globalMod.token, room.uuid)).allUsers).toHaveLength(2);
    // The REST join with the password leaves a grant: the bot's way in.
    await s.as(stranger.token).call(e.join, {
      params: { slug: room.slug },
      body: { password: PASSWORD },
    });
    expect((await roomState(s, stranger.token, room.uuid)).allUsers).toHaveLength(2);
    close();
  });

  it('SEC-ROOM-PRIV-2: the public room card leaves out who is inside and the song for those who did not pass', async () => {
    const { room, member, stranger, close } = await privateRoom();
    const byId = (token: string | null) => s.as(token).call(e.get, { params: { id: room.slug } });
    const byUuid = (token: string | null) =>
      s.as(token).call(e.byUuid, { params: { uuid: room.uuid } });
    expectCard(await byId(null), false, member.uuid);
    expectCard(await byUuid(null), false, member.uuid);
    expectCard(await byId(stranger.token), false, member.uuid);
    expectCard(await byId(member.token), true, member.uuid);
    expectCard(await byUuid(member.token), true, member.uuid);

    // A room without a password shows everyone its inside.
    const open = await createRoom(s, stranger.token, { slug: uniqueSlug('open') });
    const c = await RoomClient.join(s, stranger, open.uuid);
    const card = await s.client.call(e.get, { params: { id: open.slug } });
    expect(card.usersInRoomUuids).toEqual([stranger.uuid]);
    c.disconnect();
    close();
  });

  it('SEC-ROOM-PRIV-3: lists, users, no-dancefloor and recent songs keep the inside of a password room to those who passed', async () => {
    const { room, owner, member, stranger, close } = await privateRoom();
    const find = (rooms: RoomDto[]) => rooms.find((r) => r.uuid === room.uuid);

    const page = await s.as(stranger.token).call(lists.public, { query: { limit: 100 } });
    expectCard(find(page.rooms), false, member.uuid);
    const pageIn = await s.as(member.token).call(lists.public, { query: { limit: 100 } });
    expectCard(find(pageIn.rooms), true, member.uuid);
    const several = await s.client.call(lists.multiple, { query: { room: [room.slug] } });
    expectCard(find(several), false, member.uuid);
    expectCard(find(await s.as(owner.token).call(lists.owned, {})), true, member.uuid);
    // Remembered rooms: a wrong password leaves the room out; the right one opens it here.
    const wrong = await s.client.call(lists.withPasswords, {
      body: { rooms: [{ slug: room.slug, password: 'nope' }] },
    });
    expect(find(wrong)).toBeUndefined();
    const right = await s.client.call(lists.withPasswords, {
      body: { rooms: [{ slug: room.slug, password: PASSWORD }] },
    });
    expectCard(find(right), true, member.uuid);

    const users = (token: string) =>
      s.as(token).call(lists.usersInRoom, { params: { id: room.uuid } });
    await expectError(users(stranger.token), 403, NEEDS_PASSWORD);
    expect((await users(member.token)).userUuids).toContain(member.uuid);
    const noFloor = (token: string) =>
      s.as(token).call(roles.noDancefloor, {
        body: { roomUuid: room.uuid, userUuids: [member.uuid] },
      });
    await expectError(noFloor(stranger.token), 403, NEEDS_PASSWORD);
    expect((await noFloor(member.token)).userUuids).toEqual([]);
    const songs = (token: string | null) =>
      s.as(token).call(e.recentSongs, { params: { slug: room.slug }, query: {} });
    await expectError(songs(null), 403, NEEDS_PASSWORD);
    await expectError(songs(stranger.token), 403, NEEDS_PASSWORD);
    expect((await songs(member.token)).songs[0].song.trackName).toBe('Secret Song');
    close();
  });

  it('SEC-ROOM-PRIV-4: a new password ends what the old one opened; leaving the room ends the socket pass', async () => {
    const { room, owner, member, stranger, cm, close } = await privateRoom();
    await s.as(stranger.token).call(e.join, {
      params: { slug: room.slug },
      body: { password: PASSWORD },
    });
    expect((await roomState(s, stranger.token, room.uuid)).allUsers).toHaveLength(2);
    await s.as(owner.token).call(e.update, {
      params: { id: room.uuid },
      body: { password: 'a-brand-new-one' },
    });
    await expectError(roomState(s, stranger.token, room.uuid), 403, NEEDS_PASSWORD);

    // The member passed on the socket only: once out of the room, the inside is closed to them.
    await (cm.client as any).send({ event: 'roomLeave', room: room.uuid });
    await expectError(roomState(s, member.token, room.uuid), 403, NEEDS_PASSWORD);
    close();
  });
});
