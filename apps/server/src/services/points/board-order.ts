import { and, eq, gt, isNotNull, lt, max, min, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { rankingStatus } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type StatusRow = typeof rankingStatus.$inferSelect;

/**
 * PTS-BOARD-1: one season's board kept in order. Every place is `position` (1 = first) of the
 * rows with a balance above zero, in the order of PTS-SEASON-2 (balance high to low, then reached
 * first, then the older row). Callers hold the season's lock (seasonLock).
 */
export async function seasonLock(tx: Tx, seasonId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'points-season:' + seasonId}))`);
}

const ofSeason = (seasonId: number) => eq(rankingStatus.seasonId, seasonId);

async function shift(tx: Tx, seasonId: number, by: 1 | -1, from: number, to?: number) {
  await tx
    .update(rankingStatus)
    .set({ position: sql`${rankingStatus.position} + ${by}` })
    .where(
      and(
        ofSeason(seasonId),
        sql`${rankingStatus.position} >= ${from}`,
        to === undefined ? undefined : sql`${rankingStatus.position} <= ${to}`,
      ),
    );
}

/**
 * The place of the first other row that comes after `row` (its new balance and time), in the
 * numbering before `row` moves: the next of its balance, else the first of the next lower balance.
 * Both are index range reads (ranking_status_order_idx), whatever the board's size.
 */
async function successor(tx: Tx, row: StatusRow): Promise<number | null> {
  const [same] = await tx
    .select({ p: min(rankingStatus.position) })
    .from(rankingStatus)
    .where(
      and(
        ofSeason(row.seasonId),
        eq(rankingStatus.balance, row.balance),
        ne(rankingStatus.id, row.id),
        sql`(${rankingStatus.reachedAt}, ${rankingStatus.id}) > (${row.reachedAt.toISOString()}::timestamptz, ${row.id})`,
      ),
    );
  if (same?.p != null) return same.p;
  const [lower] = await tx
    .select({ b: max(rankingStatus.balance) })
    .from(rankingStatus)
    .where(
      and(
        ofSeason(row.seasonId),
        lt(rankingStatus.balance, row.balance),
        gt(rankingStatus.balance, 0),
      ),
    );
  if (lower?.b == null) return null;
  const [first] = await tx
    .select({ p: min(rankingStatus.position) })
    .from(rankingStatus)
    .where(and(ofSeason(row.seasonId), eq(rankingStatus.balance, lower.b)));
  return first?.p ?? null;
}

/** The board's size: its last place (ranking_status_position_idx). */
export async function boardSize(db: Db | Tx, seasonId: number): Promise<number> {
  const [row] = await db
    .select({ n: max(rankingStatus.position) })
    .from(rankingStatus)
    .where(and(ofSeason(seasonId), isNotNull(rankingStatus.position)));
  return Number(row?.n ?? 0);
}

/**
 * Moves `row` (already written with its new balance and time; `position` still its old place) to
 * its new place, shifting only the rows between the old place and the new one by one.
 */
export async function placeOnBoard(tx: Tx, row: StatusRow): Promise<number | null> {
  const from = row.position;
  const setMine = (position: number | null) =>
    tx.update(rankingStatus).set({ position }).where(eq(rankingStatus.id, row.id));
  if (row.balance <= 0) {
    if (from !== null) {
      await setMine(null);
      await shift(tx, row.seasonId, -1, from + 1);
    }
    return null;
  }
  const next = await successor(tx, row);
  let to: number;
  if (next !== null) {
    if (from === null) {
      await shift(tx, row.seasonId, 1, next);
      to = next;
    } else if (next < from) {
      await shift(tx, row.seasonId, 1, next, from - 1);
      to = next;
    } else {
      await shift(tx, row.seasonId, -1, from + 1, next - 1);
      to = next - 1;
    }
  } else {
    const last = await boardSize(tx, row.seasonId);
    if (from === null) to = last + 1;
    else {
      await shift(tx, row.seasonId, -1, from + 1);
      to = last;
    }
  }
  if (to !== from) await setMine(to);
  return to;
}

/** Numbers a whole season's board again (after bulk writes, e.g. the bench's seeding). */
export async function renumberBoard(db: Db, seasonId: number): Promise<void> {
  await db.execute(sql`
    update ranking_status r set position = x.rn from (
      select id, case when balance > 0 then
        row_number() over (order by balance > 0 desc, balance desc, reached_at asc, id asc) end as rn
      from ranking_status where season_id = ${seasonId}
    ) x where r.id = x.id and r.position is distinct from x.rn`);
}
