import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnalyticsTopic, ModerationActionType } from '@tt/protocol';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Analytics events (ANALYTICS_TOPICS), one row per event as a client sent it, stamped with the
 * caller. Play topics also keep their play id (one event per topic and play), the song's short id
 * and the seconds played, for the per-song counts.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').$type<AnalyticsTopic>().notNull(),
    /** From the caller's token, never from the body. */
    userUuid: uuid('user_uuid').notNull(),
    isGuest: boolean('is_guest').notNull(),
    playId: uuid('play_id'),
    songShortId: text('song_short_id'),
    secondsPlayed: doublePrecision('seconds_played'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The client's clock. */
    occurredAt: ts('occurred_at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    // NULL play ids (the other topics) never collide.
    uniqueIndex('analytics_events_play_idx').on(t.topic, t.playId),
    index('analytics_events_topic_idx').on(t.topic, t.occurredAt),
    index('analytics_events_user_idx').on(t.userUuid, t.occurredAt),
    index('analytics_events_song_idx').on(t.songShortId, t.topic),
  ],
);

export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;
export type NewAnalyticsEventRow = typeof analyticsEvents.$inferInsert;

/**
 * The moderation log (AUDIT-MOD-*): what moderators did, recorded by the services that acted
 * (`eventId` names the work event, so a second delivery records nothing) or written by staff.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serial('id').primaryKey(),
    eventId: uuid('event_id'),
    actorUuid: uuid('actor_uuid'),
    targetUuid: uuid('target_uuid').notNull(),
    actionType: text('action_type').$type<ModerationActionType>().notNull(),
    roomUuid: uuid('room_uuid'),
    previousRole: text('previous_role'),
    role: text('role'),
    reason: text('reason').notNull().default(''),
    until: ts('until'),
    source: text('source').$type<'recorded' | 'manual'>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('moderation_actions_event_idx').on(t.eventId),
    index('moderation_actions_target_idx').on(t.targetUuid, t.createdAt),
    index('moderation_actions_time_idx').on(t.createdAt),
  ],
);
export type ModerationActionRow = typeof moderationActions.$inferSelect;

/** Songs played in rooms (from `room.songPlayed`), for the analytics charts (AUDIT-STATS-1). */
export const auditPlays = pgTable(
  'audit_plays',
  {
    eventId: uuid('event_id').primaryKey(),
    roomUuid: uuid('room_uuid').notNull(),
    djUuid: uuid('dj_uuid').notNull(),
    songId: text('song_id').notNull(),
    trackName: text('track_name'),
    artistName: text('artist_name'),
    listeners: integer('listeners').notNull(),
    likes: integer('likes').notNull(),
    stars: integer('stars').notNull(),
    playedSeconds: integer('played_seconds').notNull(),
    endedAt: ts('ended_at').notNull(),
  },
  (t) => [index('audit_plays_time_idx').on(t.endedAt)],
);
