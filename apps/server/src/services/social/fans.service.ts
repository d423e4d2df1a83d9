import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DjFanDto } from '@tt/protocol';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db/index';
import { fail } from '../../platform/errors';
import type { Platform } from '../../platform/service';
import { blockedEitherWay, requireOtherAccount } from './people';
import { djFans } from './schema';

type FanRow = typeof djFans.$inferSelect;
const toFan = (r: FanRow): DjFanDto => ({
  userUuid: r.userUuid,
  djUuid: r.djUuid,
  createdAt: r.createdAt.toISOString(),
});

interface Page {
  fans: DjFanDto[];
  total: number;
  skip: number;
  take: number;
}

/** Following DJs (docs/SOCIAL-RULES.md, SOC-FAN-*). */
export class FansService {
  constructor(private readonly platform: Platform) {}

  private get db(): Db {
    return this.platform.db;
  }

  /**
   * SOC-FAN-1, SOC-FAN-3: follow a registered DJ other than yourself, not across a block.
   * SOC-FAN-4: the follow and its work event `social.fanAdded` (NOTIFY-FAN-1) commit together.
   */
  async follow(auth: AuthContext, djUuid: string): Promise<DjFanDto> {
    await requireOtherAccount(this.platform, auth, djUuid);
    if (await blockedEitherWay(this.db, auth.uuid, djUuid)) throw fail('DJ_FAN_BLOCKED');
    const row = await this.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(djFans)
        .values({ userUuid: auth.uuid, djUuid })
        .onConflictDoNothing()
        .returning();
      if (!made) throw fail('DJ_FAN_EXISTS');
      await this.platform.outbox.add(tx as unknown as Db, 'social.fanAdded', {
        fanUuid: auth.uuid,
        djUuid,
        at: made.createdAt.toISOString(),
      });
      return made;
    });
    this.platform.outbox.kick();
    return toFan(row);
  }

  async unfollow(auth: AuthContext, djUuid: string): Promise<{ success: boolean }> {
    const rows = await this.db
      .delete(djFans)
      .where(and(eq(djFans.userUuid, auth.uuid), eq(djFans.djUuid, djUuid)))
      .returning();
    if (rows.length === 0) throw fail('DJ_FAN_NOT_FOUND');
    return { success: true };
  }

  async single(auth: AuthContext, djUuid: string): Promise<DjFanDto> {
    const [row] = await this.db
      .select()
      .from(djFans)
      .where(and(eq(djFans.userUuid, auth.uuid), eq(djFans.djUuid, djUuid)));
    if (!row) throw fail('DJ_FAN_NOT_FOUND');
    return toFan(row);
  }

  /**
   * SOC-FAN-2: a DJ's fans, or the DJs someone follows, newest first; people who blocked the
   * viewer are left out (`viewer` null: admins, who see everyone).
   */
  private async page(
    where: SQL,
    other: 'user' | 'dj',
    viewer: string | null,
    skip: number,
    take: number,
  ): Promise<Page> {
    const column = other === 'user' ? djFans.userUuid : djFans.djUuid;
    const visible = viewer
      ? and(
          where,
          sql`NOT EXISTS (SELECT 1 FROM blocked_users b WHERE b.user_uuid = ${column} AND b.blocked_uuid = ${viewer})`,
        )!
      : where;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(djFans)
        .where(visible)
        .orderBy(desc(djFans.createdAt), desc(column))
        .limit(take)
        .offset(skip),
      this.db.select({ n: count() }).from(djFans).where(visible),
    ]);
    return { fans: rows.map(toFan), total: Number(total?.n ?? 0), skip, take };
  }

  fansOf(viewer: string | null, djUuid: string, skip: number, take: number): Promise<Page> {
    return this.page(eq(djFans.djUuid, djUuid), 'user', viewer, skip, take);
  }

  followedBy(viewer: string | null, userUuid: string, skip: number, take: number): Promise<Page> {
    return this.page(eq(djFans.userUuid, userUuid), 'dj', viewer, skip, take);
  }

  async counts(
    uuid: string,
  ): Promise<{ djUuid: string; fansCount: number; followingCount: number }> {
    const [[fans], [following]] = await Promise.all([
      this.db.select({ n: count() }).from(djFans).where(eq(djFans.djUuid, uuid)),
      this.db.select({ n: count() }).from(djFans).where(eq(djFans.userUuid, uuid)),
    ]);
    return {
      djUuid: uuid,
      fansCount: Number(fans?.n ?? 0),
      followingCount: Number(following?.n ?? 0),
    };
  }

  /** Everyone following this DJ (NOTIFY-DJ-1). */
  async fanUuids(djUuid: string): Promise<string[]> {
    const rows = await this.db
      .select({ u: djFans.userUuid })
      .from(djFans)
      .where(eq(djFans.djUuid, djUuid));
    return rows.map((r) => r.u);
  }

  /** The DJs this person follows. */
  async followedUuids(userUuid: string): Promise<string[]> {
    const rows = await this.db
      .select({ d: djFans.djUuid })
      .from(djFans)
      .where(eq(djFans.userUuid, userUuid));
    return rows.map((r) => r.d);
  }

  /** Admins: DJs by number of fans, most first. */
  async djs(skip: number, take: number) {
    const fansCount = count().as('fans_count');
    const grouped = this.db
      .select({ djUuid: djFans.djUuid, fansCount })
      .from(djFans)
      .groupBy(djFans.djUuid)
      .as('grouped');
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(grouped)
        .orderBy(desc(grouped.fansCount), desc(grouped.djUuid))
        .limit(take)
        .offset(skip),
      this.db.select({ n: sql<number>`count(distinct ${djFans.djUuid})` }).from(djFans),
    ]);
    return {
      djs: rows.map((r) => ({ djUuid: r.djUuid, fansCount: Number(r.fansCount) })),
      total: Number(total?.n ?? 0),
      skip,
      take,
    };
  }

  /** SOC-BLOCK-1: a block ends following both ways (called inside the block's transaction). */
  static async unlink(tx: Db, a: string, b: string): Promise<void> {
    await tx
      .delete(djFans)
      .where(
        or(
          and(eq(djFans.userUuid, a), eq(djFans.djUuid, b)),
          and(eq(djFans.userUuid, b), eq(djFans.djUuid, a)),
        ),
      );
  }
}
