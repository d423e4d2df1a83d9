import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pointsEndpoints as p, seasonEndpoints as se } from '@tt/protocol';
import { startTestServer, type TestServer } from '../../../test/harness';
import { Ranking } from './ranking';
import { Seasons } from './seasons';

/** PTS-BOARD-1: the kept places of a season's board answer as counting and sorting did. */
let s: TestServer;
let ranking: Ranking;
let running: number;
let later: number;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  s = await startTestServer();
  const admin = await s.createUser({ roles: ['admin'] });
  const create = (from: number, to: number, name: string) =>
    s.as(admin.token).call(se.create, {
      body: {
        name,
        startDate: new Date(Date.now() + from * DAY).toISOString(),
        endDate: new Date(Date.now() + to * DAY).toISOString(),
      },
    });
  running = (await create(-1, 30, 'Board season')).id;
  later = (await create(40, 70, 'Later season')).id;
  ranking = new Ranking(s.app.platform, new Seasons(s.app.platform.db));
});
afterAll(() => s?.close());

let keys = 0;
const credit = (userUuid: string, amount: number, seasonId = running) =>
  ranking.credit({ userUuid, amount, kind: 'admin', reason: 'test', key: `b-${keys++}`, seasonId });

/** The order of PTS-SEASON-2 counted afresh: every row's place, null off the board. */
async function counted(seasonId: number) {
  const res = await s.app.platform.db.execute(sql`
    select user_uuid as "userUuid", position,
      case when balance > 0 then row_number() over (
        order by balance > 0 desc, balance desc, reached_at asc, id asc) end::int as expected
    from ranking_status where season_id = ${seasonId} order by id`);
  return (
    res as unknown as {
      rows: { userUuid: string; position: number | null; expected: number | null }[];
    }
  ).rows;
}

async function expectKept(seasonId: number) {
  const rows = await counted(seasonId);
  expect(rows.map((r) => r.position)).toEqual(rows.map((r) => r.expected));
  return rows;
}

/** Every page of the board over HTTP, joined. */
async function wholeBoard(seasonId: number, take: number) {
  const uuids: string[] = [];
  const ranks: number[] = [];
  let total = 0;
  for (let skip = 0; skip === 0 || skip < total; skip += take) {
    const page = await s.client.call(p.seasonRankingById, {
      params: { id: String(seasonId) },
      query: { take, skip },
    });
    total = page.total;
    for (const e of page.entries) {
      uuids.push(e.userUuid);
      ranks.push(e.rank);
    }
  }
  return { uuids, ranks, total };
}

const rankOf = async (uuid: string) =>
  (await s.client.call(p.currentOf, { params: { id: uuid } })).status?.rank ?? null;

describe('PTS-BOARD-1: kept places', () => {
  it('ties keep who reached the balance first; a credit moves someone up; zero leaves the board', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await credit(a, 10_000);
    await credit(b, 10_000);
    await credit(c, 9_000);
    expect([await rankOf(a), await rankOf(b), await rankOf(c)]).toEqual([1, 2, 3]);
    await credit(c, 1_500);
    expect([await rankOf(c), await rankOf(a), await rankOf(b)]).toEqual([1, 2, 3]);
    await credit(a, -10_000);
    expect(await rankOf(a)).toBeNull();
    expect([await rankOf(c), await rankOf(b)]).toEqual([1, 2]);
    // Reaching 10,000 again now: after b, who reached it first.
    await credit(a, 10_000);
    expect([await rankOf(c), await rankOf(b), await rankOf(a)]).toEqual([1, 2, 3]);
    await expectKept(running);
  });

  it('after many credits and debits with ties, every place and page is the counted order', async () => {
    const people = Array.from({ length: 30 }, () => randomUUID());
    const amounts = [1, 2, 3, 5, -2, -7, 1, 1];
    for (let i = 0; i < 240; i++) {
      await credit(people[(i * 7 + (i >> 3)) % people.length]!, amounts[i % amounts.length]!);
    }
    // Some at once: the season's lock keeps them in line.
    await Promise.all(people.map((u, i) => credit(u, (i % 4) + 1)));
    const rows = await expectKept(running);
    const expected = rows
      .filter((r) => r.expected !== null)
      .sort((x, y) => x.expected! - y.expected!)
      .map((r) => r.userUuid);
    const board = await wholeBoard(running, 7);
    expect(board.total).toBe(expected.length);
    expect(board.uuids).toEqual(expected);
    expect(board.ranks).toEqual(expected.map((_, i) => i + 1));
  });

  it('a credit to another season leaves this board alone (PTS-SEASON-1)', async () => {
    const before = await wholeBoard(running, 50);
    const [x, y] = [randomUUID(), randomUUID()];
    await credit(x, 5, later);
    await credit(y, 7, later);
    await credit(before.uuids.at(-1)!, 1_000_000, later);
    expect(await wholeBoard(running, 50)).toEqual(before);
    const next = await wholeBoard(later, 2);
    expect(next.total).toBe(3);
    expect(next.uuids).toEqual([before.uuids.at(-1), y, x]);
    await expectKept(later);
  });
});
