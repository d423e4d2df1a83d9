/**
 * Points and leaderboards (`-- points`): BENCH_POINTS_PEOPLE (default 5000) balances in a running
 * season (kept in order, PTS-BOARD-1), then reads of the boards at every depth and of one
 * person's rank, and credits through
 * POST /points/service (each a locked transaction: the daily cap, the ledger, the balance).
 * The status route of the same service is the bare baseline.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { seasonEndpoints } from '@tt/protocol';
import { renumberBoard } from '../src/services/points/board-order';
import type { TestServer } from '../test/harness';
import { load, type LoadResult } from './http';

export async function pointsScenarios(
  s: TestServer,
  opts: { seconds: number; concurrency: number; people: number },
): Promise<LoadResult[]> {
  const admin = await s.createUser({ roles: ['admin'] });
  const staff = await s.createUser({ roles: ['staff'] });
  const me = await s.createUser();
  const day = 86_400_000;
  const season = await s.as(admin.token).call(seasonEndpoints.create, {
    body: {
      name: 'Bench season',
      startDate: new Date(Date.now() - day).toISOString(),
      endDate: new Date(Date.now() + 30 * day).toISOString(),
    },
  });
  await s.app.platform.db.execute(sql`
    insert into ranking_status (user_uuid, season_id, balance, reached_at)
    select gen_random_uuid(), ${season.id}, (random() * 5000)::int + 1,
      now() - make_interval(secs => g)
    from generate_series(1, ${opts.people}) g`);
  await s.app.platform.db.execute(sql`
    insert into ranking_status (user_uuid, season_id, balance) values (${me.uuid}, ${season.id}, 2500)`);
  // Seeded in bulk, the board's kept places (PTS-BOARD-1) are numbered once, as migration 0025 does.
  await renumberBoard(s.app.platform.db, season.id);
  // Statistics, as autovacuum keeps them on PostgreSQL (PGlite has no autovacuum).
  await s.app.platform.db.execute(sql`analyze ranking_status`);
  const base = `${s.url}/api/points-service`;
  const auth = { authorization: `Bearer ${me.token}` };
  const staffHeaders = {
    authorization: `Bearer ${staff.token}`,
    'content-type': 'application/json',
  };
  const pages = Math.max(1, Math.floor(opts.people / 25));
  return [
    await load('GET /info-admin/points-service-status (baseline)', opts, () =>
      fetch(`${base}/info-admin/points-service-status`),
    ),
    await load(`GET /points/season-ranking (page of 25, ${opts.people} people)`, opts, (i) =>
      fetch(`${base}/points/season-ranking?take=25&skip=${(i % pages) * 25}`),
    ),
    await load('GET /points/current-ranking-status (own live rank)', opts, () =>
      fetch(`${base}/points/current-ranking-status`, { headers: auth }),
    ),
    await load('GET /points/season-ranking-current (banner)', opts, () =>
      fetch(`${base}/points/season-ranking-current`, { headers: auth }),
    ),
    await load('GET /all-avatars (catalogue)', opts, () => fetch(`${base}/all-avatars`)),
    await load('POST /points/service (credit, locked transaction)', opts, (i) =>
      fetch(`${base}/points/service`, {
        method: 'POST',
        headers: staffHeaders,
        body: JSON.stringify({
          userUuid: i % 2 ? me.uuid : randomUUID(),
          amount: 1,
          reason: 'bench',
          idempotencyKey: `bench-${randomUUID()}`,
        }),
      }),
    ),
  ];
}
