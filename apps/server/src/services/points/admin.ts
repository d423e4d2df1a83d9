import { and, asc, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { RankingStatusDto } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { qbPageOf } from '../../platform/qb';
import { pointsLedger, rankingStatus, seasons } from './schema';
import type { Ranking } from './ranking';

export interface AdminRankingQuery {
  limit: number;
  page?: number;
  offset?: number;
  sort?: 'balance,DESC' | 'balance,ASC' | 'updatedAt,DESC' | 'updatedAt,ASC';
  userUuid?: string;
  seasonId?: number;
  balance?: number;
}

const offsetOf = (q: AdminRankingQuery) => q.offset ?? ((q.page ?? 1) - 1) * q.limit;

/** The staff's lists of balances: per season, and over all time. */
export class RankingAdmin {
  constructor(
    private readonly db: Db,
    private readonly ranking: Ranking,
  ) {}

  async statuses(q: AdminRankingQuery) {
    const where: SQL[] = [];
    if (q.userUuid) where.push(eq(rankingStatus.userUuid, q.userUuid));
    if (q.seasonId) where.push(eq(rankingStatus.seasonId, q.seasonId));
    if (q.balance !== undefined) where.push(gte(rankingStatus.balance, q.balance));
    const [field, dir] = (q.sort ?? 'balance,DESC').split(',') as ['balance' | 'updatedAt', string];
    const col = field === 'balance' ? rankingStatus.balance : rankingStatus.updatedAt;
    const offset = offsetOf(q);
    const rows = await this.db
      .select({ row: rankingStatus, frozenAt: seasons.frozenAt })
      .from(rankingStatus)
      .innerJoin(seasons, eq(seasons.id, rankingStatus.seasonId))
      .where(and(...where))
      .orderBy(dir === 'ASC' ? asc(col) : desc(col), asc(rankingStatus.id))
      .limit(q.limit)
      .offset(offset);
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(rankingStatus)
      .where(and(...where));
    const data: RankingStatusDto[] = [];
    for (const r of rows) data.push(this.ranking.toDto(r.row, Boolean(r.frozenAt)));
    return qbPageOf(data, Number(n), { limit: q.limit, offset });
  }

  async lifetime(q: AdminRankingQuery) {
    const offset = offsetOf(q);
    const dir = q.sort?.endsWith('ASC') ? sql`asc` : sql`desc`;
    const orderCol = q.sort?.startsWith('updatedAt') ? sql`max(created_at)` : sql`sum(amount)`;
    const userWhere = q.userUuid ? sql`where user_uuid = ${q.userUuid}` : sql``;
    const having = q.balance !== undefined ? sql`having sum(amount) >= ${q.balance}` : sql``;
    const res = await this.db.execute(sql`
      select user_uuid as "userUuid", sum(amount)::int as balance, max(created_at) as "updatedAt"
      from ${pointsLedger} ${userWhere} group by user_uuid ${having}
      order by ${orderCol} ${dir}, user_uuid asc limit ${q.limit} offset ${offset}`);
    const totalRes = await this.db.execute(sql`
      select count(*)::int as n from (select 1 from ${pointsLedger} ${userWhere}
      group by user_uuid ${having}) t`);
    const rows = (
      res as unknown as { rows: { userUuid: string; balance: number; updatedAt: string | Date }[] }
    ).rows;
    const total = Number((totalRes as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    const data: RankingStatusDto[] = rows.map((r) => ({
      id: null,
      userUuid: r.userUuid,
      seasonId: null,
      balance: Number(r.balance),
      rank: null,
      updatedAt: new Date(r.updatedAt).toISOString(),
    }));
    return qbPageOf(data, total, { limit: q.limit, offset });
  }
}
