import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createScratchDatabase } from '../../../cluster/processes';
import { openDatabase, type Database } from './index';

const url = process.env.DATABASE_URL;
if (!url) console.log('pool.test.ts skipped: a broken PostgreSQL connection needs DATABASE_URL');

/**
 * A pool on a scratch database of its own, the breaks it reports, and a connection of an admin
 * to end its connections with; everything is dropped afterwards.
 */
async function withScratchPool(
  prefix: string,
  body: (pool: {
    database: Database;
    name: string;
    broken: Error[];
    admin: pg.Client;
  }) => Promise<void>,
): Promise<void> {
  const { url: scratchUrl, name } = await createScratchDatabase(url!, prefix);
  const broken: Error[] = [];
  const database = await openDatabase({
    url: scratchUrl,
    onConnectionError: (e) => broken.push(e),
  });
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await body({ database, name, broken, admin });
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

describe.skipIf(!url)('the PostgreSQL pool', () => {
  it('DB-POOL-1: idle connections cut by the server (a restart) are reported, not fatal; the next query opens a new one', async () => {
    await withScratchPool('tt_pool', async ({ database, name, broken, admin }) => {
      // Several connections open and idle in the pool.
      await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
      const cut = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      expect(cut.rowCount).toBeGreaterThan(0);
      // Wait until every cut connection has been reported: a query handed a cut connection
      // whose report is still on its way would fail, as it would in production.
      await expect
        .poll(() => broken.length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(cut.rowCount ?? 1);
      const answer = (await database.db.execute(sql`select 1 as one`)) as { rows: unknown[] };
      expect(answer.rows[0]).toEqual({ one: 1 });
    });
  });

  it('DB-POOL-2: a connection cut while lent out (inside a transaction) fails its transaction, not the process', async () => {
    await withScratchPool('tt_pool_lent', async ({ database, broken, admin }) => {
      const inside = database.db.transaction(async (tx) => {
        const pid = (
          (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          }
        ).rows[0]!.pid;
        // Between two statements, the server ends this transaction's connection.
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await expect.poll(() => broken.length, { timeout: 20_000 }).toBeGreaterThan(0);
        await tx.execute(sql`select 1`);
      });
      await expect(inside).rejects.toThrow();
      const answer = (await database.db.execute(sql`select 1 as one`)) as { rows: unknown[] };
      expect(answer.rows[0]).toEqual({ one: 1 });
    });
  });
});
