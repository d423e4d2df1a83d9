import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnalyticsTopic } from '@tt/protocol';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Analytics events (spec §3 topics), one row per event as a client sent it, stamped with the
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
