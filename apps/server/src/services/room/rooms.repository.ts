import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ADMIN_ROOM_QB_FIELDS, RoomMusicProvider, RoomUserRole } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import type { QbField, QbPlan } from '../../platform/qb';
import { roomListVersion, roomUserRoles, rooms } from './schema';

export type RoomRow = typeof rooms.$inferSelect;
export type NewRoom = typeof rooms.$inferInsert;

/** A well-formed uuid; anything else is refused by PostgreSQL's uuid type (a 500). */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are int4 (serial): a larger number names no room and must not reach the database. */
export const isRoomId = (s: string) => /^\d{1,10}$/.test(s) && Number(s) <= 2147483647;

const live = isNull(rooms.deletedAt);

/** Fields of GET /admin/rooms (ADMIN_ROOM_QB_FIELDS) and their SQL. */
export const ADMIN_ROOM_FIELDS: Record<(typeof ADMIN_ROOM_QB_FIELDS)[number], QbField> = {
  id: { expr: rooms.id, type: 'number' },
  uuid: { expr: rooms.uuid, type: 'uuid' },
  slug: { expr: rooms.slug, type: 'string' },
  name: { expr: rooms.name, type: 'string' },
  type: { expr: rooms.type, type: 'string' },
  djType: { expr: rooms.djType, type: 'string' },
  design: { expr: rooms.design, type: 'string' },
  isLive: { expr: rooms.isLive, type: 'boolean' },
  promoted: { expr: rooms.promoted, type: 'boolean' },
  unlisted: { expr: rooms.unlisted, type: 'boolean' },
  createdBy: { expr: rooms.createdBy, type: 'uuid' },
  discordGuildId: { expr: rooms.discordGuildId, type: 'string' },
  createdAt: { expr: rooms.createdAt, type: 'date' },
  updatedAt: { expr: rooms.updatedAt, type: 'date' },
  deletedAt: { expr: rooms.deletedAt, type: 'date' },
};

/** SQL for rooms (their configuration; live state and activity live elsewhere). */
export class RoomsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewRoom): Promise<RoomRow> {
    const [created] = await this.db.insert(rooms).values(row).returning();
    return created;
  }

  async update(id: number, patch: Partial<NewRoom>): Promise<RoomRow> {
    const [row] = await this.db
      .update(rooms)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(rooms.id, id))
      .returning();
    return row;
  }

  async byUuid(uuid: string, includeDeleted = false): Promise<RoomRow | undefined> {
    if (!UUID_RE.test(uuid)) return undefined;
    const [row] = await this.db
      .select()
      .from(rooms)
      .where(includeDeleted ? eq(rooms.uuid, uuid) : and(eq(rooms.uuid, uuid), live));
    return row;
  }

  async bySlug(slug: string): Promise<RoomRow | undefined> {
    const [row] = await this.db
      .select()
      .from(rooms)
      .where(and(sql`lower(${rooms.slug}) = ${slug.toLowerCase()}`, live));
    return row;
  }

  async byId(id: number, includeDeleted = false): Promise<RoomRow | undefined> {
    const [row] = await this.db
      .select()
      .from(rooms)
      .where(includeDeleted ? eq(rooms.id, id) : and(eq(rooms.id, id), live));
    return row;
  }

  /** Live rooms with these slugs (any case). */
  async bySlugs(slugs: string[]): Promise<RoomRow[]> {
    if (slugs.length === 0) return [];
    const lower = [...new Set(slugs.map((s) => s.toLowerCase()))];
    return this.db
      .select()
      .from(rooms)
      .where(and(inArray(sql`lower(${rooms.slug})`, lower), live));
  }

  /** Live rooms by numeric id (deleted ones left out). */
  async byIds(ids: number[]): Promise<RoomRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(rooms)
      .where(and(inArray(rooms.id, ids), live));
  }

  async byUuids(uuids: string[]): Promise<RoomRow[]> {
    const valid = uuids.filter((u) => UUID_RE.test(u));
    if (valid.length === 0) return [];
    return this.db
      .select()
      .from(rooms)
      .where(and(inArray(rooms.uuid, valid), live));
  }

  /** Is the slug used by a live room (other than `exceptId`)? */
  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: rooms.id })
      .from(rooms)
      .where(
        and(
          sql`lower(${rooms.slug}) = ${slug.toLowerCase()}`,
          live,
          exceptId === undefined ? undefined : ne(rooms.id, exceptId),
        ),
      );
    return Boolean(row);
  }

  /** Live rooms where the user holds one of `roles` (in force), newest first. */
  async withRoleOf(userUuid: string, roles: RoomUserRole[]): Promise<RoomRow[]> {
    if (!UUID_RE.test(userUuid)) return [];
    const now = new Date();
    const held = this.db
      .select({ roomId: roomUserRoles.roomId })
      .from(roomUserRoles)
      .where(
        and(
          eq(roomUserRoles.userUuid, userUuid),
          inArray(roomUserRoles.role, roles),
          or(isNull(roomUserRoles.expirationTime), gt(roomUserRoles.expirationTime, now)),
        ),
      );
    return this.db
      .select()
      .from(rooms)
      .where(and(inArray(rooms.id, held), live))
      .orderBy(desc(rooms.createdAt), desc(rooms.id));
  }

  /** Public, listed, live rooms (unsorted: the caller sorts by who is in them). */
  /** ROOM-LIST-1: the public list's version (bumped by a trigger on rooms); null without its row. */
  /** ROOM-LIST-1 and ROOM-LIST-3: the public list's version and the listed rooms' content's. */
  async publicListVersion(): Promise<{ version: number; content: number } | null> {
    const [row] = await this.db
      .select({ version: roomListVersion.version, content: roomListVersion.content })
      .from(roomListVersion)
      .where(eq(roomListVersion.id, 1));
    return row ?? null;
  }

  /** ROOM-LIST-1: every public listed live room's id and uuid only, newest first. */
  async publicRoomOrder(): Promise<{ id: number; uuid: string }[]> {
    return this.db
      .select({ id: rooms.id, uuid: rooms.uuid })
      .from(rooms)
      .where(and(eq(rooms.type, 'PUBLIC'), eq(rooms.unlisted, false), eq(rooms.isLive, true), live))
      .orderBy(desc(rooms.createdAt), desc(rooms.id));
  }

  /** Promoted live rooms; with providers, those playing from at least one of them. */
  async promotedRooms(providers: RoomMusicProvider[]): Promise<RoomRow[]> {
    const conditions: SQL[] = [eq(rooms.promoted, true), eq(rooms.isLive, true)];
    if (providers.length) {
      const list = sql.join(
        providers.map((p) => sql`${p}`),
        sql`, `,
      );
      conditions.push(sql`${rooms.musicProviderKeys} ?| array[${list}]::text[]`);
    }
    return this.db
      .select()
      .from(rooms)
      .where(and(...conditions, live));
  }

  async privateCount(): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(rooms)
      .where(and(eq(rooms.type, 'PRIVATE'), eq(rooms.isLive, true), live));
    return Number(n);
  }

  async byGuild(guildId: string): Promise<RoomRow[]> {
    return this.db
      .select()
      .from(rooms)
      .where(and(eq(rooms.discordGuildId, guildId), live))
      .orderBy(asc(rooms.id));
  }

  /** Live rooms, oldest first (service-to-service list). */
  async page(take: number, skip: number): Promise<{ rows: RoomRow[]; total: number }> {
    const rows = await this.db
      .select()
      .from(rooms)
      .where(live)
      .orderBy(asc(rooms.id))
      .limit(take)
      .offset(skip);
    const [{ n }] = await this.db.select({ n: count() }).from(rooms).where(live);
    return { rows, total: Number(n) };
  }

  /** Every room, deleted ones included (admin qb list). */
  async adminList(plan: QbPlan): Promise<{ rows: RoomRow[]; total: number }> {
    const rows = await this.db
      .select()
      .from(rooms)
      .where(plan.whereSql)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
    const [{ n }] = await this.db.select({ n: count() }).from(rooms).where(plan.whereSql);
    return { rows, total: Number(n) };
  }

  async counts(): Promise<{ rooms: number; liveRooms: number; deletedRooms: number }> {
    const [row] = await this.db
      .select({
        rooms: sql<number>`count(*) filter (where ${rooms.deletedAt} is null)`,
        liveRooms: sql<number>`count(*) filter (where ${rooms.deletedAt} is null and ${rooms.isLive})`,
        deletedRooms: sql<number>`count(*) filter (where ${rooms.deletedAt} is not null)`,
      })
      .from(rooms);
    return {
      rooms: Number(row.rooms),
      liveRooms: Number(row.liveRooms),
      deletedRooms: Number(row.deletedRooms),
    };
  }

  /** Runs work in one transaction with a repository bound to it. */
  async transaction<T>(work: (repo: RoomsRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) =>
      work(new RoomsRepository(tx as unknown as Db), tx as unknown as Db),
    );
  }
}
