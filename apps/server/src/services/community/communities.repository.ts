import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { ADMIN_COMMUNITY_QB_FIELDS, CommunityRole } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { escapeLike, type QbField, type QbPlan } from '../../platform/qb';
import { communities, communityMembers, communityRooms } from './schema';
import { keyKind } from './core';

export type CommunityRow = typeof communities.$inferSelect;
export type NewCommunity = typeof communities.$inferInsert;
export type MemberRow = typeof communityMembers.$inferSelect;

/** A community with its member and room counts. */
export type CountedCommunity = CommunityRow & { memberCount: number; roomCount: number };

export const ADMIN_COMMUNITY_FIELDS: Record<(typeof ADMIN_COMMUNITY_QB_FIELDS)[number], QbField> = {
  id: { expr: communities.id, type: 'number' },
  uuid: { expr: communities.uuid, type: 'uuid' },
  slug: { expr: communities.slug, type: 'string' },
  name: { expr: communities.name, type: 'string' },
  visibility: { expr: communities.visibility, type: 'string' },
  ownerUuid: { expr: communities.ownerUuid, type: 'uuid' },
  createdAt: { expr: communities.createdAt, type: 'date' },
  updatedAt: { expr: communities.updatedAt, type: 'date' },
};

// COMM-LIST-1: kept on the row (a trigger on community_members), so the largest-first list reads an index.
const memberCount = communities.memberCount;
const roomCount = sql<number>`(select count(*)::int from ${communityRooms} r where r.community_id = ${communities.id})`;
const counted = { row: communities, memberCount, roomCount };
const flat = (r: { row: CommunityRow; memberCount: number; roomCount: number }) => ({
  ...r.row,
  memberCount: Number(r.memberCount),
  roomCount: Number(r.roomCount),
});

/** Owner first, then moderators, then members; longest-standing first within each. */
const roleOrder = sql`case ${communityMembers.role} when 'owner' then 0 when 'moderator' then 1 else 2 end`;

/** SQL for communities, their members and their rooms. */
export class CommunitiesRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: CommunitiesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new CommunitiesRepository(tx as unknown as Db)));
  }

  /** Inserts a community and makes its owner a member with the owner role. */
  async insert(row: NewCommunity): Promise<CommunityRow> {
    const [created] = await this.db.insert(communities).values(row).returning();
    await this.db
      .insert(communityMembers)
      .values({ communityId: created.id, userUuid: created.ownerUuid, role: 'owner' });
    return created;
  }

  async update(id: number, patch: Partial<NewCommunity>): Promise<void> {
    await this.db
      .update(communities)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(communities.id, id));
  }

  async remove(id: number): Promise<void> {
    await this.db.delete(communities).where(eq(communities.id, id));
  }

  /** By uuid, slug (any case) or numeric id, with its counts. */
  async find(key: string): Promise<CountedCommunity | undefined> {
    const kind = keyKind(key);
    const where: SQL =
      kind === 'uuid'
        ? eq(communities.uuid, key)
        : kind === 'id'
          ? eq(communities.id, Number(key))
          : sql`lower(${communities.slug}) = ${key.toLowerCase()}`;
    const [row] = await this.db.select(counted).from(communities).where(where).limit(1);
    return row && flat(row);
  }

  async byIds(ids: number[]): Promise<CountedCommunity[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select(counted)
      .from(communities)
      .where(inArray(communities.id, ids));
    return rows.map(flat);
  }

  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: communities.id })
      .from(communities)
      .where(sql`lower(${communities.slug}) = ${slug.toLowerCase()}`);
    return rows.some((r) => r.id !== exceptId);
  }

  async ownedCount(userUuid: string): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(communities)
      .where(eq(communities.ownerUuid, userUuid));
    return Number(n);
  }

  /** Public communities, the largest first; `search` matches the name. */
  async publicPage(search: string | undefined, limit: number, offset: number) {
    const where = and(
      eq(communities.visibility, 'PUBLIC'),
      search ? ilike(communities.name, `%${escapeLike(search)}%`) : undefined,
    );
    const rows = await this.db
      .select(counted)
      .from(communities)
      .where(where)
      // Nulls last, as communities_public_idx (the count is never null).
      .orderBy(sql`${memberCount} desc nulls last`, asc(communities.id))
      .limit(limit)
      .offset(offset);
    const [{ n }] = await this.db.select({ n: count() }).from(communities).where(where);
    return { rows: rows.map(flat), total: Number(n) };
  }

  async adminList(plan: QbPlan) {
    const rows = await this.db
      .select(counted)
      .from(communities)
      .where(plan.whereSql)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
    const [{ n }] = await this.db.select({ n: count() }).from(communities).where(plan.whereSql);
    return { rows: rows.map(flat), total: Number(n) };
  }

  // Members

  async roleOf(communityId: number, userUuid: string): Promise<CommunityRole | null> {
    const [row] = await this.db
      .select({ role: communityMembers.role })
      .from(communityMembers)
      .where(
        and(eq(communityMembers.communityId, communityId), eq(communityMembers.userUuid, userUuid)),
      );
    return row?.role ?? null;
  }

  /** The viewer's role in each of these communities. */
  async rolesIn(ids: number[], userUuid: string): Promise<Map<number, CommunityRole>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: communityMembers.communityId, role: communityMembers.role })
      .from(communityMembers)
      .where(
        and(inArray(communityMembers.communityId, ids), eq(communityMembers.userUuid, userUuid)),
      );
    return new Map(rows.map((r) => [r.id, r.role]));
  }

  async members(communityId: number, limit: number, offset: number) {
    const rows = await this.db
      .select()
      .from(communityMembers)
      .where(eq(communityMembers.communityId, communityId))
      .orderBy(roleOrder, asc(communityMembers.joinedAt), asc(communityMembers.userUuid))
      .limit(limit)
      .offset(offset);
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(communityMembers)
      .where(eq(communityMembers.communityId, communityId));
    return { rows, total: Number(n) };
  }

  /** Adds a member or changes their role; answers the row. */
  async setRole(communityId: number, userUuid: string, role: CommunityRole): Promise<MemberRow> {
    const [row] = await this.db
      .insert(communityMembers)
      .values({ communityId, userUuid, role })
      .onConflictDoUpdate({
        target: [communityMembers.communityId, communityMembers.userUuid],
        set: { role },
      })
      .returning();
    return row;
  }

  async removeMember(communityId: number, userUuid: string): Promise<boolean> {
    const gone = await this.db
      .delete(communityMembers)
      .where(
        and(eq(communityMembers.communityId, communityId), eq(communityMembers.userUuid, userUuid)),
      )
      .returning({ u: communityMembers.userUuid });
    return gone.length > 0;
  }

  /**
   * The communities someone is in, most recently joined first, with their role there and the
   * total: one statement (the total a window count over the same rows).
   */
  async ofUser(userUuid: string, limit: number, offset: number) {
    const where = eq(communityMembers.userUuid, userUuid);
    const page = await this.db
      .select({ ...counted, role: communityMembers.role, total: sql<number>`count(*) over ()` })
      .from(communityMembers)
      .innerJoin(communities, eq(communities.id, communityMembers.communityId))
      .where(where)
      .orderBy(desc(communityMembers.joinedAt), desc(communityMembers.communityId))
      .limit(limit)
      .offset(offset);
    let total = page.length ? Number(page[0].total) : 0;
    if (!page.length && offset > 0) {
      [{ n: total }] = await this.db.select({ n: count() }).from(communityMembers).where(where);
    }
    return {
      rows: page.map(flat),
      roles: new Map(page.map((r) => [r.row.id, r.role as CommunityRole])),
      total: Number(total),
    };
  }

  // Rooms

  async roomIds(communityId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: communityRooms.roomId })
      .from(communityRooms)
      .where(eq(communityRooms.communityId, communityId))
      .orderBy(asc(communityRooms.addedAt));
    return rows.map((r) => r.id);
  }

  /** How many communities each room is in. */
  async communityCounts(roomIds: number[]): Promise<Map<number, number>> {
    if (roomIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: communityRooms.roomId, n: count() })
      .from(communityRooms)
      .where(inArray(communityRooms.roomId, roomIds))
      .groupBy(communityRooms.roomId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  async addRooms(communityId: number, roomIds: number[], addedBy: string): Promise<void> {
    if (roomIds.length === 0) return;
    await this.db
      .insert(communityRooms)
      .values(roomIds.map((roomId) => ({ communityId, roomId, addedBy })))
      .onConflictDoNothing();
  }

  async removeRooms(communityId: number, roomIds: number[]): Promise<number> {
    if (roomIds.length === 0) return 0;
    const gone = await this.db
      .delete(communityRooms)
      .where(
        and(eq(communityRooms.communityId, communityId), inArray(communityRooms.roomId, roomIds)),
      )
      .returning({ id: communityRooms.roomId });
    return gone.length;
  }

  /** The communities a room is in, oldest membership first. */
  async ofRoom(roomId: number): Promise<CountedCommunity[]> {
    const ids = await this.db
      .select({ id: communityRooms.communityId })
      .from(communityRooms)
      .where(eq(communityRooms.roomId, roomId))
      .orderBy(asc(communityRooms.addedAt));
    const rows = await this.byIds(ids.map((r) => r.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((r) => byId.get(r.id)!).filter(Boolean);
  }

  async hasRoom(communityId: number, roomId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: communityRooms.roomId })
      .from(communityRooms)
      .where(and(eq(communityRooms.communityId, communityId), eq(communityRooms.roomId, roomId)));
    return Boolean(row);
  }
}
