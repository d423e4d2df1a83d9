import { and, asc, count, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
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

/** CRATE-RANK-1: the distance between neighbouring ranks after a spread (and at the ends). */
export const RANK_GAP = 1024;

/** A crate song with its place in the crate's order (0-based). */
export type PlacedSong = CrateSongRow & { position: number };

const byRank = [asc(crateSongs.rank), asc(crateSongs.id)] as const;

/**
 * `k` ranks strictly between `before` and `after` (null: the crate's end), in order; null when
 * they no longer fit between two neighbours (the crate's ranks are spread out first).
 */
export function ranksBetween(
  before: number | null,
  after: number | null,
  k: number,
): number[] | null {
  const at = (i: number) => {
    if (before === null && after === null) return (i + 1) * RANK_GAP;
    if (after === null) return before! + (i + 1) * RANK_GAP;
    if (before === null) return after - (k - i) * RANK_GAP;
    return before + ((after - before) * (i + 1)) / (k + 1);
  };
  const ranks = Array.from({ length: k }, (_, i) => at(i));
  const ordered = [before ?? -Infinity, ...ranks, after ?? Infinity];
  for (let i = 1; i < ordered.length; i++) if (!(ordered[i]! > ordered[i - 1]!)) return null;
  return ranks;
}

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
    const placed = this.db
      .select({
        crateId: crateSongs.crateId,
        thumbnails: crateSongs.thumbnails,
        place:
          sql<number>`row_number() over (partition by ${crateSongs.crateId} order by ${crateSongs.rank}, ${crateSongs.id})`.as(
            'place',
          ),
      })
      .from(crateSongs)
      .where(inArray(crateSongs.crateId, crateIds))
      .as('placed');
    const rows = await this.db
      .select({ crateId: placed.crateId, thumbnails: placed.thumbnails })
      .from(placed)
      .where(lte(placed.place, CRATE_THUMBNAIL_POSITIONS))
      .orderBy(asc(placed.crateId), asc(placed.place));
    for (const r of rows) {
      const list = out.get(r.crateId) ?? [];
      list.push(r.thumbnails);
      out.set(r.crateId, list);
    }
    return out;
  }

  async songsPage(crateId: number, limit: number, offset: number): Promise<PlacedSong[]> {
    const rows = await this.db
      .select()
      .from(crateSongs)
      .where(eq(crateSongs.crateId, crateId))
      .orderBy(...byRank)
      .limit(limit)
      .offset(offset);
    return rows.map((row, i) => ({ ...row, position: offset + i }));
  }

  /** Every song of a crate in order. */
  async allSongs(crateId: number): Promise<PlacedSong[]> {
    return this.songsPage(crateId, 2 ** 31 - 1, 0);
  }

  /**
   * The ranks on either side of place `at` in the crate's order, leaving out the song `except`
   * (the one being moved): null past an end.
   */
  async gapAt(
    crateId: number,
    at: number,
    except?: number,
  ): Promise<{ before: number | null; after: number | null }> {
    const rows = await this.db
      .select({ rank: crateSongs.rank })
      .from(crateSongs)
      .where(
        and(
          eq(crateSongs.crateId, crateId),
          except === undefined ? undefined : ne(crateSongs.id, except),
        ),
      )
      .orderBy(...byRank)
      .limit(at === 0 ? 1 : 2)
      .offset(Math.max(0, at - 1));
    if (at === 0) return { before: null, after: rows[0]?.rank ?? null };
    return { before: rows[0]?.rank ?? null, after: rows[1]?.rank ?? null };
  }

  /**
   * `k` free ranks at place `at` (leaving out `except`); when they no longer fit, the crate's
   * ranks are spread out again first (one update of the crate's rows, rare).
   */
  async ranksAt(crateId: number, at: number, k: number, except?: number): Promise<number[]> {
    const gap = await this.gapAt(crateId, at, except);
    const ranks = ranksBetween(gap.before, gap.after, k);
    if (ranks) return ranks;
    await this.spread(crateId);
    const again = await this.gapAt(crateId, at, except);
    return ranksBetween(again.before, again.after, k)!;
  }

  /** Gives the crate's songs ranks RANK_GAP apart, in their order. */
  async spread(crateId: number): Promise<void> {
    await this.db.execute(sql`
      UPDATE crate_songs AS cs SET rank = r.rn * ${RANK_GAP}
      FROM (
        SELECT id, row_number() OVER (ORDER BY rank, id) AS rn
        FROM crate_songs WHERE crate_id = ${crateId}
      ) AS r
      WHERE cs.id = r.id`);
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
   * one crate's songs are serialised. `crate` is null when unknown.
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

  async setRank(songId: number, rank: number): Promise<void> {
    await this.db.update(crateSongs).set({ rank }).where(eq(crateSongs.id, songId));
  }

  async deleteSong(songId: number): Promise<void> {
    await this.db.delete(crateSongs).where(eq(crateSongs.id, songId));
  }

  async clear(crateId: number): Promise<void> {
    await this.db.delete(crateSongs).where(eq(crateSongs.crateId, crateId));
  }

  /** Gives the songs of a crate a random order (ranks RANK_GAP apart). */
  async shuffle(crateId: number): Promise<void> {
    await this.db.execute(sql`
      UPDATE crate_songs AS cs SET rank = r.rn * ${RANK_GAP}
      FROM (
        SELECT id, row_number() OVER (ORDER BY random()) AS rn
        FROM crate_songs WHERE crate_id = ${crateId}
      ) AS r
      WHERE cs.id = r.id`);
  }
}
