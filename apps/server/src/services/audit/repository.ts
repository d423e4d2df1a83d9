import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { PLAY_TOPICS, type AnalyticsTopic } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { analyticsEvents, type AnalyticsEventRow, type NewAnalyticsEventRow } from './schema';

export interface AnalyticsFilter {
  topic?: AnalyticsTopic;
  userUuid?: string;
  since?: Date;
}

export interface SongPlayCounts {
  userSong15Seconds: number;
  userSong30Seconds: number;
  userSongTotalPlayed: number;
  secondsPlayed: number;
  listeners: number;
}

/** SQL for the analytics events. */
export class AnalyticsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserts the events; a play event whose (topic, play id) is already stored is skipped.
   * Answers the rows created.
   */
  async insertNew(rows: NewAnalyticsEventRow[], db: Db = this.db): Promise<AnalyticsEventRow[]> {
    if (rows.length === 0) return [];
    return db.insert(analyticsEvents).values(rows).onConflictDoNothing().returning();
  }

  /** A page of events, the latest to occur first, and how many match. */
  async list(
    filter: AnalyticsFilter,
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: AnalyticsEventRow[] }> {
    const conditions: SQL[] = [];
    if (filter.topic) conditions.push(eq(analyticsEvents.topic, filter.topic));
    if (filter.userUuid) conditions.push(eq(analyticsEvents.userUuid, filter.userUuid));
    if (filter.since) conditions.push(gte(analyticsEvents.occurredAt, filter.since));
    const where = conditions.length ? and(...conditions) : undefined;
    const [{ n }] = await this.db.select({ n: count() }).from(analyticsEvents).where(where);
    const rows = await this.db
      .select()
      .from(analyticsEvents)
      .where(where)
      .orderBy(desc(analyticsEvents.occurredAt), desc(analyticsEvents.id))
      .limit(limit)
      .offset(offset);
    return { total: Number(n), rows };
  }

  /** The play events of one song, counted by topic, with the seconds of the totals. */
  async songPlays(songShortId: string, since?: Date): Promise<SongPlayCounts> {
    const e = analyticsEvents;
    const of = (topic: AnalyticsTopic) => sql`count(*) filter (where ${e.topic} = ${topic})`;
    const [row] = await this.db
      .select({
        s15: of('userSong15Seconds').mapWith(Number),
        s30: of('userSong30Seconds').mapWith(Number),
        totals: of('userSongTotalPlayed').mapWith(Number),
        seconds:
          sql`coalesce(sum(${e.secondsPlayed}) filter (where ${e.topic} = 'userSongTotalPlayed'), 0)`.mapWith(
            Number,
          ),
        listeners: sql`count(distinct ${e.userUuid})`.mapWith(Number),
      })
      .from(e)
      .where(
        and(
          eq(e.songShortId, songShortId),
          inArray(e.topic, [...PLAY_TOPICS]),
          since ? gte(e.occurredAt, since) : undefined,
        ),
      );
    return {
      userSong15Seconds: row?.s15 ?? 0,
      userSong30Seconds: row?.s30 ?? 0,
      userSongTotalPlayed: row?.totals ?? 0,
      secondsPlayed: row?.seconds ?? 0,
      listeners: row?.listeners ?? 0,
    };
  }
}
