import { and, count, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { MinimalSongDto, VoteCounts } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { isoText } from '../../platform/db/iso-text';
import { UUID_RE } from './rooms.repository';
import { recentSongKey, recentSongs, roomLiveStates, roomVisits, rooms } from './schema';

export type RecentSongRow = typeof recentSongs.$inferSelect;

/** SQL for what happens in rooms: visits, songs played, persisted live state. */
export class RoomActivityRepository {
  constructor(private readonly db: Db) {}

  // ---- recently visited rooms ----

  async recordVisit(userUuid: string, roomId: number): Promise<void> {
    const now = new Date();
    await this.db
      .insert(roomVisits)
      .values({ userUuid, roomId, visitedAt: now })
      .onConflictDoUpdate({
        target: [roomVisits.userUuid, roomVisits.roomId],
        set: { visitedAt: now },
      });
  }

  /**
   * Live rooms the user visited, most recent first. ROOM-LIST-2: the page and its total in one
   * statement; the page walks room_visits_recent_idx backwards and stops after it, the total counts
   * the user's visits from the primary key alone, less those of deleted rooms (rooms_deleted_idx
   * holds only those), so no read joins every visit to its room. ROOM-LIST-4: the page is the
   * rooms' ids and visit times only; their rows come from what the lists keep (ROOM-LIST-3).
   */
  async visits(
    userUuid: string,
    limit: number,
    offset: number,
  ): Promise<{
    rows: { roomId: number; visitedAt: string }[];
    total: number;
    content: number | null;
  }> {
    if (!UUID_RE.test(userUuid)) return { rows: [], total: 0, content: null };
    const total = sql<number>`(select count(*) from room_visits v where v.user_uuid = ${userUuid}
      and not exists (select 1 from rooms r where r.id = v.room_id and r.deleted_at is not null))`;
    // ROOM-LIST-3: the rooms' content version, read in the page's own statement.
    const content = sql<number | null>`(select content from room_list_version where id = 1)`;
    const page = await this.db
      .select({
        roomId: roomVisits.roomId,
        visitedAt: isoText(roomVisits.visitedAt),
        total: total.mapWith(Number),
        content: content.mapWith((v: unknown) => (v === null ? null : Number(v))),
      })
      .from(roomVisits)
      .innerJoin(rooms, eq(rooms.id, roomVisits.roomId))
      .where(and(eq(roomVisits.userUuid, userUuid), isNull(rooms.deletedAt)))
      .orderBy(desc(roomVisits.visitedAt), desc(roomVisits.roomId))
      .limit(limit)
      .offset(offset);
    if (page.length) {
      return {
        rows: page.map(({ roomId, visitedAt }) => ({ roomId, visitedAt })),
        total: page[0]!.total,
        content: page[0]!.content,
      };
    }
    // Past the end (or no visits): the total alone.
    const [{ n }] = await this.db.select({ n: total.mapWith(Number) }).from(sql`(select 1) one`);
    return { rows: [], total: n, content: null };
  }

  /** NOTIFY-ROOM-1: who visited the room since `since`, most recent first. */
  async visitors(roomId: number, since: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ u: roomVisits.userUuid })
      .from(roomVisits)
      .where(and(eq(roomVisits.roomId, roomId), gte(roomVisits.visitedAt, since)))
      .orderBy(desc(roomVisits.visitedAt))
      .limit(limit);
    return rows.map((r) => r.u);
  }

  // ---- recent songs and played time ----

  async songStarted(input: {
    roomId: number;
    song: MinimalSongDto;
    djUuid: string;
    playedAt: Date;
  }): Promise<number> {
    // RR-TIMER-3: one row per start of a song in a room, however often its start is recorded.
    const [known] = await this.db
      .select({ id: recentSongs.id })
      .from(recentSongs)
      .where(and(eq(recentSongs.roomId, input.roomId), eq(recentSongs.playedAt, input.playedAt)))
      .limit(1);
    if (known) return known.id;
    const [row] = await this.db.insert(recentSongs).values(input).returning({ id: recentSongs.id });
    return row.id;
  }

  /** Stores a play's votes and time; answers its room's id, or null when there is no such play. */
  async songEnded(
    id: number,
    voteCounts: VoteCounts,
    playedSeconds: number,
  ): Promise<number | null> {
    const updated = await this.db
      .update(recentSongs)
      .set({ voteCounts, playedSeconds })
      .where(eq(recentSongs.id, id))
      .returning({ roomId: recentSongs.roomId });
    return updated[0]?.roomId ?? null;
  }

  /** ROOM-RULES-8: was a song of this key ever played in the room (recent_songs_room_key_idx). */
  async playedBefore(roomId: number, key: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: recentSongs.id })
      .from(recentSongs)
      .where(and(eq(recentSongs.roomId, roomId), sql`${recentSongKey(recentSongs.song)} = ${key}`))
      .limit(1);
    return rows.length > 0;
  }

  /** The room's plays, newest first. */
  async songs(
    roomId: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: RecentSongRow[]; total: number }> {
    const rows = await this.db
      .select()
      .from(recentSongs)
      .where(eq(recentSongs.roomId, roomId))
      .orderBy(desc(recentSongs.playedAt), desc(recentSongs.id))
      .limit(limit)
      .offset(offset);
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(recentSongs)
      .where(eq(recentSongs.roomId, roomId));
    return { rows, total: Number(n) };
  }

  async playedSeconds(roomId: number): Promise<number> {
    const [row] = await this.db
      .select({ s: sql<string>`coalesce(sum(${recentSongs.playedSeconds}), 0)` })
      .from(recentSongs)
      .where(eq(recentSongs.roomId, roomId));
    return Number(row.s);
  }

  /** Played seconds of every live room that played anything, most first. */
  async playedSecondsByRoom(): Promise<
    { roomUuid: string; slug: string; playedSeconds: number }[]
  > {
    const total = sql<string>`sum(${recentSongs.playedSeconds})`;
    const rows = await this.db
      .select({ roomUuid: rooms.uuid, slug: rooms.slug, s: total })
      .from(recentSongs)
      .innerJoin(rooms, eq(rooms.id, recentSongs.roomId))
      .where(isNull(rooms.deletedAt))
      .groupBy(rooms.id)
      .orderBy(desc(total), rooms.id);
    return rows.map((r) => ({ roomUuid: r.roomUuid, slug: r.slug, playedSeconds: Number(r.s) }));
  }

  async songsPlayed(): Promise<number> {
    const [{ n }] = await this.db.select({ n: count() }).from(recentSongs);
    return Number(n);
  }

  // ---- persisted live state ----

  async loadLiveState(roomId: number): Promise<Record<string, unknown> | null> {
    const [row] = await this.db
      .select({ state: roomLiveStates.state })
      .from(roomLiveStates)
      .where(eq(roomLiveStates.roomId, roomId));
    return row?.state ?? null;
  }

  /**
   * Writes (or with null, deletes) the room's live state. With a fencing token (ROOM-OWNER-2) the
   * write is refused — false — when the stored state was written under a larger one.
   */
  async saveLiveState(
    roomId: number,
    state: Record<string, unknown> | null,
    fence?: number,
  ): Promise<boolean> {
    const fenced = fence === undefined ? undefined : lte(roomLiveStates.fence, fence);
    if (state === null) {
      const mine = eq(roomLiveStates.roomId, roomId);
      const gone = await this.db
        .delete(roomLiveStates)
        .where(fenced ? and(mine, fenced) : mine)
        .returning({ roomId: roomLiveStates.roomId });
      if (gone.length > 0 || !fenced) return true;
      const [left] = await this.db
        .select({ id: roomLiveStates.roomId })
        .from(roomLiveStates)
        .where(mine);
      return !left;
    }
    const now = new Date();
    const rows = await this.db
      .insert(roomLiveStates)
      .values({ roomId, state, version: 1, fence: fence ?? 0, updatedAt: now })
      .onConflictDoUpdate({
        target: roomLiveStates.roomId,
        set: {
          state,
          version: sql`${roomLiveStates.version} + 1`,
          ...(fence === undefined ? {} : { fence }),
          updatedAt: now,
        },
        ...(fenced ? { setWhere: fenced } : {}),
      })
      .returning({ roomId: roomLiveStates.roomId });
    return rows.length > 0;
  }

  /** Uuids of live rooms with persisted live state. */
  async liveRoomUuids(): Promise<string[]> {
    const rows = await this.db
      .select({ uuid: rooms.uuid })
      .from(roomLiveStates)
      .innerJoin(rooms, eq(rooms.id, roomLiveStates.roomId))
      .where(isNull(rooms.deletedAt))
      .orderBy(rooms.id);
    return rows.map((r) => r.uuid);
  }
}
