import { or, sql, type Column, type SQL } from 'drizzle-orm';
import { songs } from './schema';

/**
 * Forgiving catalogue search (SEARCH-FORGIVING-1, SEARCH-FORGIVING-2): the catalogue's fields and
 * the term compared without case, accents, hyphens, spaces or other punctuation ("lofi", "Lo-fi"
 * and "lo fi" are one word; "Café" is "cafe"), and, when that finds nothing, with a typo or two.
 */

const ACCENTED = 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÑñÇçÝýÿ';
const PLAIN = 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooooouuuuuuuunnccyyy';

/** The term as the catalogue's fields are compared: lower case ASCII letters and digits only. */
export function squash(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/[^a-z0-9]/g, '');
}

/** The same in SQL, for a column (PostgreSQL and PGlite; no extension needed). */
export const squashed = (column: Column): SQL =>
  sql`regexp_replace(lower(translate(coalesce(${column}, ''), ${ACCENTED}, ${PLAIN})), '[^a-z0-9]+', '', 'g')`;

/** The fields a search looks in. */
export const SEARCH_FIELDS = [songs.trackName, songs.artistName, songs.genre, songs.albumName];

/**
 * A field contains the squashed term (SEARCH-FORGIVING-1); undefined when nothing of the term
 * survives squashing (a term in another script: the plain match alone then).
 */
export function squashedContains(term: string, fields: Column[] = SEARCH_FIELDS): SQL | undefined {
  const s = squash(term);
  if (!s) return undefined;
  return or(...fields.map((f) => sql`${squashed(f)} like ${`%${s}%`}`));
}

/** The shortest squashed term a typo search takes, and the typos allowed by its length. */
export const TYPO_MIN_LENGTH = 4;
export const typosAllowed = (length: number) => (length < TYPO_MIN_LENGTH ? 0 : length < 8 ? 1 : 2);

/** Optimal string alignment distance (Levenshtein plus swapped neighbours), capped at `max + 1`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, prev2[j - 2]! + 1);
      }
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

type Fields = {
  trackName: string;
  artistName: string;
  genre: string | null;
  albumName: string | null;
};

/**
 * How far a song is from the term with typos (SEARCH-FORGIVING-2): the fewest edits between the
 * squashed term and a squashed field, one of its words, or two neighbouring words run together;
 * null beyond the typos the term's length allows.
 */
export function typoDistance(term: string, song: Fields): number | null {
  const s = squash(term);
  const max = typosAllowed(s.length);
  if (max === 0) return null;
  let best = max + 1;
  for (const field of [song.trackName, song.artistName, song.genre, song.albumName]) {
    if (!field) continue;
    const words = field
      .split(/[\s\-_/.,&+]+/)
      .map(squash)
      .filter(Boolean);
    const pieces = [squash(field), ...words, ...words.slice(1).map((w, i) => words[i] + w)];
    for (const piece of pieces) best = Math.min(best, editDistance(s, piece, max));
  }
  return best <= max ? best : null;
}

/** Most verified songs a typo search reads (the newest); the rest of a big catalogue is not. */
export const TYPO_SCAN_LIMIT = 2000;

/** The songs within the typos allowed, closest first then by title; one page of them. */
export function typoPage<T extends Fields>(
  term: string,
  rows: T[],
  limit: number,
  offset: number,
): T[] {
  return rows
    .map((row) => ({ row, d: typoDistance(term, row) }))
    .filter((x): x is { row: T; d: number } => x.d !== null)
    .sort((a, b) => a.d - b.d || a.row.trackName.localeCompare(b.row.trackName))
    .slice(offset, offset + limit + 1)
    .map((x) => x.row);
}

/**
 * A search page (`run` answers one row more than `limit` when another page follows), or, when
 * the search matches nothing at all, the same page of the typo search over `candidates`
 * (SEARCH-FORGIVING-2).
 */
export async function orTypos<T extends Fields>(
  term: string,
  limit: number,
  offset: number,
  run: (limit: number, offset: number) => Promise<T[]>,
  candidates: () => Promise<T[]>,
): Promise<T[]> {
  const rows = await run(limit, offset);
  if (rows.length > 0 || typosAllowed(squash(term).length) === 0) return rows;
  // A later page past the end of real matches stays empty.
  if (offset > 0 && (await run(0, 0)).length > 0) return rows;
  return typoPage(term, await candidates(), limit, offset);
}
