import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { AnalyticsSummaryDto } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import type { Platform } from '../../platform/service';
import { analyticsEvents, auditPlays } from './schema';

const TOP = 10;
const day = (col: unknown) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * AUDIT-STATS-1: every finished song becomes one row of audit_plays (work delivery, once per
 * play); the summary counts plays, listeners, chat messages, top songs, DJs and rooms from it.
 */
export class AnalyticsSummary {
  private readonly db: Db;

  constructor(private readonly platform: Pick<Platform, 'db' | 'outbox' | 'ports'>) {
    this.db = platform.db;
    platform.outbox.consume('room.songPlayed', 'audit.plays', async (e, meta) => {
      await this.db
        .insert(auditPlays)
        .values({
          eventId: meta.eventId,
          roomUuid: e.roomUuid,
          djUuid: e.djUuid,
          songId: e.songId,
          trackName: e.trackName ?? null,
          artistName: e.artistName ?? null,
          listeners: e.listeners.length,
          likes: e.likers.length,
          stars: e.starrers.length,
          playedSeconds: e.playedSeconds,
          endedAt: new Date(e.endedAt),
        })
        .onConflictDoNothing();
    });
  }

  async summary(days: number): Promise<AnalyticsSummaryDto> {
    const since = new Date(Date.now() - days * 86_400_000);
    const recent = gte(auditPlays.endedAt, since);
    const playsPerDay = await this.db
      .select({
        day: day(auditPlays.endedAt),
        plays: count(),
        listeners: sql<number>`coalesce(sum(${auditPlays.listeners}), 0)::int`,
      })
      .from(auditPlays)
      .where(recent)
      .groupBy(day(auditPlays.endedAt))
      .orderBy(day(auditPlays.endedAt));
    const chatPerDay = await this.db
      .select({ day: day(analyticsEvents.occurredAt), messages: count() })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.topic, 'chatMessage'), gte(analyticsEvents.occurredAt, since)))
      .groupBy(day(analyticsEvents.occurredAt))
      .orderBy(day(analyticsEvents.occurredAt));
    const likes = sql<number>`coalesce(sum(${auditPlays.likes}), 0)::int`;
    const topSongs = await this.db
      .select({
        songId: auditPlays.songId,
        trackName: sql<string | null>`max(${auditPlays.trackName})`,
        artistName: sql<string | null>`max(${auditPlays.artistName})`,
        plays: count(),
        likes,
      })
      .from(auditPlays)
      .where(recent)
      .groupBy(auditPlays.songId)
      .orderBy(desc(count()), desc(likes), auditPlays.songId)
      .limit(TOP);
    const djs = await this.db
      .select({ djUuid: auditPlays.djUuid, plays: count(), likes })
      .from(auditPlays)
      .where(recent)
      .groupBy(auditPlays.djUuid)
      .orderBy(desc(likes), desc(count()), auditPlays.djUuid)
      .limit(TOP);
    const rooms = await this.db
      .select({
        roomUuid: auditPlays.roomUuid,
        plays: count(),
        averageListeners: sql<number>`round(avg(${auditPlays.listeners}), 1)::float`,
        peakListeners: sql<number>`max(${auditPlays.listeners})::int`,
      })
      .from(auditPlays)
      .where(recent)
      .groupBy(auditPlays.roomUuid)
      .orderBy(desc(sql`avg(${auditPlays.listeners})`), auditPlays.roomUuid)
      .limit(TOP);
    const { ports } = this.platform;
    const profiles = (await ports.users?.profiles(djs.map((d) => d.djUuid))) ?? [];
    const names = new Map(profiles.map((p) => [p.uuid, p.nickname]));
    const roomNames = await Promise.all(rooms.map((r) => ports.rooms?.get(r.roomUuid)));
    return {
      days,
      playsPerDay: playsPerDay.map((r) => ({ ...r, plays: Number(r.plays) })),
      chatPerDay: chatPerDay.map((r) => ({ ...r, messages: Number(r.messages) })),
      topSongs: topSongs.map((r) => ({ ...r, plays: Number(r.plays), likes: Number(r.likes) })),
      topDjs: djs.map((d) => ({
        ...d,
        plays: Number(d.plays),
        likes: Number(d.likes),
        nickname: names.get(d.djUuid) ?? null,
      })),
      rooms: rooms.map((r, i) => ({
        ...r,
        plays: Number(r.plays),
        averageListeners: Number(r.averageListeners),
        name: roomNames[i]?.name ?? null,
      })),
    };
  }
}
