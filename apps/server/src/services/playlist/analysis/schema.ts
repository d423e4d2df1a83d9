import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * ANALYSIS-1..3: Spotify tracks sent to the music-analysis service and what became of them
 * (`enqueued`, then `finished` or `failed` when its webhook says so).
 */
export const trackAnalyses = pgTable('track_analyses', {
  spotifyId: text('spotify_id').primaryKey(),
  status: text('status').notNull(),
  /** The analysis event's type (e.g. AudioAnalysisV6) as the webhook named it. */
  eventType: text('event_type'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
