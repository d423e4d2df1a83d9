import { and, asc, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SongStatus } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { orTypos, squashedContains, TYPO_SCAN_LIMIT } from './forgiving';
import { songHlsKeys, songs } from './schema';

export type SongRow = typeof songs.$inferSelect;
export type NewSong = typeof songs.$inferInsert;

/** The largest value of an int4 id column. */
const MAX_INT4 = 2147483647;

/** `%`, `_` and `\` in a search term match themselves. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Songs whose title, artist, genre or album contains `term` (no case; also without accents,
 * hyphens or spaces, SEARCH-FORGIVING-1), and their rank: titles that start with the term first,
 * then artists that do, then the rest.
 */
export function containsTerm(term: string): { where: SQL | undefined; rank: SQL } {
  const contains = `%${likeEscape(term)}%`;
  const starts = `${likeEscape(term)}%`;
  return {
    where: or(
      ilike(songs.trackName, contains),
      ilike(songs.artistName, contains),
      ilike(songs.genre, contains),
      ilike(songs.albumName, contains),
      squashedContains(term),
    ),
    rank: sql`case when ${songs.trackName} ilike ${starts} then 0 when ${songs.artistName} ilike ${starts} then 1 else 2 end`,
  };
}

/**
 * One page of the songs matching `where`, newest first (one row more than `limit` when another
 * page follows), with the number of songs matching.
 */
export async function newestFirst(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: SongRow[]; total: number }> {
  const rows = await db
    .select()
    .from(songs)
    .where(where)
    .orderBy(desc(songs.createdAt), desc(songs.id))
    .limit(limit + 1)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(songs).where(where);
  return { rows, total: Number(total) };
}

export interface SongFilter {
  /** Leave explicit songs out. */
  noExplicit?: boolean;
}

/** SQL for the song catalogue. */
export class SongRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the songs whose short id is free; answers the ones created. */
  async insertNew(rows: NewSong[]): Promise<SongRow[]> {
    if (rows.length === 0) return [];
    return this.db.insert(songs).values(rows).onConflictDoNothing().returning();
  }

  async insert(row: NewSong): Promise<SongRow> {
    const [created] = await this.db.insert(songs).values(row).returning();
    return created;
  }

  async update(id: number, patch: Partial<NewSong>): Promise<SongRow> {
    const [row] = await this.db
      .update(songs)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(songs.id, id))
      .returning();
    return row;
  }

  /**
   * Moves a song to `patch.status` (with the rest of `patch`) only while its status is one of
   * `from`; answers the updated row, or undefined when the song is gone or moved meanwhile.
   */
  async transition(
    id: number,
    from: readonly SongStatus[],
    patch: Partial<NewSong> & { status: SongStatus },
  ): Promise<SongRow | undefined> {
    const [row] = await this.db
      .update(songs)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(songs.id, id), inArray(songs.status, [...from])))
      .returning();
    return row;
  }

  /** Songs uploaded by `uuid` (any status, or `status`), newest first; one extra row for paging. */
  async listByUploader(
    uuid: string,
    status: SongStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: SongRow[]; total: number }> {
    const where = and(eq(songs.uploadedBy, uuid), status ? eq(songs.status, status) : undefined);
    return newestFirst(this.db, where, limit, offset);
  }

  /** Songs in one of these statuses (and, with `before`, unchanged since then), oldest first. */
  async withStatus(statuses: readonly SongStatus[], before?: Date): Promise<SongRow[]> {
    return this.db
      .select()
      .from(songs)
      .where(
        and(inArray(songs.status, [...statuses]), before ? lt(songs.updatedAt, before) : undefined),
      )
      .orderBy(asc(songs.createdAt), asc(songs.id));
  }

  /** Songs nobody uploaded (the demo catalogue) with one of these titles, oldest first. */
  async unownedByTitles(trackNames: string[]): Promise<SongRow[]> {
    if (trackNames.length === 0) return [];
    return this.db
      .select()
      .from(songs)
      .where(and(sql`${songs.uploadedBy} is null`, inArray(songs.trackName, trackNames)))
      .orderBy(asc(songs.id));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(songs).where(eq(songs.id, id));
  }

  /** Stores (or replaces) the HLS key of a song. */
  async saveHlsKey(songId: number, key: Buffer, iv: Buffer): Promise<void> {
    const values = { key: key.toString('base64'), iv: iv.toString('hex') };
    await this.db
      .insert(songHlsKeys)
      .values({ songId, ...values })
      .onConflictDoUpdate({
        target: songHlsKeys.songId,
        set: { ...values, createdAt: new Date() },
      });
  }

  async deleteHlsKey(songId: number): Promise<void> {
    await this.db.delete(songHlsKeys).where(eq(songHlsKeys.songId, songId));
  }

  /** The HLS key bytes of a song, or null. */
  async hlsKey(songId: number): Promise<Buffer | null> {
    const [row] = await this.db.select().from(songHlsKeys).where(eq(songHlsKeys.songId, songId));
    return row ? Buffer.from(row.key, 'base64') : null;
  }

  /** A song by short id, or by numeric id when `id` is a number an id column can hold. */
  async byIdOrShortId(id: string): Promise<SongRow | undefined> {
    const numeric = /^\d{1,10}$/.test(id) && Number(id) <= MAX_INT4 ? Number(id) : null;
    const [row] = await this.db
      .select()
      .from(songs)
      .where(numeric !== null ? eq(songs.id, numeric) : eq(songs.shortId, id));
    return row;
  }

  async byShortIds(shortIds: string[]): Promise<SongRow[]> {
    if (shortIds.length === 0) return [];
    return this.db.select().from(songs).where(inArray(songs.shortId, shortIds));
  }

  private where(filter: SongFilter, extra?: SQL): SQL | undefined {
    return and(
      eq(songs.status, 'VERIFIED'),
      filter.noExplicit ? eq(songs.explicit, false) : undefined,
      extra,
    );
  }

  /**
   * Verified songs whose title, artist, genre or album contains `term` (no case). Titles that
   * start with the term come first, then artists that do, then the rest; alphabetical within.
   * Answers one row more than `limit` when there is a next page.
   */
  async search(
    term: string,
    filter: SongFilter,
    limit: number,
    offset: number,
  ): Promise<SongRow[]> {
    const { where, rank } = containsTerm(term);
    const run = (n: number, from: number) =>
      this.db
        .select()
        .from(songs)
        .where(this.where(filter, where))
        .orderBy(rank, asc(sql`lower(${songs.trackName})`), asc(songs.id))
        .limit(n + 1)
        .offset(from);
    // SEARCH-FORGIVING-2: nothing matches: a typo or two.
    return orTypos(term, limit, offset, run, () => this.typoCandidates(filter));
  }

  /** The newest verified songs a typo search looks through (SEARCH-FORGIVING-2). */
  typoCandidates(filter: SongFilter): Promise<SongRow[]> {
    return this.db
      .select()
      .from(songs)
      .where(this.where(filter))
      .orderBy(desc(songs.id))
      .limit(TYPO_SCAN_LIMIT);
  }

  /** Verified songs, newest first; one row more than `limit` when there is a next page. */
  async listVerified(
    filter: SongFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: SongRow[]; total: number }> {
    return newestFirst(this.db, this.where(filter), limit, offset);
  }
}
