import { and, asc, eq, gt, ilike, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { SongProvider, SongStatus } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import type { CatalogueFilter } from '../../platform/ports';
import { orTypos, squash, squashed } from './forgiving';
import { containsTerm, likeEscape, newestFirst, SongRepository } from './repository';
import { songs } from './schema';

export type CatalogueRow = typeof songs.$inferSelect;
export type NewCatalogueRow = typeof songs.$inferInsert;

/** Most words of a relevance search that are matched (the rest are ignored). */
const MAX_TERMS = 8;

/** `music_providers ->> provider` (the provider is a bound text value). */
const providerId = (provider: SongProvider) => sql`(${songs.musicProviders} ->> ${provider}::text)`;

/**
 * `music_providers @> '{"<provider>":"<id>"}'` (the object is one bound JSON value): containment,
 * so the GIN index on music_providers (songs_music_providers_idx) finds the songs.
 */
const hasProviderId = (provider: SongProvider, id: string) =>
  sql`${songs.musicProviders} @> ${JSON.stringify({ [provider]: id })}::jsonb`;

/**
 * SQL of the catalogue as the songs port (port.ts) needs it: searches of verified songs, lookups
 * by provider id and ISRC, imports and provider-data updates. Lives beside the song service's own
 * repository and reads only its table.
 */
export class CatalogueRepository {
  /** The song service's own queries of the same table (lookups by id, inserts, updates). */
  private readonly songRepo: SongRepository;

  constructor(private readonly db: Db) {
    this.songRepo = new SongRepository(db);
  }

  /** Runs `fn` in one transaction holding advisory locks on `keys` (sorted, so never deadlocks). */
  async locked<T>(keys: string[], fn: (repo: CatalogueRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      for (const key of [...new Set(keys)].sort()) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      }
      return fn(new CatalogueRepository(tx as unknown as Db));
    });
  }

  byIdOrShortId(id: string): Promise<CatalogueRow | undefined> {
    return this.songRepo.byIdOrShortId(id);
  }

  async byProviderIds(provider: SongProvider, ids: string[]): Promise<CatalogueRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(songs)
      .where(or(...ids.map((id) => hasProviderId(provider, id))))
      .orderBy(asc(songs.id));
  }

  async byIsrc(isrc: string): Promise<CatalogueRow[]> {
    return this.db
      .select()
      .from(songs)
      .where(eq(sql`upper(${songs.isrc})`, isrc.trim().toUpperCase()))
      .orderBy(asc(songs.id));
  }

  /** Inserts unless the short id is taken; undefined then. */
  async insert(row: NewCatalogueRow): Promise<CatalogueRow | undefined> {
    const [created] = await this.songRepo.insertNew([row]);
    return created;
  }

  update(id: number, patch: Partial<NewCatalogueRow>): Promise<CatalogueRow | undefined> {
    return this.songRepo.update(id, patch);
  }

  /**
   * Verified songs matching `term`; one row more than `limit` when another page follows.
   * Plain: the whole term in title, artist, genre or album; titles then artists starting with it
   * first. Relevance: every word (up to 8) in one of those fields; scored by exact and prefix
   * matches of the whole term and word-start matches of each word (title > artist > album > genre).
   */
  async searchVerified(
    term: string,
    opts: { noExplicit?: boolean; relevance?: boolean },
    limit: number,
    offset: number,
  ): Promise<CatalogueRow[]> {
    const base = and(
      eq(songs.status, 'VERIFIED' satisfies SongStatus),
      opts.noExplicit ? eq(songs.explicit, false) : undefined,
    );
    const { where, rank } = opts.relevance ? relevance(term) : containsTerm(term);
    const run = (n: number, from: number) =>
      this.db
        .select()
        .from(songs)
        .where(and(base, where))
        .orderBy(rank, asc(sql`lower(${songs.trackName})`), asc(songs.id))
        .limit(n + 1)
        .offset(from);
    // SEARCH-FORGIVING-2: nothing matches: a typo or two.
    return orTypos(term, limit, offset, run, () =>
      this.songRepo.typoCandidates({ noExplicit: opts.noExplicit }),
    );
  }

  /** The catalogue list (every status unless filtered), newest first, with its total. */
  async list(filter: CatalogueFilter): Promise<{ rows: CatalogueRow[]; total: number }> {
    const contains = filter.q ? `%${likeEscape(filter.q)}%` : null;
    const where = and(
      filter.provider ? sql`${providerId(filter.provider)} is not null` : undefined,
      filter.isrc ? eq(sql`upper(${songs.isrc})`, filter.isrc.toUpperCase()) : undefined,
      filter.status ? eq(songs.status, filter.status) : undefined,
      contains
        ? or(
            ilike(songs.trackName, contains),
            ilike(songs.artistName, contains),
            ilike(songs.albumName, contains),
          )
        : undefined,
    );
    return newestFirst(this.db, where, filter.limit, filter.offset);
  }

  /** Songs known at a provider other than uploadService (or at `provider`), by id, after `afterId`. */
  async providerSongsAfter(
    afterId: number,
    limit: number,
    provider?: SongProvider,
  ): Promise<CatalogueRow[]> {
    const known = provider
      ? sql`${providerId(provider)} is not null`
      : sql`exists (select 1 from jsonb_object_keys(${songs.musicProviders}) k where k <> 'uploadService')`;
    return this.db
      .select()
      .from(songs)
      .where(and(gt(songs.id, afterId), known))
      .orderBy(asc(songs.id))
      .limit(limit);
  }
}

/** A field starts with the word, or has a word starting with it. */
const wordStart = (column: Column, word: string) => {
  const w = likeEscape(word);
  return sql`(${column} ilike ${`${w}%`} or ${column} ilike ${`% ${w}%`} or ${column} ilike ${`%(${w}%`})`;
};

function relevance(term: string): { where: SQL | undefined; rank: SQL } {
  const words = [...new Set(term.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_TERMS);
  const fields = [songs.trackName, songs.artistName, songs.albumName, songs.genre];
  // SEARCH-FORGIVING-1: each word also without accents or punctuation ("lofi" finds "Lo-fi").
  const where = and(
    ...words.map((w) => {
      const plain = fields.map((f) => ilike(f, `%${likeEscape(w)}%`));
      const s = squash(w);
      return or(...plain, ...(s ? fields.map((f) => sql`${squashed(f)} like ${`%${s}%`}`) : []));
    }),
  );
  const whole = term.trim().toLowerCase();
  const score: SQL[] = [
    sql`case when lower(${songs.trackName}) = ${whole} then 100 else 0 end`,
    sql`case when lower(${songs.artistName}) = ${whole} then 60 else 0 end`,
    sql`case when ${songs.trackName} ilike ${`${likeEscape(whole)}%`} then 40 else 0 end`,
    sql`case when (${songs.artistName} || ' ' || ${songs.trackName}) ilike ${`%${likeEscape(whole)}%`} or (${songs.trackName} || ' ' || ${songs.artistName}) ilike ${`%${likeEscape(whole)}%`} then 30 else 0 end`,
  ];
  const weights: [Column, number][] = [
    [songs.trackName, 10],
    [songs.artistName, 6],
    [songs.albumName, 3],
    [songs.genre, 2],
  ];
  for (const w of words) {
    for (const [f, weight] of weights) {
      score.push(sql`case when ${wordStart(f, w)} then ${sql.raw(String(weight))} else 0 end`);
    }
  }
  return { where, rank: sql`(${sql.join(score, sql` + `)}) desc` };
}
