import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './index';

const rows = async (db: Awaited<ReturnType<typeof openDatabase>>, query: ReturnType<typeof sql>) =>
  ((await db.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('embedded databases in memory', () => {
  // Two embedded databases beside a loaded suite: PGlite's start is CPU-bound (tens of seconds on a busy
  // 2-core machine), so this file allows more than the default limit.
  it(
    'DB-MEM-1: each starts migrated and empty, and what one stores is not in the next',
    { timeout: 240_000 },
    async () => {
      const first = await openDatabase({});
      const second = await openDatabase({});
      try {
        const applied = await rows(
          first,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(applied[0]!.n).toBeGreaterThan(0);
        await first.db.execute(sql`create table mem_probe (v int)`);
        await first.db.execute(sql`insert into mem_probe values (1)`);
        const probe = await rows(second, sql`select to_regclass('mem_probe') as t`);
        expect(probe[0]!.t).toBeNull();
        const again = await rows(
          second,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(again[0]!.n).toBe(applied[0]!.n);
      } finally {
        await first.close();
        await second.close();
      }
    },
  );
});
