import {
  ADMIN_EVENT_QB_FIELDS,
  RESERVED_ROOM_SLUGS,
  type CreateEventReq,
  type EventDto,
  type QbQuery,
  type UpdateEventReq,
} from '@tt/protocol';
import { eventStatus, eventTimeProblem, slugCandidates, slugify } from '@tt/rules';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db/index';
import { isUniqueViolation } from '../../platform/db/errors';
import { fail } from '../../platform/errors';
import { eventIdOf } from '../../platform/outbox/outbox';
import type { RoomRef } from '../../platform/ports';
import { qbPageOf, qbPlan } from '../../platform/qb';
import { can } from '@tt/rules';
import { requireAccess } from '../../platform/access';
import type { CommunitiesService } from './communities.service';
import type { CommunityCore, Viewer } from './core';
import { EventCounts } from './events.counts';
import {
  adminEventFields,
  EventsRepository,
  type EventFilter,
  type EventRecord,
  type NewEvent,
} from './events.repository';

const iso = (d: Date) => d.toISOString();

/** An event with its room, as the room service names it. */
type FullEvent = EventRecord & { room: RoomRef };

/** The events whose room is among `rooms` (the others' rooms are deleted), with their room. */
const placed = (rows: EventRecord[], rooms: Map<number, RoomRef>): FullEvent[] =>
  rows.flatMap((e) => {
    const room = rooms.get(e.roomId);
    return room ? [{ ...e, room }] : [];
  });

/** Events (EVT-* rules in docs/COMMUNITY-RULES.md): schedule, list, remind, calendar files. */
export class EventsService {
  readonly repo: EventsRepository;
  private readonly counts: EventCounts;

  constructor(
    private readonly core: CommunityCore,
    private readonly communities: CommunitiesService,
  ) {
    this.repo = new EventsRepository(core.platform.db);
    this.counts = new EventCounts(core.platform.db);
  }

  private toDto(e: FullEvent, rsvped: boolean, now = Date.now()): EventDto {
    return {
      id: e.id,
      uuid: e.uuid,
      slug: e.slug,
      name: e.name,
      description: e.description,
      posterUrl: e.posterUrl,
      roomUuid: e.room.uuid,
      roomSlug: e.room.slug,
      roomName: e.room.name,
      communityUuid: e.communityUuid,
      hostUuid: e.hostUuid,
      lineup: e.lineup,
      startsAt: iso(e.startsAt),
      endsAt: iso(e.endsAt),
      status: eventStatus(e.startsAt.getTime(), e.endsAt.getTime(), now),
      rsvpCount: e.rsvpCount,
      rsvped,
      createdAt: iso(e.createdAt),
      updatedAt: iso(e.updatedAt),
    };
  }

  private async dtos(rows: FullEvent[], viewer: Viewer): Promise<EventDto[]> {
    const mine =
      viewer && !viewer.isGuest
        ? await this.repo.rsvped(
            rows.map((r) => r.id),
            viewer.uuid,
          )
        : new Set<number>();
    return rows.map((r) => this.toDto(r, mine.has(r.id)));
  }

  /** The event, with its room; none when its room was deleted. */
  private async find(key: string): Promise<FullEvent | undefined> {
    const event = await this.repo.find(key);
    if (!event) return undefined;
    return placed([event], await this.core.refs([event.roomId]))[0];
  }

  /**
   * EVT-VIS-1: the rooms whose events a list of `f` shows — rooms not deleted and, in public
   * lists, listed ones.
   */
  private async roomsOf(f: EventFilter): Promise<Map<number, RoomRef>> {
    return this.visible(f, await this.repo.roomIds(f));
  }

  private async visible(f: EventFilter, roomIds: number[]): Promise<Map<number, RoomRef>> {
    const rooms = await this.core.refs(roomIds);
    if (f.publicOnly) for (const [id, room] of rooms) if (!room.listed) rooms.delete(id);
    return rooms;
  }

  /** EVT-VIS-2: an event of a private community is for its members (others: not found). */
  private async see(viewer: Viewer, key: string): Promise<FullEvent> {
    const event = await this.find(key);
    if (!event) throw fail('EVENT_NOT_FOUND');
    if (event.communityUuid && event.communityPublic === false) {
      try {
        await this.communities.see(viewer, event.communityUuid);
      } catch {
        throw fail('EVENT_NOT_FOUND');
      }
    }
    return event;
  }

  async get(viewer: Viewer, key: string): Promise<EventDto> {
    const [dto] = await this.dtos([await this.see(viewer, key)], viewer);
    return dto;
  }

  /** EVT-VIS-1: lists show public events; a community's members also see its private ones. */
  async list(
    viewer: Viewer,
    q: {
      roomId?: string;
      communityId?: string;
      hostUuid?: string;
      when: 'upcoming' | 'past' | 'all';
      limit: number;
      offset: number;
    },
  ) {
    const roomId = q.roomId ? (await this.core.room(q.roomId)).id : undefined;
    let communityId: number | undefined;
    let member = false;
    if (q.communityId) {
      const { community, actor } = await this.communities.see(viewer, q.communityId);
      communityId = community.id;
      member = Boolean(actor.role || actor.admin);
    }
    const filter: EventFilter = {
      roomId,
      communityId,
      hostUuid: q.hostUuid,
      when: q.when,
      publicOnly: !member,
      now: new Date(),
    };
    if (q.when === 'upcoming' && !q.hostUuid) {
      // EVT-LIST-3: one kept answer for everybody; the viewer's reminders are their own.
      const key = JSON.stringify([roomId, communityId, filter.publicOnly, q.limit, q.offset]);
      const kept = await this.core.upcoming.get(key, () => this.upcomingPage(filter, q));
      if (kept) return { events: await this.dtos(kept.rows, viewer), total: kept.total };
    }
    const rooms = await this.roomsOf(filter);
    const { rows, total } = await this.repo.list(filter, [...rooms.keys()], q.limit, q.offset);
    return { events: await this.dtos(placed(rows, rooms), viewer), total };
  }

  /** EVT-LIST-1/2: the page from the start index; the rooms and total from the kept counts. */
  private async upcomingPage(filter: EventFilter, q: { limit: number; offset: number }) {
    const perRoom = await this.counts.perRoom(filter, filter.now);
    if (!perRoom) return null;
    const rooms = await this.visible(filter, [...perRoom.keys()]);
    let total = 0;
    for (const id of rooms.keys()) total += perRoom.get(id) ?? 0;
    const rows = await this.repo.upcomingPage(filter, [...rooms.keys()], q.limit, q.offset);
    return { rows: placed(rows, rooms), total };
  }

  /** EVT-ROOM-1: the room's owner, co-owners and moderators (and platform moderators) schedule. */
  private async roomFor(auth: AuthContext, key: string) {
    const room = await this.core.room(key);
    requireAccess(auth, 'community.event.schedule', { room });
    return room;
  }

  /** EVT-COMM-1: the community must hold the room. */
  private async communityFor(viewer: Viewer, key: string | null | undefined, roomId: number) {
    if (!key) return null;
    const { community } = await this.communities.see(viewer, key);
    if (!(await this.communities.repo.hasRoom(community.id, roomId)))
      throw fail('EVENT_ROOM_NOT_IN_COMMUNITY');
    return community.id;
  }

  private async checkSlug(slug: string, exceptId?: number) {
    if (RESERVED_ROOM_SLUGS.includes(slug) || (await this.repo.slugTaken(slug, exceptId)))
      throw fail('EVENT_SLUG_TAKEN');
  }

  private async freeSlug(name: string, startsAt: Date): Promise<string> {
    const base = slugify(name, 'event');
    const dated = slugCandidates(`${base}-${iso(startsAt).slice(0, 10)}`);
    for (const slug of [base, ...dated]) {
      if (!RESERVED_ROOM_SLUGS.includes(slug) && !(await this.repo.slugTaken(slug))) return slug;
    }
    throw fail('EVENT_SLUG_TAKEN');
  }

  /** EVT-TIME-1/2 and EVT-OVERLAP-1 for a (new or moved) time in a room. */
  private async checkTime(
    roomId: number,
    startsAt: Date,
    endsAt: Date,
    startChanged: boolean,
    exceptId?: number,
  ) {
    const problem = eventTimeProblem(
      startsAt.getTime(),
      endsAt.getTime(),
      Date.now(),
      startChanged,
    );
    if (problem) throw fail(problem);
    if (await this.repo.overlapping(roomId, startsAt, endsAt, exceptId))
      throw fail('EVENT_OVERLAP');
  }

  private async checkLineup(lineup: string[] | undefined) {
    for (const uuid of new Set(lineup ?? [])) await this.core.assertUserExists(uuid);
    return [...new Set(lineup ?? [])];
  }

  async create(auth: AuthContext, body: CreateEventReq): Promise<EventDto> {
    const room = await this.roomFor(auth, body.roomId);
    const startsAt = new Date(body.startsAt);
    const endsAt = new Date(body.endsAt);
    await this.checkTime(room.id, startsAt, endsAt, true);
    const communityId = await this.communityFor(auth, body.communityId, room.id);
    if (body.slug) await this.checkSlug(body.slug);
    const row: NewEvent = {
      name: body.name,
      slug: body.slug ?? (await this.freeSlug(body.name, startsAt)),
      description: body.description ?? '',
      posterUrl: body.posterUrl ?? null,
      roomId: room.id,
      communityId,
      hostUuid: auth.uuid,
      lineup: await this.checkLineup(body.lineup),
      startsAt,
      endsAt,
    };
    try {
      const created = await this.repo.insert(row);
      this.core.listsChanged(); // EVT-LIST-3
      // The host is reminded of their own event.
      await this.repo.rsvp(created.id, auth.uuid, true);
      return this.get(auth, created.uuid);
    } catch (err) {
      if (isUniqueViolation(err)) throw fail('EVENT_SLUG_TAKEN');
      throw err;
    }
  }

  /** EVT-EDIT-1: the host, the room's owner, co-owners and moderators, and admins. */
  private async editable(auth: AuthContext, key: string): Promise<FullEvent> {
    const event = await this.see(auth, key);
    if (can(auth, 'event.edit', { ownerUuid: event.hostUuid })) return event;
    const room = await this.core.room(event.room.uuid);
    requireAccess(auth, 'event.edit', { room, ownerUuid: event.hostUuid });
    return event;
  }

  async update(auth: AuthContext, key: string, body: UpdateEventReq): Promise<EventDto> {
    const event = await this.editable(auth, key);
    if (event.endsAt.getTime() <= Date.now()) throw fail('EVENT_ENDED');
    const room = body.roomId ? await this.roomFor(auth, body.roomId) : null;
    const roomId = room?.id ?? event.roomId;
    const startsAt = body.startsAt ? new Date(body.startsAt) : event.startsAt;
    const endsAt = body.endsAt ? new Date(body.endsAt) : event.endsAt;
    const startChanged = startsAt.getTime() !== event.startsAt.getTime();
    await this.checkTime(roomId, startsAt, endsAt, startChanged, event.id);
    const patch: Partial<NewEvent> = { startsAt, endsAt, roomId };
    if (body.name !== undefined) patch.name = body.name;
    if (body.description !== undefined) patch.description = body.description;
    if (body.posterUrl !== undefined) patch.posterUrl = body.posterUrl;
    if (body.lineup !== undefined) patch.lineup = await this.checkLineup(body.lineup);
    if (body.slug !== undefined && body.slug !== event.slug) {
      await this.checkSlug(body.slug, event.id);
      patch.slug = body.slug;
    }
    if (body.communityId !== undefined || room) {
      const key = body.communityId === undefined ? event.communityUuid : body.communityId;
      patch.communityId = await this.communityFor(auth, key, roomId);
    }
    try {
      await this.repo.update(event.id, patch);
      this.core.listsChanged(); // EVT-LIST-3
    } catch (err) {
      if (isUniqueViolation(err)) throw fail('EVENT_SLUG_TAKEN');
      throw err;
    }
    return this.get(auth, event.uuid);
  }

  async remove(auth: AuthContext, key: string) {
    const event = await this.editable(auth, key);
    await this.repo.remove(event.id);
    this.core.listsChanged(); // EVT-LIST-3
    return { success: true };
  }

  /** EVT-REMIND-1: remind me (or not); an ended event takes no more reminders. */
  async rsvp(auth: AuthContext, key: string, on: boolean): Promise<EventDto> {
    const event = await this.see(auth, key);
    if (on && event.endsAt.getTime() <= Date.now()) throw fail('EVENT_ENDED');
    await this.repo.rsvp(event.id, auth.uuid, on);
    return this.get(auth, event.uuid);
  }

  async adminList(auth: AuthContext, query: QbQuery) {
    const rooms = await this.core.refs(await this.repo.roomIds());
    const plan = qbPlan(query, adminEventFields([...rooms.values()]), {
      selectable: ADMIN_EVENT_QB_FIELDS,
      defaultLimit: 25,
      maxLimit: 100,
      defaultSort: [{ field: 'startsAt', dir: 'DESC' }],
      tiebreaker: 'id',
    });
    const { rows, total } = await this.repo.adminList(plan, [...rooms.keys()]);
    return qbPageOf(await this.dtos(placed(rows, rooms), auth), total, plan);
  }

  async adminGet(auth: AuthContext, key: string): Promise<EventDto> {
    const event = await this.find(key);
    if (!event) throw fail('EVENT_NOT_FOUND');
    return (await this.dtos([event], auth))[0];
  }

  /**
   * EVT-REMIND-2: hands each event that has started (and whose start was not announced yet) to
   * the outbox, in the transaction that marks it announced: once per event and start, whichever
   * process gets there first. Answers how many it announced. Events of deleted rooms are not
   * announced.
   */
  async announceDue(): Promise<number> {
    const { db, outbox } = this.core.platform;
    const now = new Date();
    // The rooms are asked before the transaction: the room service reads outside it.
    const rooms = await this.core.refs(await this.repo.startedRoomIds(now));
    if (rooms.size === 0) return 0;
    const n = await db.transaction(async (tx) => {
      const repo = new EventsRepository(tx as unknown as Db);
      const due = placed(await repo.claimStarted(now, [...rooms.keys()], 50), rooms);
      for (const e of due) {
        const recipients = new Set([...(await repo.rsvpUuids(e.id)), e.hostUuid, ...e.lineup]);
        await outbox.add(
          tx as unknown as Db,
          'event.started',
          {
            eventUuid: e.uuid,
            name: e.name,
            slug: e.slug,
            roomUuid: e.room.uuid,
            roomSlug: e.room.slug,
            roomName: e.room.name,
            hostUuid: e.hostUuid,
            recipients: [...recipients],
            startsAt: iso(e.startsAt),
          },
          eventIdOf(`event-start:${e.uuid}:${iso(e.startsAt)}`),
        );
        await repo.markAnnounced(e.id, e.startsAt);
      }
      return due.length;
    });
    if (n) outbox.kick();
    return n;
  }
}
