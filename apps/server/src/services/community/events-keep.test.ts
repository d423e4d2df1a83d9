import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  communityEndpoints as c,
  eventEndpoints as e,
  roomEndpoints,
  type RoomDto,
} from '@tt/protocol';
import { startTestServer, type TestServer } from '../../../test/harness';
import { busCaughtUp } from '../../platform/bus.testing';
import { createRoom } from '../room/testing';
import { UpcomingCache } from './events.cache';

/**
 * EVT-LIST-3: the upcoming list's answers are kept per process and dropped by every change that
 * alters them. Kept for an hour here, so what the test sees cannot come from the time limit.
 */
type User = Awaited<ReturnType<TestServer['createUser']>>;
let s: TestServer;
let host: User;
let fan: User;
let room: RoomDto;
const HOUR = 3_600_000;
let slot = 0;

const home = async (who: User | null = null) =>
  s.as(who?.token ?? null).call(e.upcoming, { query: { limit: 100 } });
const names = async (who: User | null = null) => (await home(who)).events.map((x) => x.name);

/** An event written around the service (as a script or another tool would). */
async function insertBehindTheService(name: string) {
  const start = 48 + 2 * slot++;
  await s.app.platform.db.execute(sql`
    insert into room_events (slug, name, room_id, host_uuid, starts_at, ends_at)
    select ${`kept-${slot}-${Date.now()}`}, ${name}, id, ${host.uuid},
      now() + make_interval(hours => ${start}), now() + make_interval(hours => ${start + 1})
    from rooms where uuid = ${room.uuid}`);
}

beforeAll(async () => {
  s = await startTestServer({ EVENT_LIST_KEEP: '1h' });
  [host, fan] = await Promise.all([s.createUser(), s.createUser()]);
  room = await createRoom(s, host.token);
  await s.as(host.token).call(e.create, {
    body: {
      name: 'First set',
      roomId: room.uuid,
      startsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
      endsAt: new Date(Date.now() + 25 * HOUR).toISOString(),
    },
  });
});
afterAll(() => s?.close());

describe('EVT-LIST-3: kept upcoming lists', () => {
  it('one kept answer serves everybody; each viewer still gets their own reminders', async () => {
    // The set-up's drops (the room and the event made) may still be on the bus: let them arrive.
    await busCaughtUp(s.app.platform.bus);
    expect(await names()).toEqual(['First set']);
    await insertBehindTheService('Behind the service');
    // Kept: the row written around the service does not show yet, for anyone.
    expect(await names()).toEqual(['First set']);
    expect(await names(fan)).toEqual(['First set']);
    const mine = await home(host);
    expect(mine.events[0]!.name).toBe('First set');
    // The host is reminded of their own event (EVT-REMIND-1); the fan is not.
    const theirs = await home(fan);
    expect(mine.events[0]).not.toEqual(theirs.events[0]);
  });

  it('an event scheduled, moved or cancelled through the API shows at once', async () => {
    const made = await s.as(host.token).call(e.create, {
      body: {
        name: 'Scheduled',
        roomId: room.uuid,
        startsAt: new Date(Date.now() + 30 * HOUR).toISOString(),
        endsAt: new Date(Date.now() + 31 * HOUR).toISOString(),
      },
    });
    // The drop also showed the row written around the service.
    expect(await names()).toEqual(['First set', 'Scheduled', 'Behind the service']);
    await s.as(host.token).call(e.update, { params: { id: made.uuid }, body: { name: 'Moved' } });
    expect(await names()).toContain('Moved');
    await s.as(host.token).call(e.remove, { params: { id: made.uuid } });
    expect(await names()).not.toContain('Moved');
  });

  it("a room's settings (unlisted) and a community's rooms drop the kept lists", async () => {
    // The earlier changes' drops travel over the bus (Redis when configured) and may still be on
    // their way: once it has caught up, nothing left over can drop the answer this test keeps.
    await busCaughtUp(s.app.platform.bus);
    expect(await names()).not.toContain('Second behind');
    await insertBehindTheService('Second behind');
    expect(await names()).not.toContain('Second behind');
    await s.as(host.token).call(roomEndpoints.update, {
      params: { id: room.uuid },
      body: { unlisted: true },
    });
    // The room service tells every process over the bus.
    await expect.poll(names, { timeout: 10_000 }).toEqual([]);
    await s.as(host.token).call(roomEndpoints.update, {
      params: { id: room.uuid },
      body: { unlisted: false },
    });
    await expect.poll(names, { timeout: 10_000 }).toContain('Second behind');
    await insertBehindTheService('Third behind');
    const club = await s.as(host.token).call(c.create, { body: { name: 'Kept Club' } });
    await s.as(host.token).call(c.putRoom, { params: { id: club.uuid, roomId: room.uuid } });
    expect(await names()).toContain('Third behind');
  });
});

describe('EVT-LIST-3: UpcomingCache', () => {
  const page = (total: number) => ({ rows: [], total });

  it('keeps an answer until its time is up, and not one read across a drop', async () => {
    const cache = new UpcomingCache(1000);
    expect((await cache.get('k', async () => page(1), 0))!.total).toBe(1);
    expect((await cache.get('k', async () => page(2), 999))!.total).toBe(1);
    expect((await cache.get('k', async () => page(3), 1000))!.total).toBe(3);
    // A change while the answer was being read: that answer is not kept.
    cache.drop();
    const read = cache.get('k', async () => {
      cache.drop();
      return page(4);
    });
    expect((await read)!.total).toBe(4);
    expect((await cache.get('k', async () => page(5), 1500))!.total).toBe(5);
    // Nothing kept when the time is 0, nor a null answer.
    const off = new UpcomingCache(0);
    await off.get('k', async () => page(6), 0);
    expect((await off.get('k', async () => page(7), 0))!.total).toBe(7);
    expect(await cache.get('n', async () => null, 0)).toBeNull();
    expect((await cache.get('n', async () => page(8), 0))!.total).toBe(8);
  });
});
