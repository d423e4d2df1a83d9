import { and, asc, count, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { QbQuery, SeasonDto } from '@tt/protocol';
import { ADMIN_SEASON_QB_FIELDS } from '@tt/protocol';
import { fail } from '../../platform/errors';
import { qbPageOf, qbPlan, type QbField } from '../../platform/qb';
import type { Db } from '../../platform/db/index';
import { avatarAssignments, avatars, rankingStatus, seasons } from './schema';

export type SeasonRow = typeof seasons.$inferSelect;

const SEASONS_SEEN_MS = 1000;

const SEASON_FIELDS: Record<(typeof ADMIN_SEASON_QB_FIELDS)[number], QbField> = {
  id: { expr: seasons.id, type: 'number' },
  name: { expr: seasons.name, type: 'string' },
  startDate: { expr: seasons.startDate, type: 'date' },
  endDate: { expr: seasons.endDate, type: 'date' },
  frozenAt: { expr: seasons.frozenAt, type: 'date' },
};

export function toSeasonDto(s: SeasonRow, now = Date.now()): SeasonDto {
  const status =
    s.startDate.getTime() > now ? 'UPCOMING' : s.endDate.getTime() > now ? 'RUNNING' : 'ENDED';
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    startDate: s.startDate.toISOString(),
    endDate: s.endDate.toISOString(),
    status,
    frozenAt: s.frozenAt?.toISOString() ?? null,
  };
}

/** Seasons: a start and an end, never overlapping (PTS-SEASON-1); frozen at the end (PTS-SEASON-2). */
export class Seasons {
  /**
   * PTS-BOARD-1: the seasons as board reads see them, read again after SEASONS_SEEN_MS or at once
   * after this process changes one (another process's change shows within that time).
   */
  private seen: { at: number; rows: Promise<SeasonRow[]> } | null = null;

  constructor(private readonly db: Db) {}

  private all(): Promise<SeasonRow[]> {
    if (!this.seen || Date.now() - this.seen.at > SEASONS_SEEN_MS) {
      // One read shared by the reads meanwhile (a query builder would run again at each await).
      const rows: Promise<SeasonRow[]> = this.db
        .select()
        .from(seasons)
        .then((r) => r);
      this.seen = { at: Date.now(), rows };
      rows.catch(() => (this.seen = null));
    }
    return this.seen.rows;
  }

  private forget() {
    this.seen = null;
  }

  /** For reads: the season running at `at` (see `all`). */
  async runningSeen(at = new Date()): Promise<SeasonRow | null> {
    const t = at.getTime();
    return (
      (await this.all()).find((r) => r.startDate.getTime() <= t && r.endDate.getTime() > t) ?? null
    );
  }

  /** For reads: one season (see `all`). */
  async byIdSeen(id: number): Promise<SeasonRow> {
    const row = (await this.all()).find((r) => r.id === id);
    return row ?? this.byId(id);
  }

  /** For reads: freezes what has ended (PTS-SEASON-2) when a season seen has ended unfrozen. */
  async freezeSeen(): Promise<void> {
    const now = Date.now();
    if ((await this.all()).some((r) => !r.frozenAt && r.endDate.getTime() <= now)) {
      await this.freezeDue();
      this.forget();
    }
  }

  async byId(id: number): Promise<SeasonRow> {
    const [row] = await this.db.select().from(seasons).where(eq(seasons.id, id));
    if (!row) throw fail('SEASON_NOT_FOUND');
    return row;
  }

  /** The season running at `at`, if any. */
  async at(at = new Date()): Promise<SeasonRow | null> {
    const [row] = await this.db
      .select()
      .from(seasons)
      .where(and(lte(seasons.startDate, at), gt(seasons.endDate, at)))
      .limit(1);
    return row ?? null;
  }

  async next(after = new Date()): Promise<SeasonRow | null> {
    const [row] = await this.db
      .select()
      .from(seasons)
      .where(gt(seasons.startDate, after))
      .orderBy(asc(seasons.startDate))
      .limit(1);
    return row ?? null;
  }

  /** The season just after (or before) this one. */
  async neighbour(id: number, dir: 'next' | 'prev'): Promise<SeasonRow> {
    const s = await this.byId(id);
    const [row] = await this.db
      .select()
      .from(seasons)
      .where(
        dir === 'next'
          ? gt(seasons.startDate, s.startDate)
          : sql`${seasons.startDate} < ${s.startDate}`,
      )
      .orderBy(dir === 'next' ? asc(seasons.startDate) : desc(seasons.startDate))
      .limit(1);
    if (!row) throw fail('SEASON_NOT_FOUND');
    return row;
  }

  private async assertNoOverlap(start: Date, end: Date, except?: number): Promise<void> {
    const [row] = await this.db
      .select({ id: seasons.id })
      .from(seasons)
      .where(
        and(
          sql`${seasons.startDate} < ${end}`,
          sql`${seasons.endDate} > ${start}`,
          except ? sql`${seasons.id} <> ${except}` : undefined,
        ),
      )
      .limit(1);
    if (row) throw fail('SEASON_OVERLAP');
  }

  async create(body: { name: string; description: string; startDate: string; endDate: string }) {
    const start = new Date(body.startDate);
    const end = new Date(body.endDate);
    await this.assertNoOverlap(start, end);
    const [row] = await this.db
      .insert(seasons)
      .values({ name: body.name, description: body.description, startDate: start, endDate: end })
      .returning();
    this.forget();
    return toSeasonDto(row);
  }

  /** A season that has not ended may change; its end may be moved to now (it then ends). */
  async update(
    id: number,
    patch: { name?: string; description?: string; startDate?: string; endDate?: string },
  ) {
    const s = await this.byId(id);
    if (s.frozenAt || s.endDate.getTime() <= Date.now()) throw fail('SEASON_ENDED');
    const start = patch.startDate ? new Date(patch.startDate) : s.startDate;
    const end = patch.endDate ? new Date(patch.endDate) : s.endDate;
    if (end <= start) throw fail('BAD_REQUEST', 'endDate must be after startDate');
    await this.assertNoOverlap(start, end, id);
    const [row] = await this.db
      .update(seasons)
      .set({ name: patch.name, description: patch.description, startDate: start, endDate: end })
      .where(eq(seasons.id, id))
      .returning();
    this.forget();
    return toSeasonDto(row);
  }

  async remove(id: number) {
    const s = await this.byId(id);
    if (s.startDate.getTime() <= Date.now()) throw fail('SEASON_STARTED');
    await this.db.delete(seasons).where(eq(seasons.id, id));
    this.forget();
    return { success: true };
  }

  async adminList(query: QbQuery) {
    const plan = qbPlan(query, SEASON_FIELDS, {
      defaultLimit: 25,
      maxLimit: 100,
      defaultSort: [{ field: 'startDate', dir: 'DESC' }],
      tiebreaker: 'id',
    });
    const rows = await this.db
      .select()
      .from(seasons)
      .where(plan.whereSql)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
    const [{ n }] = await this.db.select({ n: count() }).from(seasons).where(plan.whereSql);
    return qbPageOf(
      rows.map((r) => toSeasonDto(r)),
      Number(n),
      plan,
    );
  }

  /**
   * PTS-SEASON-2: every season that has ended and is not frozen yet gets its ranks written and
   * its award avatars given. One process claims each season (the frozen_at update).
   */
  async freezeDue(): Promise<number> {
    const due = await this.db
      .select({ id: seasons.id })
      .from(seasons)
      .where(and(isNull(seasons.frozenAt), lte(seasons.endDate, new Date())));
    let frozen = 0;
    for (const { id } of due) {
      await this.db.transaction(async (tx) => {
        const claimed = await tx
          .update(seasons)
          .set({ frozenAt: new Date() })
          .where(and(eq(seasons.id, id), isNull(seasons.frozenAt)))
          .returning({ id: seasons.id });
        if (claimed.length === 0) return;
        await tx.execute(sql`
          update ranking_status r set rank = x.rn from (
            select id, row_number() over (order by balance desc, reached_at asc, id asc) as rn
            from ranking_status where season_id = ${id} and balance > 0
          ) x where r.id = x.id`);
        await awardSeason(tx as unknown as Db, id, null);
        frozen++;
      });
    }
    if (frozen > 0) this.forget();
    return frozen;
  }

  /** PTS-SEASON-3: gives a frozen season's awards to the ranks that earned them and lack them. */
  async backfill(id: number, limit: number): Promise<{ assigned: number }> {
    await this.freezeDue();
    const s = await this.byId(id);
    if (!s.frozenAt) throw fail('SEASON_NOT_ENDED');
    return { assigned: await awardSeason(this.db, id, limit) };
  }
}

/** Assigns the season's award avatars (AVATAR-AWARD-1); answers how many were new. */
async function awardSeason(db: Db, seasonId: number, limit: number | null): Promise<number> {
  const limitSql = limit === null ? sql`` : sql`limit ${limit}`;
  const result = await db.execute(sql`
    insert into ${avatarAssignments} (avatar_id, user_uuid, type, season_id)
    select a.id, r.user_uuid, 'SEASON_AWARD', ${seasonId}
    from ${rankingStatus} r
    join ${avatars} a on a.visibility = 'SEASON_AWARD' and a.award_top_rank is not null
      and r.rank <= a.award_top_rank
      and (a.award_season_id is null or a.award_season_id = ${seasonId})
    where r.season_id = ${seasonId} and r.rank is not null
      and not exists (select 1 from ${avatarAssignments} x
        where x.avatar_id = a.id and x.user_uuid = r.user_uuid)
    order by r.rank
    ${limitSql}
    on conflict do nothing
    returning avatar_id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
