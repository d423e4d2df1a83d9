import { and, asc, desc, eq, gt, gte, lte, sql, sum } from 'drizzle-orm';
import type {
  CurrentRankingDto,
  RankingEntryDto,
  RankingStatusDto,
  SeasonRankingDto,
} from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { fail } from '../../platform/errors';
import type { Platform } from '../../platform/service';
import { boardSize, placeOnBoard, seasonLock } from './board-order';
import { EARNING } from './earning';
import { pointsLedger, rankingStatus, seasons as seasonsTable } from './schema';
import { toSeasonDto, type Seasons, type SeasonRow } from './seasons';

type StatusRow = typeof rankingStatus.$inferSelect;

const startOfUtcDay = (d: Date) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

export interface CreditRequest {
  userUuid: string;
  amount: number;
  kind: string;
  reason: string;
  /** PTS-IDEM-1: what earned it; the same key twice credits once. */
  key: string;
  at?: Date;
  /** Default: the season running at `at`. */
  seasonId?: number;
}

/** Balances, ranks and leaderboards (PTS-* in docs/POINTS-RULES.md). */
export class Ranking {
  constructor(
    private readonly platform: Platform,
    private readonly seasons: Seasons,
  ) {}

  private get db(): Db {
    return this.platform.db;
  }

  /**
   * Writes one credit (or, negative, a debit): once per key (PTS-IDEM-1), within the day's cap of
   * its kind (PTS-CAP-1), to the season running then (PTS-SEASON-1); a balance never drops below
   * zero. Answers whether it was new and the season balance after it. `bots`: the bots among the
   * accounts a caller credits, when it already asked (one question for a whole play).
   */
  async credit(
    req: CreditRequest,
    bots?: ReadonlySet<string>,
  ): Promise<{ credited: boolean; balance: number; seasonId: number | null }> {
    const at = req.at ?? new Date();
    // PTS-BOARD-2: a bot's own balance is never credited, so it never holds a board place.
    const bot = bots ? bots.has(req.userUuid) : await this.isBot(req.userUuid);
    if (req.amount > 0 && bot) return { credited: false, balance: 0, seasonId: null };
    const season = req.seasonId ? await this.seasons.byId(req.seasonId) : await this.seasons.at(at);
    if (season?.frozenAt) throw fail('SEASON_ENDED');
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'points:' + req.userUuid}))`);
      // PTS-BOARD-1: the season's board moves in the same transaction, one credit at a time.
      if (season) await seasonLock(tx, season.id);
      let amount = req.amount;
      const cap = EARNING.dailyCap[req.kind];
      if (cap !== undefined && amount > 0) {
        const [{ total }] = await tx
          .select({ total: sum(pointsLedger.amount) })
          .from(pointsLedger)
          .where(
            and(
              eq(pointsLedger.userUuid, req.userUuid),
              eq(pointsLedger.kind, req.kind),
              gte(pointsLedger.createdAt, startOfUtcDay(at)),
            ),
          );
        amount = Math.max(0, Math.min(amount, cap - Number(total ?? 0)));
      }
      const [status] = season
        ? await tx
            .select()
            .from(rankingStatus)
            .where(
              and(eq(rankingStatus.userUuid, req.userUuid), eq(rankingStatus.seasonId, season.id)),
            )
        : [];
      if (amount < 0) amount = Math.max(amount, -(status?.balance ?? 0));
      const written = await tx
        .insert(pointsLedger)
        .values({
          key: req.key,
          userUuid: req.userUuid,
          seasonId: season?.id ?? null,
          amount,
          kind: req.kind,
          reason: req.reason,
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: pointsLedger.id });
      if (written.length === 0 || !season) {
        return {
          credited: written.length > 0,
          balance: status?.balance ?? 0,
          seasonId: season?.id ?? null,
        };
      }
      const now = new Date();
      const [row] = await tx
        .insert(rankingStatus)
        .values({ userUuid: req.userUuid, seasonId: season.id, balance: amount, reachedAt: now })
        .onConflictDoUpdate({
          target: [rankingStatus.userUuid, rankingStatus.seasonId],
          set: {
            balance: sql`${rankingStatus.balance} + ${amount}`,
            reachedAt: amount > 0 ? now : sql`${rankingStatus.reachedAt}`,
            updatedAt: now,
          },
        })
        .returning();
      await placeOnBoard(tx, row);
      return { credited: true, balance: row.balance, seasonId: season.id };
    });
  }

  /** PTS-BOARD-2: is this account a bot? (Unknown without the users port: not a bot.) */
  async isBot(userUuid: string): Promise<boolean> {
    const bots = (await this.platform.ports.users?.bots([userUuid])) ?? [];
    return bots.length > 0;
  }

  toDto(row: StatusRow, frozen: boolean): RankingStatusDto {
    return {
      id: row.id,
      userUuid: row.userUuid,
      seasonId: row.seasonId,
      balance: row.balance,
      // PTS-BOARD-1: the kept place is the live rank (none at a balance of zero).
      rank: frozen ? row.rank : row.balance > 0 ? row.position : null,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async statusById(id: number): Promise<RankingStatusDto> {
    const [row] = await this.db.select().from(rankingStatus).where(eq(rankingStatus.id, id));
    if (!row) throw fail('SEASON_NOT_FOUND', 'Ranking status not found.');
    const season = await this.seasons.byIdSeen(row.seasonId);
    return this.toDto(row, Boolean(season.frozenAt));
  }

  /** Every season someone earned in, newest first. */
  async statuses(userUuid: string): Promise<RankingStatusDto[]> {
    const rows = await this.db
      .select({ row: rankingStatus, frozenAt: seasonsTable.frozenAt })
      .from(rankingStatus)
      .innerJoin(seasonsTable, eq(seasonsTable.id, rankingStatus.seasonId))
      .where(eq(rankingStatus.userUuid, userUuid))
      .orderBy(desc(rankingStatus.seasonId));
    return rows.map((r) => this.toDto(r.row, Boolean(r.frozenAt)));
  }

  async lifetime(userUuid: string): Promise<RankingStatusDto> {
    const [row] = await this.db
      .select({
        total: sum(pointsLedger.amount),
        last: sql<Date | null>`max(${pointsLedger.createdAt})`,
      })
      .from(pointsLedger)
      .where(eq(pointsLedger.userUuid, userUuid));
    const balance = Number(row?.total ?? 0);
    let rank: number | null = null;
    if (balance > 0) {
      const ahead = await this.db.execute(sql`
        select count(*)::int as n from (
          select user_uuid from ${pointsLedger} group by user_uuid having sum(amount) > ${balance}
        ) t`);
      rank = Number((ahead as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) + 1;
    }
    const last = row?.last ? new Date(row.last) : null;
    return {
      id: null,
      userUuid,
      seasonId: null,
      balance,
      rank,
      updatedAt: last?.toISOString() ?? null,
    };
  }

  async current(userUuid: string): Promise<CurrentRankingDto> {
    await this.seasons.freezeSeen();
    const season = await this.seasons.runningSeen();
    if (!season) return { hasCurrentRankingStatus: false, season: null, status: null };
    const [row] = await this.db
      .select()
      .from(rankingStatus)
      .where(and(eq(rankingStatus.userUuid, userUuid), eq(rankingStatus.seasonId, season.id)));
    return {
      hasCurrentRankingStatus: Boolean(row),
      season: toSeasonDto(season),
      status: row ? this.toDto(row, false) : null,
    };
  }

  /** People's names and looks for a board (deactivated accounts are left out by the port). */
  private async entries(
    rows: { userUuid: string; balance: number }[],
    firstRank: number | ((i: number) => number),
  ) {
    const profiles = await this.platform.ports.users?.profiles(rows.map((r) => r.userUuid));
    const byUuid = new Map((profiles ?? []).map((p) => [p.uuid.toLowerCase(), p]));
    return rows.map((r, i): RankingEntryDto => {
      const p = byUuid.get(r.userUuid.toLowerCase());
      return {
        rank: typeof firstRank === 'number' ? firstRank + i : firstRank(i),
        userUuid: r.userUuid,
        nickname: p?.nickname ?? 'Someone',
        avatarId: p?.avatarId ?? 'default',
        color: p?.color ?? '#562DF9',
        balance: r.balance,
      };
    });
  }

  async seasonBoard(season: SeasonRow, take: number, skip: number): Promise<SeasonRankingDto> {
    await this.seasons.freezeSeen();
    const fresh = await this.seasons.byIdSeen(season.id);
    // PTS-BOARD-1: a page is a range of kept places, the count the last place (both indexed).
    const page = await this.db
      .select({
        row: rankingStatus,
        total: sql<number>`(select max(position) from ranking_status where season_id = ${fresh.id})`,
      })
      .from(rankingStatus)
      .where(
        and(
          eq(rankingStatus.seasonId, fresh.id),
          gt(rankingStatus.position, skip),
          lte(rankingStatus.position, skip + take),
        ),
      )
      .orderBy(asc(rankingStatus.position));
    const rows = page.map((p) => p.row);
    const n = page.length ? Number(page[0].total) : await boardSize(this.db, fresh.id);
    const entries = await this.entries(rows, (i) =>
      fresh.frozenAt ? (rows[i].rank ?? rows[i].position ?? skip + i + 1) : skip + i + 1,
    );
    return { season: toSeasonDto(fresh), total: Number(n), take, skip, entries };
  }

  async lifetimeBoard(take: number, skip: number): Promise<SeasonRankingDto> {
    const result = await this.db.execute(sql`
      select user_uuid as "userUuid", sum(amount)::int as balance from ${pointsLedger}
      group by user_uuid having sum(amount) > 0
      order by sum(amount) desc, min(created_at) asc, user_uuid asc
      limit ${take} offset ${skip}`);
    const rows = (result as unknown as { rows: { userUuid: string; balance: number }[] }).rows;
    const totalRes = await this.db.execute(sql`
      select count(*)::int as n from (select 1 from ${pointsLedger} group by user_uuid having sum(amount) > 0) t`);
    const total = Number((totalRes as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    return { season: null, total, take, skip, entries: await this.entries(rows, skip + 1) };
  }

  /** The banner and profile card: the running season's top ten and the viewer's own row. */
  async currentBoard(viewer: string | null) {
    await this.seasons.freezeSeen();
    const season = await this.seasons.runningSeen();
    if (!season) return { season: null, top: [], me: null };
    const board = await this.seasonBoard(season, 10, 0);
    let me: RankingEntryDto | null = board.entries.find((e) => e.userUuid === viewer) ?? null;
    if (!me && viewer) {
      const { status } = await this.current(viewer);
      if (status && status.rank) [me] = await this.entries([status], status.rank);
    }
    return { season: board.season, top: board.entries, me };
  }
}
