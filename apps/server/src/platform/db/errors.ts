/** A unique-index violation (two writers raced for one slug), from PostgreSQL or PGlite via Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === '23505') return true;
  }
  return false;
}
