import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CommunityRole, CommunityVisibility } from '@tt/protocol';
// Only for the foreign keys to rooms, which the database keeps (a deleted room takes its events
// and community places with it); the community module never queries the room service's tables.
import { rooms } from '../room/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Communities: rooms and people gathered under one name (COMM-* rules). */
export const communities = pgTable(
  'communities',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    bannerUrl: text('banner_url'),
    visibility: text('visibility').$type<CommunityVisibility>().notNull().default('PUBLIC'),
    ownerUuid: uuid('owner_uuid').notNull(),
    /** COMM-LIST-1: kept by a trigger on community_members (migration 0026). */
    memberCount: integer('member_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('communities_slug_idx').on(sql`lower(${t.slug})`),
    index('communities_owner_idx').on(t.ownerUuid),
    index('communities_public_idx').on(t.visibility, t.memberCount.desc(), t.id),
  ],
);

export const communityMembers = pgTable(
  'community_members',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid').notNull(),
    role: text('role').$type<CommunityRole>().notNull().default('member'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userUuid] }),
    index('community_members_user_idx').on(t.userUuid, t.joinedAt),
  ],
);

export const communityRooms = pgTable(
  'community_rooms',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by').notNull(),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.roomId] }),
    index('community_rooms_room_idx').on(t.roomId),
  ],
);

/** Events: a scheduled set in a room (EVT-* rules). */
export const roomEvents = pgTable(
  'room_events',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    posterUrl: text('poster_url'),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    communityId: integer('community_id').references(() => communities.id, {
      onDelete: 'set null',
    }),
    hostUuid: uuid('host_uuid').notNull(),
    lineup: jsonb('lineup').$type<string[]>().notNull().default([]),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    /** EVT-REMIND-2: set once, when the reminders of this start were handed to the outbox. */
    announcedStart: ts('announced_start'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('room_events_slug_idx').on(sql`lower(${t.slug})`),
    index('room_events_room_idx').on(t.roomId, t.startsAt),
    index('room_events_time_idx').on(t.endsAt, t.startsAt),
    // EVT-LIST-1: the upcoming list walks this in order and stops at its page.
    index('room_events_start_idx').on(t.startsAt, t.id),
  ],
);

/**
 * EVT-LIST-2: how many events of each room (and community; 0: none) end after `swept_at` — kept
 * by a trigger on room_events (every insert, move and delete, cascades included; see the
 * migration 0025) and swept forward when the earliest of them (`next_end`) has passed.
 */
export const eventCounts = pgTable(
  'event_counts',
  {
    roomId: integer('room_id').notNull(),
    communityId: integer('community_id').notNull(),
    upcoming: integer('upcoming').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.communityId] })],
);

/** EVT-LIST-2: the one row saying up to when event_counts has been swept. */
export const eventCountSweep = pgTable('event_count_sweep', {
  id: integer('id').primaryKey(),
  sweptAt: ts('swept_at').notNull(),
  nextEnd: ts('next_end'),
});

export const eventRsvps = pgTable(
  'event_rsvps',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => roomEvents.id, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userUuid] }),
    index('event_rsvps_user_idx').on(t.userUuid),
  ],
);
