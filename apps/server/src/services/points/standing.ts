import { and, count, eq, sum } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { pointsLedger } from './schema';

/**
 * TRUST-2: what an account heard and earned, from the ledger: its listener credits (one per song
 * heard to the end, PTS-LISTEN-1; the daily cap of PTS-CAP-1 may have paid none, those still
 * count) and its points over all time.
 */
export async function standingOf(
  db: Db,
  userUuid: string,
): Promise<{ songsHeard: number; points: number }> {
  const [[heard], [all]] = await Promise.all([
    db
      .select({ n: count() })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userUuid, userUuid), eq(pointsLedger.kind, 'listen'))),
    db
      .select({ total: sum(pointsLedger.amount) })
      .from(pointsLedger)
      .where(eq(pointsLedger.userUuid, userUuid)),
  ]);
  return { songsHeard: Number(heard?.n ?? 0), points: Number(all?.total ?? 0) };
}
