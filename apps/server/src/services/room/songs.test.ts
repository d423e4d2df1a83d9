import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomAdminEndpoints as admin, roomEndpoints as e } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import type { RoomsPort } from '../../platform/ports';
import {
  createRoom,
  expectInvalid,
  MISSING_TOKEN,
  ROLE_REFUSED,
  ROOM_NOT_FOUND,
  song,
  UNKNOWN_UUID,
} from './testing';

type User = Awaited<ReturnType<TestServer['createUser']>>;

let s: TestServer;
let owner: User;
let adminUser: User;
let port: RoomsPort;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.createUser();
  adminUser = await s.createUser({ roles: ['user', 'admin'] });
  port = s.app.platform.ports.rooms!;
});
afterAll(() => s.close());

const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000);

describe('RoomsPort.songStarted / songEnded and GET /rooms/{slug}/recent-songs', () => {
  it('puts each play at the front of the list, then records its votes and played time', async () => {
    const room = await createRoom(s, owner.token);
    const first = await port.songStarted({
      roomUuid: room.uuid,
      song: song('First'),
      djUuid: owner.uuid,
      startedAt: at(300),
    });
    await port.songEnded({
      recentSongId: first,
      voteCounts: { likes: 3, dislikes: 1, stars: 1 },
      playedSeconds: 179.6,
    });
    const startedAt = at(100);
    const second = await port.songStarted({
      roomUuid: room.uuid,
      song: song('Second'),
      djUuid: adminUser.uuid,
      startedAt,
    });
    expect(second).toBeGreaterThan(first);

    const page = await s.client.call(e.recentSongs, { params: { slug: room.slug } });
    expect(page.total).toBe(2);
    expect(page.songs.map((p) => p.song.trackName)).toEqual(['Second', 'First']);
    expect(page.songs[0]).toEqual({
      song: song('Second'),
      voteCounts: { likes: 0, dislikes: 0, stars: 0 },
      djUuid: adminUser.uuid,
      playedAt: startedAt.toISOString(),
    });
    expect(page.songs[1]).toMatchObject({
      voteCounts: { likes: 3, dislikes: 1, stars: 1 },
      djUuid: owner.uuid,
    });

    const second2 = await s.client.call(e.recentSongs, {
      params: { slug: room.uuid },
      query: { limit: 1, offset: 1 },
    });
    expect(second2).toMatchObject({ total: 2, songs: [{ song: { trackName: 'First' } }] });

    const played = await s.as(owner.token).call(e.playedTime, { params: { id: room.slug } });
    expect(played).toEqual({ roomUuid: room.uuid, playedSeconds: 180 });
    await port.songEnded({
      recentSongId: second,
      voteCounts: { likes: 0, dislikes: 5, stars: 0 },
      playedSeconds: 20,
    });
    expect(
      (await s.as(owner.token).call(e.playedTime, { params: { id: room.uuid } })).playedSeconds,
    ).toBe(200);
  });

  it('songStarted refuses an unknown room', async () => {
    await expect(
      port.songStarted({
        roomUuid: UNKNOWN_UUID,
        song: song(),
        djUuid: owner.uuid,
        startedAt: new Date(),
      }),
    ).rejects.toMatchObject({ status: 404, message: ROOM_NOT_FOUND });
  });

  it('refuses bad paging and an unknown room', async () => {
    const room = await createRoom(s, owner.token);
    await expectInvalid(
      s.client.call(e.recentSongs, { params: { slug: room.slug }, query: { limit: 101 } }),
      'limit: Too big: expected number to be <=100',
    );
    await expectError(
      s.client.call(e.recentSongs, { params: { slug: 'nope-nope' } }),
      404,
      ROOM_NOT_FOUND,
    );
  });
});

describe('GET /rooms/room-played-time/{id}', () => {
  it('is 0 for a room that played nothing; 404 for an unknown room; 401 without a token', async () => {
    const room = await createRoom(s, owner.token);
    expect(await s.as(owner.token).call(e.playedTime, { params: { id: room.uuid } })).toEqual({
      roomUuid: room.uuid,
      playedSeconds: 0,
    });
    await expectError(
      s.as(owner.token).call(e.playedTime, { params: { id: UNKNOWN_UUID } }),
      404,
      ROOM_NOT_FOUND,
    );
    await expectError(
      s.client.call(e.playedTime, { params: { id: room.uuid } }),
      401,
      MISSING_TOKEN,
    );
  });
});

describe('GET /info-admin/played-seconds', () => {
  it('sums the played time of every room, most played first', async () => {
    const a = await createRoom(s, owner.token);
    const b = await createRoom(s, owner.token);
    for (const [room, seconds] of [
      [a, 30],
      [b, 90],
      [b, 10],
    ] as const) {
      const id = await port.songStarted({
        roomUuid: room.uuid,
        song: song(),
        djUuid: owner.uuid,
        startedAt: new Date(),
      });
      await port.songEnded({
        recentSongId: id,
        voteCounts: { likes: 0, dislikes: 0, stars: 0 },
        playedSeconds: seconds,
      });
    }
    const res = await s.as(adminUser.token).call(admin.playedSeconds, {});
    const mine = res.rooms.filter((r) => [a.uuid, b.uuid].includes(r.roomUuid));
    expect(mine).toEqual([
      { roomUuid: b.uuid, slug: b.slug, playedSeconds: 100 },
      { roomUuid: a.uuid, slug: a.slug, playedSeconds: 30 },
    ]);
    expect(res.playedSeconds).toBe(res.rooms.reduce((n, r) => n + r.playedSeconds, 0));
  });

  it('is for admins only', async () => {
    await expectError(s.as(owner.token).call(admin.playedSeconds, {}), 403, ROLE_REFUSED);
    await expectError(s.client.call(admin.playedSeconds, {}), 401, MISSING_TOKEN);
  });
});

describe('RoomsPort live state', () => {
  it('saves, loads, lists and clears the persisted state of a room', async () => {
    const room = await createRoom(s, owner.token);
    expect(await port.loadLiveState(room.uuid)).toBeNull();
    await port.saveLiveState(room.uuid, { djs: ['a'], endTime: 123 });
    await port.saveLiveState(room.uuid, { djs: ['a', 'b'], endTime: 456 });
    expect(await port.loadLiveState(room.uuid)).toEqual({ djs: ['a', 'b'], endTime: 456 });
    expect(await port.liveRoomUuids()).toContain(room.uuid);
    await port.saveLiveState(room.uuid, null);
    expect(await port.loadLiveState(room.uuid)).toBeNull();
    expect(await port.liveRoomUuids()).not.toContain(room.uuid);
  });

  it('ignores unknown rooms, and forgets the state of a deleted room', async () => {
    await port.saveLiveState(UNKNOWN_UUID, { x: 1 });
    expect(await port.loadLiveState(UNKNOWN_UUID)).toBeNull();
    const room = await createRoom(s, owner.token);
    await port.saveLiveState(room.uuid, { x: 1 });
    await s.as(owner.token).call(e.delete, { params: { id: room.uuid } });
    expect(await port.liveRoomUuids()).not.toContain(room.uuid);
    expect(await port.loadLiveState(room.uuid)).toBeNull();
  });
});
