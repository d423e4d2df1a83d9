import { and, asc, count, desc, eq, gt, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { EVENT_MAX_HOURS, type ADMIN_EVENT_QB_FIELDS } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import type { RoomRef } from '../../platform/ports';
import type { QbField, QbPlan } from '../../platform/qb';
import { keyKind } from './core';
import { communities, eventRsvps, roomEvents } from './schema';

export type EventRow = typeof roomEvents.$inferSelect;
export type NewEvent = typeof roomEvents.$inferInsert;

/**
 * An event with its community and reminders. Its room is a room id only: what the event's page
 * shows of the room comes from the room service (see EventsService).
 */
export type EventRecord = EventRow & {
  communityUuid: string | null;
  communityPublic: boolean | null;
  rsvpCount: number;
};

/**
 * The uuid of an event's room as SQL, from rooms the room service named (its table is not ours
 * to join); null for a room not among them.
 */
function roomUuidOf(rooms: RoomRef[]): SQL {
  if (rooms.length === 0) return sql`null::uuid`;
  const ids = `{${rooms.map((r) => r.id).join(',')}}`;
  const uuids = `{${rooms.map((r) => r.uuid).join(',')}}`;
  return sql`(select r.uuid from unnest(${ids}::int[], ${uuids}::uuid[]) as r(id, uuid) where r.id = ${roomEvents.roomId})`;
}

/** The fields of the admin list (qb); `rooms` are the rooms its events may be in. */
export function adminEventFields(
  rooms: RoomRef[],
): Record<(typeof ADMIN_EVENT_QB_FIELDS)[number], QbField> {
  return {
    id: { expr: roomEvents.id, type: 'number' },
    uuid: { expr: roomEvents.uuid, type: 'uuid' },
    slug: { expr: roomEvents.slug, type: 'string' },
    name: { expr: roomEvents.name, type: 'string' },
    roomUuid: { expr: roomUuidOf(rooms), type: 'uuid' },
    communityUuid: { expr: communities.uuid, type: 'uuid' },
    hostUuid: { expr: roomEvents.hostUuid, type: 'uuid' },
    startsAt: { expr: roomEvents.startsAt, type: 'date' },
    endsAt: { expr: roomEvents.endsAt, type: 'date' },
    createdAt: { expr: roomEvents.createdAt, type: 'date' },
  };
}

const rsvpCount = sql<number>`(select count(*)::int from ${eventRsvps} v where v.event_id = ${roomEvents.id})`;
const full = {
  row: roomEvents,
  communityUuid: communities.uuid,
  communityPublic: sql<boolean | null>`(${communities.visibility} = 'PUBLIC')`,
  rsvpCount,
};
const flat = ({
  row,
  ...rest
}: { row: EventRow } & Omit<EventRecord, keyof EventRow>): EventRecord => ({
  ...row,
  ...rest,
  rsvpCount: Number(rest.rsvpCount),
});

/** EVT-VIS-1, the community's part: no events of private communities in public lists. */
const publicCommunity = sql`(${communities.id} is null or ${communities.visibility} = 'PUBLIC')`;

const ofCommunity = eq(communities.id, roomEvents.communityId);

/** Events in some rooms (see EventsService: which rooms those are is the room service's answer). */
const inRooms = (roomIds: number[]) =>
  roomIds.length ? inArray(roomEvents.roomId, roomIds) : sql`false`;

export interface EventFilter {
  roomId?: number;
  communityId?: number;
  hostUuid?: string;
  when: 'upcoming' | 'past' | 'all';
  /**
   * Only events of public lists (EVT-VIS-1): here, none of private communities; false when the
   * viewer is a member of `communityId`. The rooms' part is the `roomIds` given to `list`.
   */
  publicOnly: boolean;
  now: Date;
}

const matching = (f: EventFilter) =>
  and(
    f.roomId === undefined ? undefined : eq(roomEvents.roomId, f.roomId),
    f.communityId === undefined ? undefined : eq(roomEvents.communityId, f.communityId),
    f.hostUuid === undefined ? undefined : eq(roomEvents.hostUuid, f.hostUuid),
    f.when === 'upcoming' ? gt(roomEvents.endsAt, f.now) : undefined,
    f.when === 'past' ? lte(roomEvents.endsAt, f.now) : undefined,
    f.publicOnly ? publicCommunity : undefined,
  );

/** Events that have started, are not over, and whose start has not been announced. */
const startedUnannounced = (now: Date) =>
  and(
    lte(roomEvents.startsAt, now),
    gt(roomEvents.endsAt, now),
    sql`(${roomEvents.announcedStart} is null or ${roomEvents.announcedStart} <> ${roomEvents.startsAt})`,
  );

/** SQL for events and their reminders. */
export class EventsRepository {
  constructor(private readonly db: Db) {}

  // Events with their community: the same join for rows and counts.
  private select() {
    return this.db.select(full).from(roomEvents).leftJoin(communities, ofCommunity);
  }

  private count(where: SQL | undefined) {
    return this.db
      .select({ n: count() })
      .from(roomEvents)
      .leftJoin(communities, ofCommunity)
      .where(where);
  }

  /** The rooms of the events that match (each once). */
  async roomIds(f?: EventFilter): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ id: roomEvents.roomId })
      .from(roomEvents)
      .leftJoin(communities, ofCommunity)
      .where(f && matching(f));
    return rows.map((r) => r.id);
  }

  /** The rooms of events that have started and were not announced (see claimStarted). */
  async startedRoomIds(now: Date): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ id: roomEvents.roomId })
      .from(roomEvents)
      .where(startedUnannounced(now));
    return rows.map((r) => r.id);
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
  async find(key: string): Promise<EventRecord | undefined> {
    const kind = keyKind(key);
    const where: SQL =
      kind === 'uuid'
        ? eq(roomEvents.uuid, key)
        : kind === 'id'
          ? eq(roomEvents.id, Number(key))
          : sql`lower(${roomEvents.slug}) = ${key.toLowerCase()}`;
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

  /** The events that match, of these rooms only. */
  async list(f: EventFilter, roomIds: number[], limit: number, offset: number) {
    const where = and(matching(f), inRooms(roomIds));
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

  /**
   * EVT-LIST-1: a page of the upcoming events of these rooms, soonest first, without a count (see
   * EventCounts). No event is longer than EVENT_MAX_HOURS, so the walk of room_events_start_idx
   * starts there before now and stops at the page's end.
   */
  async upcomingPage(f: EventFilter, roomIds: number[], limit: number, offset: number) {
    const earliest = new Date(f.now.getTime() - EVENT_MAX_HOURS * 3_600_000);
    const rows = await this.select()
      .where(and(matching(f), gt(roomEvents.startsAt, earliest), inRooms(roomIds)))
      .orderBy(asc(roomEvents.startsAt), asc(roomEvents.id))
      .limit(limit)
      .offset(offset);
    return rows.map(flat);
  }

  /** Events of these rooms, by a qb plan made with adminEventFields. */
  async adminList(plan: QbPlan, roomIds: number[]) {
    const where = and(plan.whereSql, inRooms(roomIds));
    const rows = await this.select()
      .where(where)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
    const [{ n }] = await this.count(where);
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
   * EVT-REMIND-2: events of these rooms on now whose start has not been announced, each claimed
   * by this transaction (locked; other processes skip them).
   */
  async claimStarted(now: Date, roomIds: number[], limit: number): Promise<EventRecord[]> {
    const ids = await this.db
      .select({ id: roomEvents.id })
      .from(roomEvents)
      .where(and(startedUnannounced(now), inRooms(roomIds)))
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
