import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { SpecialCrate } from '@tt/protocol';
import { CRATE_THUMBNAIL_POSITIONS } from '@tt/rules';
import type { Db } from '../../../platform/db/index';
import {
  crates,
  crateSongs,
  type CrateRow,
  type CrateSongRow,
  type NewCrateSongRow,
} from './schema';

/** Which crates a list shows: every one, all but the queue, or none of the special ones. */
export type SpecialFilter = 'all' | 'noQueue' | 'none';

/** The fields of a crate song the same-song rule reads. */
export type MatchableRow = Pick<
  CrateSongRow,
  'songId' | 'songShortId' | 'isrc' | 'musicProviders' | 'duration' | 'trackName' | 'artistName'
>;

const INSERT_CHUNK = 1000;

/** The crates and crate_songs tables. Changes of a crate's songs run inside `locked`. */
export class CrateRepository {
  constructor(private readonly db: Db) {}

  async byUuid(uuid: string): Promise<CrateRow | null> {
    const [row] = await this.db.select().from(crates).where(eq(crates.uuid, uuid)).limit(1);
    return row ?? null;
  }

  async byShortId(shortId: string): Promise<CrateRow | null> {
    const [row] = await this.db.select().from(crates).where(eq(crates.shortId, shortId)).limit(1);
    return row ?? null;
  }

  async special(userUuid: string, special: SpecialCrate): Promise<CrateRow | null> {
    const [row] = await this.db
      .select()
      .from(crates)
      .where(and(eq(crates.userUuid, userUuid), eq(crates.special, special)))
      .limit(1);
    return row ?? null;
  }

  /** Inserts a crate; with `special`, a second insert of the same special crate does nothing. */
  async insert(values: typeof crates.$inferInsert): Promise<CrateRow | null> {
    const q = this.db.insert(crates).values(values);
    const rows = values.special ? await q.onConflictDoNothing().returning() : await q.returning();
    return rows[0] ?? null;
  }

  /** Names of the crates a user made (special crates left out). */
  async namesOf(userUuid: string): Promise<string[]> {
    const rows = await this.db
      .select({ name: crates.name })
      .from(crates)
      .where(and(eq(crates.userUuid, userUuid), isNull(crates.special)));
    return rows.map((r) => r.name);
  }

  /** Crates newest first (of one user, or of everyone), with their total. */
  async list(
    userUuid: string | null,
    specials: SpecialFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: CrateRow[]; total: number }> {
    const where = and(
      userUuid ? eq(crates.userUuid, userUuid) : undefined,
      specials === 'none'
        ? isNull(crates.special)
        : specials === 'noQueue'
          ? or(isNull(crates.special), ne(crates.special, 'queue'))
          : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(crates)
        .where(where)
        .orderBy(desc(crates.createdAt), desc(crates.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(crates).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** Thumbnail maps of the songs in the first positions of these crates, by crate id. */
  async headThumbnails(crateIds: number[]): Promise<Map<number, CrateSongRow['thumbnails'][]>> {
    const out = new Map<number, CrateSongRow['thumbnails'][]>();
    if (crateIds.length === 0) return out;
    const rows = await this.db
      .select({ crateId: crateSongs.crateId, thumbnails: crateSongs.thumbnails })
      .from(crateSongs)
      .where(
        and(
          inArray(crateSongs.crateId, crateIds),
          lt(crateSongs.position, CRATE_THUMBNAIL_POSITIONS),
        ),
      )
      .orderBy(asc(crateSongs.crateId), asc(crateSongs.position));
    for (const r of rows) {
      const list = out.get(r.crateId) ?? [];
      list.push(r.thumbnails);
      out.set(r.crateId, list);
    }
    return out;
  }

  async songsPage(crateId: number, limit: number, offset: number): Promise<CrateSongRow[]> {
    return this.db
      .select()
      .from(crateSongs)
      .where(and(eq(crateSongs.crateId, crateId), gte(crateSongs.position, offset)))
      .orderBy(asc(crateSongs.position))
      .limit(limit);
  }

  /** Every song of a crate by position. */
  async allSongs(crateId: number): Promise<CrateSongRow[]> {
    return this.db
      .select()
      .from(crateSongs)
      .where(eq(crateSongs.crateId, crateId))
      .orderBy(asc(crateSongs.position));
  }

  async matchables(crateId: number): Promise<MatchableRow[]> {
    return this.db
      .select({
        songId: crateSongs.songId,
        songShortId: crateSongs.songShortId,
        isrc: crateSongs.isrc,
        musicProviders: crateSongs.musicProviders,
        duration: crateSongs.duration,
        trackName: crateSongs.trackName,
        artistName: crateSongs.artistName,
      })
      .from(crateSongs)
      .where(eq(crateSongs.crateId, crateId));
  }

  /**
   * Runs `work` in a transaction holding the crate row locked (SELECT … FOR UPDATE): changes of
   * one crate's songs are serialised, so positions stay dense. `crate` is null when unknown.
   */
  async locked<T>(
    uuid: string,
    work: (repo: CrateRepository, crate: CrateRow | null) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction(async (tx) => {
      const repo = new CrateRepository(tx as unknown as Db);
      const [row] = await tx.select().from(crates).where(eq(crates.uuid, uuid)).for('update');
      return work(repo, row ?? null);
    });
  }

  async update(id: number, patch: Partial<typeof crates.$inferInsert>): Promise<CrateRow> {
    const [row] = await this.db
      .update(crates)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(crates.id, id))
      .returning();
    return row!;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(crates).where(eq(crates.id, id));
  }

  async songByUuid(crateId: number, uuid: string): Promise<CrateSongRow | null> {
    const [row] = await this.db
      .select()
      .from(crateSongs)
      .where(and(eq(crateSongs.crateId, crateId), eq(crateSongs.uuid, uuid)))
      .limit(1);
    return row ?? null;
  }

  /** Moves every song at positions in [from, to] (to: open end when null) by `by`. */
  async shift(crateId: number, from: number, to: number | null, by: number): Promise<void> {
    await this.db
      .update(crateSongs)
      .set({ position: sql`${crateSongs.position} + ${by}` })
      .where(
        and(
          eq(crateSongs.crateId, crateId),
          gte(crateSongs.position, from),
          to === null ? undefined : lte(crateSongs.position, to),
        ),
      );
  }

  async insertSongs(rows: NewCrateSongRow[]): Promise<CrateSongRow[]> {
    const out: CrateSongRow[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      out.push(
        ...(await this.db
          .insert(crateSongs)
          .values(rows.slice(i, i + INSERT_CHUNK))
          .returning()),
      );
    }
    return out;
  }

  async setPosition(songId: number, position: number): Promise<void> {
    await this.db.update(crateSongs).set({ position }).where(eq(crateSongs.id, songId));
  }

  async deleteSong(songId: number): Promise<void> {
    await this.db.delete(crateSongs).where(eq(crateSongs.id, songId));
  }

  async clear(crateId: number): Promise<void> {
    await this.db.delete(crateSongs).where(eq(crateSongs.crateId, crateId));
  }

  /** Gives the songs of a crate a random order at positions 0..n-1. */
  async shuffle(crateId: number): Promise<void> {
    await this.db.execute(sql`
      UPDATE crate_songs AS cs SET position = r.rn - 1
      FROM (
        SELECT id, row_number() OVER (ORDER BY random()) AS rn
        FROM crate_songs WHERE crate_id = ${crateId}
      ) AS r
      WHERE cs.id = r.id`);
  }
}
