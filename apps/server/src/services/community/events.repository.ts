import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ADMIN_EVENT_QB_FIELDS } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import type { QbField, QbPlan } from '../../platform/qb';
import { rooms } from '../room/schema';
import { communities, eventRsvps, roomEvents } from './schema';
import { UUID_RE } from '../room/rooms.repository';

export type EventRow = typeof roomEvents.$inferSelect;
export type NewEvent = typeof roomEvents.$inferInsert;

/** An event with what its page shows of its room, community and reminders. */
export type FullEvent = EventRow & {
  roomUuid: string;
  roomSlug: string;
  roomName: string;
  roomListed: boolean;
  communityUuid: string | null;
  communityPublic: boolean | null;
  rsvpCount: number;
};

export const ADMIN_EVENT_FIELDS: Record<(typeof ADMIN_EVENT_QB_FIELDS)[number], QbField> = {
  id: { expr: roomEvents.id, type: 'number' },
  uuid: { expr: roomEvents.uuid, type: 'uuid' },
  slug: { expr: roomEvents.slug, type: 'string' },
  name: { expr: roomEvents.name, type: 'string' },
  roomUuid: { expr: rooms.uuid, type: 'uuid' },
  communityUuid: { expr: communities.uuid, type: 'uuid' },
  hostUuid: { expr: roomEvents.hostUuid, type: 'uuid' },
  startsAt: { expr: roomEvents.startsAt, type: 'date' },
  endsAt: { expr: roomEvents.endsAt, type: 'date' },
  createdAt: { expr: roomEvents.createdAt, type: 'date' },
};

const rsvpCount = sql<number>`(select count(*)::int from ${eventRsvps} v where v.event_id = ${roomEvents.id})`;
const full = {
  row: roomEvents,
  roomUuid: rooms.uuid,
  roomSlug: rooms.slug,
  roomName: rooms.name,
  roomListed: sql<boolean>`(${rooms.type} = 'PUBLIC' and not ${rooms.unlisted})`,
  communityUuid: communities.uuid,
  communityPublic: sql<boolean | null>`(${communities.visibility} = 'PUBLIC')`,
  rsvpCount,
};
const flat = ({
  row,
  ...rest
}: { row: EventRow } & Omit<FullEvent, keyof EventRow>): FullEvent => ({
  ...row,
  ...rest,
  rsvpCount: Number(rest.rsvpCount),
});

/** EVT-VIS-1: in public lists only events of listed public rooms, outside private communities. */
export const publicEvent = sql`(${rooms.type} = 'PUBLIC' and not ${rooms.unlisted} and (${communities.id} is null or ${communities.visibility} = 'PUBLIC'))`;

const liveRoom = and(eq(rooms.id, roomEvents.roomId), isNull(rooms.deletedAt));
const ofCommunity = eq(communities.id, roomEvents.communityId);

export interface EventFilter {
  roomId?: number;
  communityId?: number;
  hostUuid?: string;
  when: 'upcoming' | 'past' | 'all';
  /** Only events of public lists (EVT-VIS-1); false when the viewer is a member of `communityId`. */
  publicOnly: boolean;
  now: Date;
}

/** SQL for events and their reminders. */
export class EventsRepository {
  constructor(private readonly db: Db) {}

  // Events with their room (not deleted) and community: the same joins for rows and counts.
  private select() {
    return this.db
      .select(full)
      .from(roomEvents)
      .innerJoin(rooms, liveRoom)
      .leftJoin(communities, ofCommunity);
  }

  private count(where: SQL | undefined) {
    return this.db
      .select({ n: count() })
      .from(roomEvents)
      .innerJoin(rooms, liveRoom)
      .leftJoin(communities, ofCommunity)
      .where(where);
  }

  async insert(row: NewEvent): Promise<EventRow> {
    const [created] = await this.db.insert(roomEvents).values(row).returning();
    return created;
  }

  async update(id: number, patch: Partial<NewEvent>): Promise<void> {
    await this.db
      .update(roomEvents)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(roomEvents.id, id));
  }

  async remove(id: number): Promise<void> {
    await this.db.delete(roomEvents).where(eq(roomEvents.id, id));
  }

  /** By uuid, slug (any case) or numeric id. */
  async find(key: string): Promise<FullEvent | undefined> {
    let where: SQL;
    if (UUID_RE.test(key)) where = eq(roomEvents.uuid, key);
    else if (/^\d{1,9}$/.test(key)) where = eq(roomEvents.id, Number(key));
    else where = sql`lower(${roomEvents.slug}) = ${key.toLowerCase()}`;
    const [row] = await this.select().where(where).limit(1);
    return row && flat(row);
  }

  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: roomEvents.id })
      .from(roomEvents)
      .where(sql`lower(${roomEvents.slug}) = ${slug.toLowerCase()}`);
    return rows.some((r) => r.id !== exceptId);
  }

  /** EVT-OVERLAP-1: another event of the room that overlaps [startsAt, endsAt). */
  async overlapping(roomId: number, startsAt: Date, endsAt: Date, exceptId?: number) {
    const [row] = await this.db
      .select({ id: roomEvents.id })
      .from(roomEvents)
      .where(
        and(
          eq(roomEvents.roomId, roomId),
          sql`${roomEvents.startsAt} < ${endsAt.toISOString()}::timestamptz`,
          sql`${roomEvents.endsAt} > ${startsAt.toISOString()}::timestamptz`,
          exceptId === undefined ? undefined : ne(roomEvents.id, exceptId),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  async list(f: EventFilter, limit: number, offset: number) {
    const where = and(
      f.roomId === undefined ? undefined : eq(roomEvents.roomId, f.roomId),
      f.communityId === undefined ? undefined : eq(roomEvents.communityId, f.communityId),
      f.hostUuid === undefined ? undefined : eq(roomEvents.hostUuid, f.hostUuid),
      f.when === 'upcoming' ? gt(roomEvents.endsAt, f.now) : undefined,
      f.when === 'past' ? lte(roomEvents.endsAt, f.now) : undefined,
      f.publicOnly ? publicEvent : undefined,
    );
    const order =
      f.when === 'upcoming'
        ? [asc(roomEvents.startsAt), asc(roomEvents.id)]
        : [desc(roomEvents.startsAt), desc(roomEvents.id)];
    const rows = await this.select()
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const [{ n }] = await this.count(where);
    return { rows: rows.map(flat), total: Number(n) };
  }

  async adminList(plan: QbPlan) {
    const rows = await this.select()
      .where(plan.whereSql)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
    const [{ n }] = await this.count(plan.whereSql);
    return { rows: rows.map(flat), total: Number(n) };
  }

  // Reminders

  async rsvp(eventId: number, userUuid: string, on: boolean): Promise<void> {
    if (on) {
      await this.db.insert(eventRsvps).values({ eventId, userUuid }).onConflictDoNothing();
    } else {
      await this.db
        .delete(eventRsvps)
        .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userUuid, userUuid)));
    }
  }

  /** Which of these events the person asked to be reminded of. */
  async rsvped(eventIds: number[], userUuid: string): Promise<Set<number>> {
    if (eventIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: eventRsvps.eventId })
      .from(eventRsvps)
      .where(and(inArray(eventRsvps.eventId, eventIds), eq(eventRsvps.userUuid, userUuid)));
    return new Set(rows.map((r) => r.id));
  }

  async rsvpUuids(eventId: number): Promise<string[]> {
    const rows = await this.db
      .select({ u: eventRsvps.userUuid })
      .from(eventRsvps)
      .where(eq(eventRsvps.eventId, eventId));
    return rows.map((r) => r.u);
  }

  /**
   * EVT-REMIND-2: events on now whose start has not been announced, each claimed by this
   * transaction (locked; other processes skip them).
   */
  async claimStarted(now: Date, limit: number): Promise<FullEvent[]> {
    const ids = await this.db
      .select({ id: roomEvents.id })
      .from(roomEvents)
      .where(
        and(
          lte(roomEvents.startsAt, now),
          gt(roomEvents.endsAt, now),
          sql`(${roomEvents.announcedStart} is null or ${roomEvents.announcedStart} <> ${roomEvents.startsAt})`,
        ),
      )
      .orderBy(asc(roomEvents.startsAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (ids.length === 0) return [];
    const rows = await this.select().where(
      inArray(
        roomEvents.id,
        ids.map((r) => r.id),
      ),
    );
    return rows.map(flat);
  }

  async markAnnounced(id: number, startsAt: Date): Promise<void> {
    await this.db.update(roomEvents).set({ announcedStart: startsAt }).where(eq(roomEvents.id, id));
  }
}
