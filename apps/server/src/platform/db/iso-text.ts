import { sql, type SQL } from 'drizzle-orm';

/** The ISO 8601 text of a timestamptz, as `Date.prototype.toISOString()` writes it (UTC, ms). */
export const ISO_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * DB-ISO-1: a timestamp a list only hands on as text is made text by the database, so the driver
 * neither parses it into a Date nor the server writes it back (about a microsecond each, per row
 * and column: most of a 500-row list's own time).
 */
export function isoText(column: unknown): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', ${sql.raw(ISO_FORMAT)})`;
}
