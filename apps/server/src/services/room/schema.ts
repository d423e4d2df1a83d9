import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
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
import type {
  DislikesMode,
  DjType,
  MinimalSongDto,
  PinnedMessageDto,
  RoomRules,
  RoomDesign,
  RoomMusicProvider,
  RoomType,
  RoomUserRole,
  VoteCounts,
} from '@tt/protocol';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A room's configuration (RoomDto). Live state lives in room_live_states. */
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    vibe: text('vibe').notNull().default(''),
    djType: text('dj_type').$type<DjType>().notNull().default('EVERYONE'),
    type: text('type').$type<RoomType>().notNull().default('PUBLIC'),
    design: text('design').$type<RoomDesign>().notNull().default('CLUB'),
    musicProviderKeys: jsonb('music_provider_keys')
      .$type<RoomMusicProvider[]>()
      .notNull()
      .default([]),
    numberOfDjs: integer('number_of_djs').notNull().default(5),
    songsPerDj: integer('songs_per_dj').notNull().default(0),
    roomSize: integer('room_size').notNull().default(200),
    entryFee: integer('entry_fee').notNull().default(0),
    freeEntries: integer('free_entries').notNull().default(0),
    passwordHash: text('password_hash'),
    guestPasswordHash: text('guest_password_hash'),
    isLive: boolean('is_live').notNull().default(true),
    liveAudio: boolean('live_audio').notNull().default(false),
    /** VOTE-PLAY-3 */
    dislikes: text('dislikes').$type<DislikesMode>().notNull().default('on'),
    /** ROOM-RULES-1..4: null, no rules. */
    rules: jsonb('rules').$type<RoomRules>(),
    promoted: boolean('promoted').notNull().default(false),
    hasChat: boolean('has_chat').notNull().default(true),
    unlisted: boolean('unlisted').notNull().default(false),
    posterKey: text('poster_key'),
    posterUrl: text('poster_url'),
    externalUrl: text('external_url'),
    pinnedMessages: jsonb('pinned_messages').$type<PinnedMessageDto[]>().notNull().default([]),
    discordGuildId: text('discord_guild_id'),
    conversationId: text('conversation_id'),
    createdBy: uuid('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('rooms_slug_idx')
      .on(sql`lower(${t.slug})`)
      .where(sql`${t.deletedAt} is null`),
    index('rooms_listing_idx').on(t.type, t.unlisted, t.promoted),
    index('rooms_discord_idx').on(t.discordGuildId),
    // ROOM-LIST-1: the public list's order (read backwards: newest first) with the uuid.
    index('rooms_public_idx')
      .on(t.createdAt, t.id, t.uuid)
      .where(
        sql`${t.type} = 'PUBLIC' and not ${t.unlisted} and ${t.isLive} and ${t.deletedAt} is null`,
      ),
    // ROOM-LIST-2: the few deleted rooms, left out of a user's visit count.
    index('rooms_deleted_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

/** Roles of users in a room (owner, moderators, DJs, bans...), optionally expiring. */
export const roomUserRoles = pgTable(
  'room_user_roles',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid').notNull(),
    role: text('role').$type<RoomUserRole>().notNull(),
    expirationTime: ts('expiration_time'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('room_user_roles_unique_idx').on(t.roomId, t.userUuid, t.role),
    index('room_user_roles_user_idx').on(t.userUuid),
  ],
);

/** Recently visited rooms per user. */
export const roomVisits = pgTable(
  'room_visits',
  {
    userUuid: uuid('user_uuid').notNull(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    visitedAt: ts('visited_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userUuid, t.roomId] }),
    // ROOM-LIST-2: a user's visits in the list's order (newest, then the higher room id).
    index('room_visits_recent_idx').on(t.userUuid, t.visitedAt, t.roomId),
    index('room_visits_room_idx').on(t.roomId, t.visitedAt),
  ],
);

/** Songs played in a room, newest first: the recent-songs list and played time. */
export const recentSongs = pgTable(
  'recent_songs',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    song: jsonb('song').$type<MinimalSongDto>().notNull(),
    djUuid: uuid('dj_uuid').notNull(),
    voteCounts: jsonb('vote_counts')
      .$type<VoteCounts>()
      .notNull()
      .default({ likes: 0, dislikes: 0, stars: 0 }),
    playedAt: ts('played_at').notNull().defaultNow(),
    /** Seconds actually played (less than the duration when skipped); set when the song ends. */
    playedSeconds: integer('played_seconds').notNull().default(0),
  },
  (t) => [
    index('recent_songs_room_idx').on(t.roomId, t.playedAt),
    // ROOM-RULES-8: "was this song ever played here", by the song's key (songKey in realtime).
    index('recent_songs_room_key_idx').on(t.roomId, recentSongKey(t.song)),
  ],
);

/**
 * ROOM-RULES-2/8: the key that says two plays are the same song, in SQL: the song's short id, or
 * its artist and title in lower case (as songKey in realtime/rules/room-rules.ts).
 */
export function recentSongKey(song: AnyPgColumn) {
  return sql`coalesce(${song}->>'songShortId', lower((${song}->>'artistName') || ' – ' || (${song}->>'trackName')))`;
}

/**
 * ROOM-LIST-1: one row whose version a trigger on rooms bumps whenever the public list's rooms may
 * change (a room added, deleted or truncated, or its type, listing, live flag, deletion or creation
 * time changed), so a process may keep the list's order while the version stays the same.
 */
export const roomListVersion = pgTable('room_list_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /**
   * ROOM-LIST-3: bumped by every statement that writes rooms or room roles, so a process may keep
   * the listed rooms' rows and roles while it stays the same.
   */
  content: bigint('content', { mode: 'number' }).notNull().default(0),
});

/** The live state of a room, persisted so a restart re-arms the end-of-song timer. */
export const roomLiveStates = pgTable('room_live_states', {
  roomId: integer('room_id')
    .primaryKey()
    .references(() => rooms.id, { onDelete: 'cascade' }),
  state: jsonb('state').$type<Record<string, unknown>>().notNull(),
  /** Bumped on every write, for optimistic concurrency when several processes run. */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /** ROOM-OWNER-2: the fencing token of the owner that wrote it; a smaller one is refused. */
  fence: bigint('fence', { mode: 'number' }).notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
