import { and, eq, isNotNull, max, sql } from 'drizzle-orm';
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

/**
 * The place of the first other row that comes after `row` (its new balance and time), in the
 * numbering before `row` moves — the next of its balance, else the first of the next lower
 * balance — and the board's last place. Index range reads (ranking_status_order_idx and
 * ranking_status_position_idx), whatever the board's size; one statement.
 */
async function neighbours(tx: Tx, row: StatusRow) {
  const s = row.seasonId;
  const res = await tx.execute(sql`
    select coalesce(
      (select min(position) from ranking_status
        where season_id = ${s} and balance = ${row.balance} and id <> ${row.id}
          and (reached_at, id) > (select reached_at, id from ranking_status where id = ${row.id})),
      (select min(position) from ranking_status where season_id = ${s} and balance = (
        select max(balance) from ranking_status
        where season_id = ${s} and balance < ${row.balance} and balance > 0))
    ) as next,
    (select max(position) from ranking_status where season_id = ${s}) as last`);
  const [r] = (res as unknown as { rows: { next: number | null; last: number | null }[] }).rows;
  return { next: r?.next ?? null, last: Number(r?.last ?? 0) };
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
 * its new place `to`, shifting only the rows between the old place and the new one by one
 * (`by`, over places `lo`..`hi`), in one statement.
 */
async function move(
  tx: Tx,
  row: StatusRow,
  to: number | null,
  by: 1 | -1,
  lo: number,
  hi?: number,
) {
  await tx
    .update(rankingStatus)
    .set({
      position: sql`case when ${rankingStatus.id} = ${row.id} then ${to}::int else ${rankingStatus.position} + ${by} end`,
    })
    .where(
      and(
        ofSeason(row.seasonId),
        sql`(${rankingStatus.id} = ${row.id} or (${rankingStatus.position} >= ${lo}${
          hi === undefined ? sql`` : sql` and ${rankingStatus.position} <= ${hi}`
        }))`,
      ),
    );
}

/** PTS-BOARD-1: puts `row` in its place after a credit; answers the place (null: off the board). */
export async function placeOnBoard(tx: Tx, row: StatusRow): Promise<number | null> {
  const from = row.position;
  if (row.balance <= 0) {
    if (from !== null) await move(tx, row, null, -1, from + 1);
    return null;
  }
  const { next, last } = await neighbours(tx, row);
  if (next !== null) {
    if (from === null) await move(tx, row, next, 1, next);
    else if (next < from) await move(tx, row, next, 1, next, from - 1);
    else if (next - 1 !== from) await move(tx, row, next - 1, -1, from + 1, next - 1);
    return next !== null && from !== null && next > from ? next - 1 : next;
  }
  if (from === null) await move(tx, row, last + 1, 1, last + 1);
  else if (from !== last) await move(tx, row, last, -1, from + 1);
  return from === null ? last + 1 : last;
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
