import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { communities, eventCounts, eventCountSweep } from './schema';

/**
 * EVT-LIST-2: the kept counts of upcoming events per room (and community), for the upcoming
 * list's rooms and total without counting the events. The trigger on room_events (migration
 * 0025) keeps `event_counts` = the events ending after `swept_at`; a read sweeps it forward first
 * when the earliest of them (`next_end`) has passed (rarely: once per event's end).
 */
export class EventCounts {
  constructor(private readonly db: Db) {}

  /**
   * The upcoming events per room at `now`, of one room or community if given, and of public
   * communities only (or none) when `publicOnly` (EVT-VIS-1, the community's part); swept first
   * when an event counted has ended. Null when nothing is kept (then count the events).
   */
  async perRoom(
    f: { roomId?: number; communityId?: number; publicOnly: boolean },
    now: Date,
  ): Promise<Map<number, number> | null> {
    for (let pass = 0; pass < 2; pass++) {
      const rows = await this.db
        .select({
          roomId: eventCounts.roomId,
          n: sql<number>`sum(${eventCounts.upcoming})::int`,
          nextEnd: sql<string | null>`(select next_end from event_count_sweep where id = 1)`,
        })
        .from(eventCounts)
        .leftJoin(communities, eq(communities.id, eventCounts.communityId))
        .where(
          and(
            gt(eventCounts.upcoming, 0),
            f.roomId === undefined ? undefined : eq(eventCounts.roomId, f.roomId),
            f.communityId === undefined ? undefined : eq(eventCounts.communityId, f.communityId),
            f.publicOnly
              ? sql`(${communities.id} is null or ${communities.visibility} = 'PUBLIC')`
              : undefined,
          ),
        )
        .groupBy(eventCounts.roomId);
      const nextEnd = rows.length ? rows[0].nextEnd : await this.nextEnd();
      if (nextEnd === undefined) return null;
      if (pass === 0 && nextEnd !== null && new Date(nextEnd) <= now) {
        await this.sweep(now);
        continue;
      }
      return new Map(rows.map((r) => [r.roomId, Number(r.n)]));
    }
    return null;
  }

  /** The sweep's next end (undefined: nothing kept). */
  private async nextEnd(): Promise<string | null | undefined> {
    const [state] = await this.db.select().from(eventCountSweep).where(eq(eventCountSweep.id, 1));
    return state ? (state.nextEnd?.toISOString() ?? null) : undefined;
  }

  /** Brings the counts up to `now` (one process at a time: the sweep's row is locked). */
  private async sweep(now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(eventCountSweep)
        .where(eq(eventCountSweep.id, 1))
        .for('update');
      if (!locked?.nextEnd || locked.nextEnd > now) return;
      const at = now.toISOString();
      await tx.execute(sql`
        update event_counts c set upcoming = c.upcoming - x.n from (
          select room_id, coalesce(community_id, 0) as community_id, count(*)::int as n
          from room_events
          where ends_at > ${locked.sweptAt.toISOString()}::timestamptz and ends_at <= ${at}::timestamptz
          group by 1, 2
        ) x where c.room_id = x.room_id and c.community_id = x.community_id`);
      await tx.execute(sql`
        update event_count_sweep set swept_at = ${at}::timestamptz,
          next_end = (select min(ends_at) from room_events where ends_at > ${at}::timestamptz)
        where id = 1`);
    });
  }
}
