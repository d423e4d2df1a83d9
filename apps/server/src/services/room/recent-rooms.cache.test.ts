import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomEndpoints as rooms, roomListEndpoints as e } from '@tt/protocol';
import { MemoryBus } from '../../platform/bus';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { KeptPages } from '../../platform/kept-pages';
import { RecentRoomsCache, RECENT_ROOMS_KEEP_MS, type VisitsPage } from './recent-rooms.cache';
import { createRoom, manualClock } from './testing';

const page = (total: number): VisitsPage => ({ rows: [], total, content: null });

const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('ROOM-LIST-5: the recent-rooms cache (injected clock)', () => {
  it("keeps a person's page 10 s; a drop forgets only that person's pages", async () => {
    const clock = manualClock();
    const cache = new RecentRoomsCache(RECENT_ROOMS_KEEP_MS, clock.now);
    let reads = 0;
    const load = async () => page(++reads);
    await cache.get('ana', 24, 0, load);
    await cache.get('ana', 24, 24, load);
    await cache.get('ben', 24, 0, load);
    expect((await cache.get('ana', 24, 0, load)).total).toBe(1);
    expect(reads).toBe(3);
    cache.drop('ana');
    await cache.get('ana', 24, 0, load);
    await cache.get('ben', 24, 0, load);
    expect(reads).toBe(4);
    clock.advance(RECENT_ROOMS_KEEP_MS);
    await cache.get('ben', 24, 0, load);
    expect(reads).toBe(5);
  });

  it('does not keep a read that raced a drop of its person, nor a failed read', async () => {
    const pages = new KeptPages<string, VisitsPage>(60_000, manualClock().now);
    let reads = 0;
    await pages.get('ana', 24, 0, async () => {
      pages.drop('ana'); // a visit while the page is read
      return page(++reads);
    });
    await expect(
      pages.get('ana', 24, 0, async () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    await pages.get('ana', 24, 0, async () => page(++reads));
    await pages.get('ana', 24, 0, async () => page(++reads));
    expect(reads).toBe(2);
  });

  it('drops on every process: a visit (that person) or a deleted room (everybody) on the bus', async () => {
    const bus = new MemoryBus();
    const cache = new RecentRoomsCache(RECENT_ROOMS_KEEP_MS, manualClock().now);
    const off = await cache.follow(bus);
    let reads = 0;
    const load = async () => page(++reads);
    await cache.get('ana', 24, 0, load);
    await cache.get('ben', 24, 0, load);
    await bus.publish('room.visited', { userUuid: 'ana' });
    await tick();
    await cache.get('ana', 24, 0, load);
    await cache.get('ben', 24, 0, load);
    expect(reads).toBe(3);
    await bus.publish('live.room.deleted', { roomUuid: 'gone' });
    await tick();
    await cache.get('ana', 24, 0, load);
    await cache.get('ben', 24, 0, load);
    expect(reads).toBe(5);
    await off();
    await bus.close();
  });
});

describe('ROOM-LIST-5: GET /rooms/recent through the cache', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it("your own visit and a deleted room show at once; another process's visit once the bus brings it", async () => {
    const owner = await s.createUser();
    const me = await s.createUser();
    const [a, b, c] = [
      await createRoom(s, owner.token),
      await createRoom(s, owner.token),
      await createRoom(s, owner.token),
    ];
    const recent = async () => {
      const res = await s.as(me.token).call(e.recent, { query: { limit: 10, offset: 0 } });
      return { uuids: res.rooms.map((r) => r.uuid), total: res.total };
    };
    await s.as(me.token).call(e.recordVisit, { body: { roomUuid: a.uuid } });
    expect(await recent()).toEqual({ uuids: [a.uuid], total: 1 });
    // This process's visit drops the kept page: no waiting for the 10 s.
    await s.as(me.token).call(e.recordVisit, { body: { roomUuid: b.uuid } });
    expect(await recent()).toEqual({ uuids: [b.uuid, a.uuid], total: 2 });
    // A visit written by another process reaches this one through the bus. (Whether the page read
    // before it is answered until then is the unit test's above: on Redis the bus's own echo of
    // the visit to b can arrive after that read and drop the page first.)
    await s.app.platform.db.execute(
      sql`insert into room_visits (user_uuid, room_id, visited_at) values (${me.uuid}, ${c.id}, now())`,
    );
    await s.app.platform.bus.publish('room.visited', { userUuid: me.uuid });
    await expect.poll(recent).toEqual({ uuids: [c.uuid, b.uuid, a.uuid], total: 3 });
    // A deleted room leaves the rooms at once (their rows are read again by the content version);
    // the total follows when the deletion reaches the bus.
    await s.as(owner.token).call(rooms.delete, { params: { id: b.uuid } });
    expect((await recent()).uuids).toEqual([c.uuid, a.uuid]);
    await expect.poll(recent).toEqual({ uuids: [c.uuid, a.uuid], total: 2 });
    // Bad input and no token.
    await expectError(s.as(me.token).call(e.recent, { query: { limit: 0, offset: 0 } }), 400);
    await expectError(s.client.call(e.recent, {}), 401);
  });
});
