import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  communityEndpoints as c,
  eventEndpoints as e,
  type CreateEventReq,
  type EventPageDto,
  type RoomDto,
} from '@tt/protocol';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createRoom } from '../room/testing';

/**
 * EVT-LIST-1/2: the upcoming list read from the start index and the kept counts answers as the
 * list that counts every event (asked with a host, which still counts) did.
 */
type User = Awaited<ReturnType<TestServer['createUser']>>;
let s: TestServer;
let host: User;
let stranger: User;
let rooms: RoomDto[];
let secret: { uuid: string };
let club: { uuid: string };

const MIN = 60_000;
let slot = 0;
const schedule = (r: RoomDto, body: Partial<CreateEventReq> = {}) => {
  const start = 24 * 60 + 90 * slot++;
  return s.as(host.token).call(e.create, {
    body: {
      name: 'Set',
      roomId: r.uuid,
      startsAt: new Date(Date.now() + start * MIN).toISOString(),
      endsAt: new Date(Date.now() + (start + 60) * MIN).toISOString(),
      ...body,
    },
  });
};

beforeAll(async () => {
  s = await startTestServer();
  [host, stranger] = await Promise.all([s.createUser(), s.createUser()]);
  rooms = [
    await createRoom(s, host.token),
    await createRoom(s, host.token),
    await createRoom(s, host.token, { unlisted: true }),
  ];
  club = await s.as(host.token).call(c.create, { body: { name: 'Open Club' } });
  secret = await s.as(host.token).call(c.create, {
    body: { name: 'Closed Club', visibility: 'PRIVATE' },
  });
  for (const community of [club, secret]) {
    await s
      .as(host.token)
      .call(c.putRoom, { params: { id: community.uuid, roomId: rooms[0]!.uuid } });
  }
  for (let i = 0; i < 17; i++) {
    const communityId = i % 3 === 0 ? club.uuid : i % 5 === 0 ? secret.uuid : undefined;
    await schedule(rooms[i % 3]!, {
      communityId: communityId && rooms[i % 3] === rooms[0] ? communityId : undefined,
    });
  }
});
afterAll(() => s?.close());

type Query = { roomId?: string; communityId?: string };

/** Every page of the upcoming list, `limit` at a time. */
async function pages(who: User | null, q: Query, limit: number) {
  const seen: EventPageDto['events'] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += limit) {
    const page = await s
      .as(who?.token ?? null)
      .call(e.upcoming, { query: { ...q, limit, offset } });
    totals.add(page.total);
    seen.push(...page.events);
    if (page.events.length < limit) break;
  }
  return { uuids: seen.map((x) => x.uuid), totals: [...totals] };
}

/** The list that counts every event: a host filter takes that way. */
async function counted(who: User | null, q: Query) {
  return s
    .as(who?.token ?? null)
    .call(e.list, { query: { ...q, hostUuid: host.uuid, when: 'upcoming', limit: 100 } });
}

async function expectSame(who: User | null, q: Query) {
  const ref = await counted(who, q);
  const got = await pages(who, q, 4);
  expect(got.uuids).toEqual(ref.events.map((x) => x.uuid));
  expect(new Set(got.uuids).size).toBe(got.uuids.length);
  expect(got.totals).toEqual([ref.total]);
  return ref.total;
}

describe('EVT-LIST-1/2: the upcoming list', () => {
  it('pages cover every upcoming event once, soonest first, with the counted total', async () => {
    const total = await expectSame(null, {});
    expect(total).toBeGreaterThan(5);
    await expectSame(stranger, {});
    await expectSame(null, { roomId: rooms[1]!.uuid });
    await expectSame(null, { communityId: club.uuid });
    await expectSame(host, { communityId: secret.uuid });
    // EVT-VIS-1: the unlisted room's and the private community's events stay out of the home list.
    const home = await pages(null, {}, 100);
    const res = await s.app.platform.db.execute(sql`
      select e.uuid from room_events e join rooms r on r.id = e.room_id
      left join communities m on m.id = e.community_id
      where r.uuid = ${rooms[2]!.uuid} or m.uuid = ${secret.uuid}`);
    const hidden = (res as unknown as { rows: { uuid: string }[] }).rows;
    expect(hidden.length).toBeGreaterThan(0);
    for (const x of hidden) expect(home.uuids).not.toContain(x.uuid);
  });

  it('the total follows a new event, a moved one, a removed one and a removed community', async () => {
    const before = (await pages(null, {}, 100)).totals[0]!;
    const made = await schedule(rooms[1]!);
    expect((await pages(null, {}, 100)).totals).toEqual([before + 1]);
    await s.as(host.token).call(e.update, {
      params: { id: made.uuid },
      body: { roomId: rooms[2]!.uuid },
    });
    expect((await pages(null, {}, 100)).totals).toEqual([before]);
    await s.as(host.token).call(e.remove, { params: { id: made.uuid } });
    expect((await pages(null, {}, 100)).totals).toEqual([before]);
    await expectSame(null, { roomId: rooms[2]!.uuid });
    // A removed community leaves its events to their rooms (its private events become public).
    await s.as(host.token).call(c.remove, { params: { id: secret.uuid } });
    await expectSame(null, {});
  });

  it('an event that ends leaves the total (the counts are swept forward)', async () => {
    const before = (await pages(null, {}, 100)).totals[0]!;
    await s.app.platform.db.execute(sql`
      insert into room_events (slug, name, room_id, host_uuid, starts_at, ends_at)
      select 'ending-soon', 'Ending soon', id, ${host.uuid}, now() - interval '1 hour',
        now() + interval '5 second' from rooms where uuid = ${rooms[1]!.uuid}`);
    // Written around the API: it shows once the kept answer's time is up (EVT-LIST-3).
    await expect
      .poll(async () => (await pages(null, {}, 100)).totals, { timeout: 10_000 })
      .toEqual([before + 1]);
    await expect
      .poll(async () => (await pages(null, {}, 100)).totals, { timeout: 20_000 })
      .toEqual([before]);
    await expectSame(null, {});
  });
});

describe('COMM-LIST-1: the communities list', () => {
  it('lists the largest first from kept member counts that follow joins and leaves', async () => {
    const small = await s.as(host.token).call(c.create, { body: { name: 'Small Club' } });
    await s.as(stranger.token).call(c.join, { params: { id: small.uuid } });
    const page = async () =>
      (await s.client.call(c.list, { query: { limit: 48 } })).communities.map((x) => [
        x.uuid,
        x.memberCount,
      ]);
    expect((await page())[0]).toEqual([small.uuid, 2]);
    await s.as(stranger.token).call(c.leave, { params: { id: small.uuid } });
    expect(await page()).toContainEqual([small.uuid, 1]);
    const counted = await s.app.platform.db.execute(sql`
      select count(*)::int as n from communities c
      where member_count <> (select count(*) from community_members m where m.community_id = c.id)`);
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('your communities: one page with your role and the total, past the end too', async () => {
    const all = await s.as(host.token).call(c.mine, { query: { limit: 100 } });
    expect(all.total).toBe(all.communities.length);
    expect(all.total).toBeGreaterThan(1);
    expect(new Set(all.communities.map((x) => x.myRole))).toEqual(new Set(['owner']));
    const one = await s.as(host.token).call(c.mine, { query: { limit: 1, offset: 1 } });
    expect(one.communities.map((x) => x.uuid)).toEqual([all.communities[1]!.uuid]);
    expect(one.total).toBe(all.total);
    const past = await s.as(host.token).call(c.mine, { query: { limit: 1, offset: 50 } });
    expect(past).toEqual({ communities: [], total: all.total });
    const theirs = await s.as(stranger.token).call(c.mine, { query: {} });
    expect(theirs).toEqual({ communities: [], total: 0 });
  });
});
