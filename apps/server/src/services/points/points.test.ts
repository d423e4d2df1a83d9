import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  authEndpoints,
  avatarEndpoints as a,
  pointsEndpoints as p,
  seasonEndpoints as se,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { announcePlay } from './test-kit';

/** Points, seasons and leaderboards (PTS-* in docs/POINTS-RULES.md). */
let s: TestServer;
let admin: { uuid: string; token: string };
let seasonId: number;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.createUser({ roles: ['admin'] });
  const season = await s.as(admin.token).call(se.create, {
    body: {
      name: 'Test Season',
      startDate: new Date(Date.now() - DAY).toISOString(),
      endDate: new Date(Date.now() + 30 * DAY).toISOString(),
    },
  });
  seasonId = season.id;
});
afterAll(() => s?.close());

/** An account made `days` ago (PTS-DJ-3 tells new accounts apart). */
async function person(days = 3) {
  const u = await s.createUser();
  await s.app.platform.db.execute(
    sql`update users set created_at = now() - make_interval(days => ${days}) where uuid = ${u.uuid}`,
  );
  return u;
}

const balance = async (uuid: string) =>
  (await s.client.call(p.currentOf, { params: { id: uuid } })).status?.balance ?? 0;

const played = (play: Parameters<typeof announcePlay>[1], name?: string) =>
  announcePlay(s, play, name);

describe('earning (PTS-DJ-*, PTS-LISTEN-1)', () => {
  it('PTS-DJ-1, PTS-LISTEN-1: the DJ earns 2 a like and 3 a star; each listener 1', async () => {
    const dj = await person();
    const [l1, l2, l3] = [await person(), await person(), await person()];
    await played({
      djUuid: dj.uuid,
      likers: [l1.uuid, l2.uuid],
      starrers: [l1.uuid],
      listeners: [l1.uuid, l2.uuid, l3.uuid],
    });
    await expect.poll(() => balance(dj.uuid), { timeout: 15_000 }).toBe(7);
    await expect.poll(() => balance(l3.uuid), { timeout: 15_000 }).toBe(1);
  });

  it('PTS-IDEM-1: the same play announced twice credits once', async () => {
    const dj = await person();
    const fan = await person();
    const name = randomUUID();
    await played({ djUuid: dj.uuid, likers: [fan.uuid] }, name);
    await played({ djUuid: dj.uuid, likers: [fan.uuid] }, name);
    await expect.poll(() => balance(dj.uuid), { timeout: 15_000 }).toBe(2);
    const other = await person();
    await played({ djUuid: other.uuid, likers: [fan.uuid] });
    await expect.poll(() => balance(other.uuid), { timeout: 15_000 }).toBe(2);
    expect(await balance(dj.uuid)).toBe(2);
  });

  it('PTS-DJ-2, PTS-DJ-3, PTS-DJ-4: no points for your own vote; new accounts count once; short plays pay nothing', async () => {
    const dj = await person();
    const fresh = await Promise.all([1, 2, 3, 4].map(() => person(0)));
    const old = await person();
    await played({ djUuid: dj.uuid, playedSeconds: 10, likers: [old.uuid] });
    await played({
      djUuid: dj.uuid,
      likers: [dj.uuid, ...fresh.map((f) => f.uuid)],
      starrers: [dj.uuid],
      listeners: fresh.map((f) => f.uuid),
    });
    await expect.poll(() => balance(dj.uuid), { timeout: 15_000 }).toBe(2);
    expect(await balance(fresh[0]!.uuid)).toBe(0);
  });

  it('PTS-DJ-4, PTS-CAP-1: at most 60 a song, and 500 a day from DJing', async () => {
    const dj = await person();
    const crowd = await Promise.all(Array.from({ length: 15 }, () => person()));
    const everyone = crowd.map((c) => c.uuid);
    await played({ djUuid: dj.uuid, likers: everyone, starrers: everyone });
    await expect.poll(() => balance(dj.uuid), { timeout: 15_000 }).toBe(60);
    for (let i = 0; i < 9; i++)
      await played({ djUuid: dj.uuid, likers: everyone, starrers: everyone });
    await expect.poll(() => balance(dj.uuid), { timeout: 30_000 }).toBe(500);
  });
});

describe('reading balances and boards', () => {
  it('current status, all seasons, lifetime sum, leaderboards in order', async () => {
    const top = await person();
    const second = await person();
    await s.as(admin.token).call(p.adminPoints, {
      body: { userUuid: top.uuid, amount: 9000, reason: 'Test' },
    });
    await s.as(admin.token).call(p.adminPoints, {
      body: { userUuid: second.uuid, amount: 8000, reason: 'Test' },
    });
    const mine = await s.as(top.token).call(p.currentMine, {});
    expect(mine).toMatchObject({
      hasCurrentRankingStatus: true,
      season: { id: seasonId, status: 'RUNNING' },
      status: { balance: 9000, rank: 1 },
    });
    const board = await s.client.call(p.seasonRanking, { query: { take: 2 } });
    expect(board.entries.map((e) => [e.rank, e.userUuid, e.balance])).toEqual([
      [1, top.uuid, 9000],
      [2, second.uuid, 8000],
    ]);
    const byId = await s.client.call(p.seasonRankingById, {
      params: { id: seasonId },
      query: { take: 1, skip: 1 },
    });
    expect(byId.entries[0]).toMatchObject({ rank: 2, userUuid: second.uuid });
    const life = await s.client.call(p.allSeasonsRanking, { query: { take: 1 } });
    expect(life.entries[0]).toMatchObject({ userUuid: top.uuid, balance: 9000 });
    expect(await s.client.call(p.sum, { params: { id: top.uuid } })).toMatchObject({
      balance: 9000,
      rank: 1,
    });
    const statuses = await s.client.call(p.statuses, { params: { id: top.uuid } });
    expect(statuses.map((x) => x.seasonId)).toEqual([seasonId]);
    const banner = await s.as(second.token).call(p.currentBoard, {});
    expect(banner.me).toMatchObject({ rank: 2, userUuid: second.uuid });
    expect(banner.top[0]!.userUuid).toBe(top.uuid);
    const nobody = await s.createUser();
    expect(await s.as(nobody.token).call(p.currentMine, {})).toMatchObject({
      hasCurrentRankingStatus: false,
      status: null,
    });
    expect(await s.client.call(p.info, {})).toMatchObject({
      service: 'points',
      currentSeason: { id: seasonId },
    });
  });

  it('refuses bad pages, unknown seasons, a missing token and guests', async () => {
    await expectError(s.client.call(p.seasonRanking, { query: { take: 0 } }), 400);
    await expectError(s.client.call(p.seasonRanking, { query: { take: 101 } }), 400);
    await expectError(
      s.client.call(p.seasonRankingById, { params: { id: 999999 }, query: {} }),
      404,
      'Season not found.',
    );
    await expectError(s.client.call(p.currentMine, {}), 401);
    const guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
    await expectError(s.as(guest).call(p.currentMine, {}), 403);
    await expectError(s.client.call(p.statuses, { params: { id: 'nope' } }), 400);
  });
});

describe('admins and services', () => {
  it('PTS-ADMIN-1: admins add and take points (never below zero); others may not', async () => {
    const u = await person();
    const up = await s.as(admin.token).call(p.adminPoints, {
      body: { userUuid: u.uuid, amount: 40, reason: 'Event winner' },
    });
    expect(up).toMatchObject({ balance: 40, seasonId, userUuid: u.uuid });
    const down = await s.as(admin.token).call(p.adminPoints, {
      body: { userUuid: u.uuid, amount: -100, reason: 'Cheating' },
    });
    expect(down.balance).toBe(0);
    await expectError(
      s.as(admin.token).call(p.adminPoints, { body: { userUuid: u.uuid, amount: 0, reason: 'x' } }),
      400,
    );
    await expectError(
      s.as(u.token).call(p.adminPoints, { body: { userUuid: u.uuid, amount: 5, reason: 'me' } }),
      403,
    );
    const list = await s.as(admin.token).call(p.adminStatuses, {
      query: { userUuid: u.uuid, seasonId },
    });
    expect(list.data.map((r) => r.balance)).toEqual([0]);
    const one = await s.as(admin.token).call(p.adminStatus, { params: { id: list.data[0]!.id! } });
    expect(one.userUuid).toBe(u.uuid);
    const life = await s.as(admin.token).call(p.adminLifetime, { query: { userUuid: u.uuid } });
    expect(life.data).toEqual([expect.objectContaining({ userUuid: u.uuid, balance: 0 })]);
    const lifeOf = await s.as(admin.token).call(p.adminLifetimeOf, { params: { id: u.uuid } });
    expect(lifeOf.balance).toBe(0);
    await expectError(s.as(u.token).call(p.adminStatuses, { query: {} }), 403);
    await expectError(s.as(admin.token).call(p.adminStatuses, { query: { limit: 0 } }), 400);
  });

  it('PTS-IDEM-1: a service credits once per idempotency key; users may not call it', async () => {
    const staff = await s.createUser({ roles: ['staff'] });
    const u = await person();
    const body = { userUuid: u.uuid, amount: 15, reason: 'Quest', idempotencyKey: 'quest-0001-x' };
    const first = await s.as(staff.token).call(p.servicePoints, { body });
    expect(first).toMatchObject({ credited: true, balance: 15 });
    const again = await s.as(staff.token).call(p.servicePoints, { body });
    expect(again).toMatchObject({ credited: false, balance: 15 });
    await expectError(s.as(u.token).call(p.servicePoints, { body }), 403);
    await expectError(
      s.as(staff.token).call(p.servicePoints, { body: { ...body, amount: -1 } }),
      400,
    );
  });
});

describe('seasons (PTS-SEASON-*)', () => {
  it('admins add seasons that do not overlap; bad dates and other people are refused', async () => {
    const start = Date.now() + 40 * DAY;
    const next = await s.as(admin.token).call(se.create, {
      body: {
        name: 'Next',
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 10 * DAY).toISOString(),
      },
    });
    expect(next.status).toBe('UPCOMING');
    await expectError(
      s.as(admin.token).call(se.create, {
        body: {
          name: 'Overlap',
          startDate: new Date(start + DAY).toISOString(),
          endDate: new Date(start + 20 * DAY).toISOString(),
        },
      }),
      409,
      'Seasons may not overlap.',
    );
    await expectError(
      s.as(admin.token).call(se.create, {
        body: {
          name: 'Backwards',
          startDate: new Date(start).toISOString(),
          endDate: new Date(start - DAY).toISOString(),
        },
      }),
      400,
    );
    const u = await s.createUser();
    await expectError(
      s.as(u.token).call(se.create, {
        body: {
          name: 'Mine',
          startDate: new Date(start).toISOString(),
          endDate: new Date(start + DAY).toISOString(),
        },
      }),
      403,
    );
    const cur = await s.client.call(se.current, {});
    expect(cur).toMatchObject({ season: { id: seasonId }, next: { id: next.id } });
    const renamed = await s.as(admin.token).call(se.update, {
      params: { id: next.id },
      body: { name: 'Next one' },
    });
    expect(renamed.name).toBe('Next one');
    const prev = await s.client.call(p.prevSeasonRanking, { params: { id: next.id }, query: {} });
    expect(prev.season!.id).toBe(seasonId);
    const after = await s.client.call(p.nextSeasonRanking, { params: { id: seasonId }, query: {} });
    expect(after.season!.id).toBe(next.id);
    const listed = await s.as(admin.token).call(se.adminList, { query: { sort: 'startDate,ASC' } });
    expect(listed.data.map((x) => x.id)).toEqual([seasonId, next.id]);
    expect((await s.as(admin.token).call(se.adminGet, { params: { id: next.id } })).name).toBe(
      'Next one',
    );
    await expectError(s.as(admin.token).call(se.remove, { params: { id: seasonId } }), 409);
    expect((await s.as(admin.token).call(se.remove, { params: { id: next.id } })).success).toBe(
      true,
    );
    await expectError(s.as(admin.token).call(se.adminRemove, { params: { id: next.id } }), 404);
  });

  it('PTS-SEASON-2, PTS-SEASON-3: a season that ends freezes its ranks and awards its avatars', async () => {
    const t = await startTestServer();
    try {
      const boss = await t.createUser({ roles: ['admin'] });
      const season = await t.as(boss.token).call(se.create, {
        body: {
          name: 'Short',
          startDate: new Date(Date.now() - DAY).toISOString(),
          endDate: new Date(Date.now() + DAY).toISOString(),
        },
      });
      const people = await Promise.all([1, 2, 3, 4].map(() => t.createUser()));
      for (const [i, u] of people.entries()) {
        await t.as(boss.token).call(p.adminPoints, {
          body: { userUuid: u.uuid, amount: 100 - i * 10, reason: 'Test' },
        });
      }
      await t.as(boss.token).call(se.update, {
        params: { id: season.id },
        body: { endDate: new Date(Date.now() + 500).toISOString() },
      });
      await new Promise((r) => setTimeout(r, 700));
      const board = await t.client.call(p.seasonRankingById, {
        params: { id: season.id },
        query: {},
      });
      expect(board.season).toMatchObject({ status: 'ENDED', frozenAt: expect.any(String) });
      expect(board.entries.map((e) => e.rank)).toEqual([1, 2, 3, 4]);
      const picker = async (token: string) =>
        Object.fromEntries((await t.as(token).call(a.mine, {})).map((x) => [x.slug, x.lock]));
      expect(await picker(people[0]!.token)).toMatchObject({
        'season-legend': null,
        'season-gold': null,
        'season-silver': null,
      });
      expect(await picker(people[3]!.token)).toMatchObject({
        'season-legend': 'SEASON_RANK',
        'season-gold': 'SEASON_RANK',
        'season-silver': null,
      });
      await expectError(
        t.as(boss.token).call(p.adminPoints, {
          body: { userUuid: people[0]!.uuid, amount: 1, reason: 'late', seasonId: season.id },
        }),
        409,
      );
      await expectError(
        t.as(boss.token).call(se.update, { params: { id: season.id }, body: { name: 'x' } }),
        409,
      );
      // An award added after the end goes to the ranks that earned it on demand.
      await t.as(boss.token).call(a.create, {
        body: {
          slug: 'short-podium',
          name: 'Podium',
          visibility: 'SEASON_AWARD',
          awardTopRank: 2,
          awardSeasonId: season.id,
          art: (await t.client.call(a.bySlug, { params: { slug: 'default' } })).art,
        },
      });
      const filled = await t.as(boss.token).call(p.backfill, {
        params: { id: season.id },
        query: { limit: 10 },
      });
      expect(filled.assigned).toBe(2);
      expect(
        (await t.as(boss.token).call(p.backfill, { params: { id: season.id }, query: {} }))
          .assigned,
      ).toBe(0);
      await expectError(
        t.as(people[0]!.token).call(p.backfill, { params: { id: season.id }, query: {} }),
        403,
      );
      const before = await t.client.call(p.currentOf, { params: { id: people[0]!.uuid } });
      expect(before.hasCurrentRankingStatus).toBe(false);
      const statuses = await t.client.call(p.statuses, { params: { id: people[1]!.uuid } });
      expect(statuses[0]).toMatchObject({ seasonId: season.id, rank: 2, balance: 90 });
    } finally {
      await t.close();
    }
  });
});
