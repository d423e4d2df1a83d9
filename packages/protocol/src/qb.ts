import { z } from 'zod';

/**
 * Query-builder parameters of (qb) list endpoints: the nestjsx/crud conventions.
 * - fields: comma-separated column list
 * - s: JSON search object, e.g. {"nickname":{"$cont":"dj"}} or {"$or":[...]}
 * - filter / or: repeated `field||$op||value`
 * - sort: repeated `field,ASC|DESC`
 * - join: repeated relation names (accepted; relations are embedded)
 * - limit, offset, page, cache
 */
const repeated = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .optional();

export const QbQuery = z.object({
  fields: z.string().optional(),
  // JSON text: `format: json` in the API document, so the route fuzz finds it (SEC-INPUT-2).
  s: z.string().meta({ format: 'json' }).optional(),
  filter: repeated,
  or: repeated,
  sort: repeated,
  join: repeated,
  limit: z.coerce.number().int().min(0).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  page: z.coerce.number().int().min(1).optional(),
  cache: z.coerce.number().int().min(0).optional(),
});
export type QbQuery = z.output<typeof QbQuery>;
export type QbQueryInput = z.input<typeof QbQuery>;

export const QB_OPERATORS = [
  '$eq',
  '$ne',
  '$gt',
  '$lt',
  '$gte',
  '$lte',
  '$starts',
  '$ends',
  '$cont',
  '$excl',
  '$in',
  '$notin',
  '$isnull',
  '$notnull',
  '$eqL',
  '$contL',
] as const;

/** Paged (qb) list response. */
export function qbPage<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    count: z.number().int(),
    total: z.number().int(),
    page: z.number().int(),
    pageCount: z.number().int(),
  });
}

/** limit/offset paging used by non-qb lists. */
export const LimitOffsetQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
/** take/skip paging used by service lists. */
export const TakeSkipQuery = z.object({
  take: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
});
