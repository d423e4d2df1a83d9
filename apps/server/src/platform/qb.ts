import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { QB_OPERATORS, type QbQuery } from '@tt/protocol';
import { fail } from './errors';
import { refuseDecodedControlChars } from './http-hardening';

/**
 * Query-builder lists ("(qb)" endpoints): the nestjsx/crud conventions translated into Drizzle.
 *
 * A list declares a whitelist of fields (name → SQL expression and type). `parseQb` turns the
 * raw query into a checked description (`QbParsed`, pure, unit-tested); `qbPlan` turns that into
 * SQL (where, order by, limit, offset); `qbPageOf` shapes the answer. Anything not whitelisted,
 * an unknown operator, a bad value or malformed JSON is a 400 naming the culprit.
 *
 * - `filter` (repeated `field||$op||value`) are ANDed; `or` (repeated) are ORed; with both,
 *   `(AND of filter) OR (AND of or)` as in nestjsx/crud.
 * - `s` is a JSON search: `{field: value}`, `{field: {$op: value, …}}`, `{field: {$or: {…}}}`,
 *   `{$and: [...]}`, `{$or: [...]}`; several keys in one object are ANDed. Unlike nestjsx/crud,
 *   `s` does not silence `filter`/`or`: all given conditions apply (ANDed).
 * - `$cont`, `$excl`, `$starts`, `$ends`, `$contL`, `$eqL` ignore case; `$in`/`$notin` take a
 *   comma list in `filter` and an array in `s`; `$isnull`/`$notnull` take no value.
 * - `sort` is repeated `field,ASC|DESC`; `limit` (0 or absent = the list's default, capped at its
 *   maximum), `offset`, or `page` (1-based, wins over offset). `fields` and `join` are checked
 *   against the list's names; rows always carry every field. `cache` is accepted and ignored.
 */

export type QbOperator = (typeof QB_OPERATORS)[number];
/** `array`: a JSONB list of strings (roles, badges): $cont/$excl test membership of one value. */
export type QbFieldType = 'string' | 'number' | 'boolean' | 'date' | 'uuid' | 'array';
export type QbScalar = string | number | boolean;
export type QbValue = QbScalar | QbScalar[] | null;

export type QbWhere =
  | { kind: 'cond'; field: string; op: QbOperator; value: QbValue }
  | { kind: 'and' | 'or'; items: QbWhere[] };

export interface QbSort {
  field: string;
  dir: 'ASC' | 'DESC';
}

export interface QbParsed {
  where: QbWhere | null;
  sort: QbSort[];
  fields: string[];
  join: string[];
  limit: number;
  offset: number;
}

export interface QbOptions {
  /** Field name → type; only these may be filtered, searched and sorted. */
  fields: Record<string, QbFieldType>;
  /** Names accepted in `fields` (default: the filterable fields). */
  selectable?: readonly string[];
  /** Relation names accepted in `join` (default: none). */
  joins?: readonly string[];
  defaultLimit?: number;
  maxLimit?: number;
}

/** Guards against abusive searches. */
export const QB_MAX_CONDITIONS = 50;
export const QB_MAX_DEPTH = 6;
export const QB_MAX_SEARCH_LENGTH = 4000;

const NO_VALUE_OPS: readonly QbOperator[] = ['$isnull', '$notnull'];
const LIST_OPS: readonly QbOperator[] = ['$in', '$notin'];
const TEXT_OPS: readonly QbOperator[] = ['$starts', '$ends', '$cont', '$excl', '$contL', '$eqL'];
const COMPARE_OPS: readonly QbOperator[] = ['$eq', '$ne', '$gt', '$lt', '$gte', '$lte'];

const OPS_BY_TYPE: Record<QbFieldType, readonly QbOperator[]> = {
  string: QB_OPERATORS,
  number: [...COMPARE_OPS, ...LIST_OPS, ...NO_VALUE_OPS],
  date: [...COMPARE_OPS, ...LIST_OPS, ...NO_VALUE_OPS],
  boolean: ['$eq', '$ne', ...NO_VALUE_OPS],
  uuid: ['$eq', '$ne', ...LIST_OPS, ...NO_VALUE_OPS, ...TEXT_OPS],
  array: ['$cont', '$excl', ...NO_VALUE_OPS],
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const bad = (message: string) => fail('QB_INVALID', message);
const isOperator = (op: string): op is QbOperator =>
  (QB_OPERATORS as readonly string[]).includes(op);

/** Checks a value against the field type and converts it (dates become ISO strings). */
function coerceScalar(field: string, type: QbFieldType, op: QbOperator, raw: unknown): QbScalar {
  const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
  const invalid = (expected: string) =>
    bad(`Invalid value ${text} for field '${field}': expected ${expected}.`);
  if (raw === null || typeof raw === 'object') throw invalid('a single value');
  if (type === 'uuid' && TEXT_OPS.includes(op)) return String(raw);
  switch (type) {
    case 'number': {
      const n =
        typeof raw === 'number' ? raw : /^-?\d+(\.\d+)?$/.test(String(raw)) ? Number(raw) : NaN;
      if (!Number.isFinite(n)) throw invalid('a number');
      return n;
    }
    case 'boolean':
      if (raw === true || raw === 'true' || raw === '1') return true;
      if (raw === false || raw === 'false' || raw === '0') return false;
      throw invalid('true or false');
    case 'date': {
      const d = typeof raw === 'number' ? new Date(raw) : new Date(String(raw));
      // Years beyond 1..9999 print as ±YYYYYY, which PostgreSQL cannot read (a 500).
      const year = d.getUTCFullYear();
      if (typeof raw === 'boolean' || Number.isNaN(d.getTime()) || year < 1 || year > 9999) {
        throw invalid('a date');
      }
      return d.toISOString();
    }
    case 'uuid':
      if (!UUID_RE.test(String(raw))) throw invalid('a uuid');
      return String(raw).toLowerCase();
    default:
      return String(raw);
  }
}

/**
 * The type of a filterable field, looked up as the record's own key only: names such as
 * `constructor` or `__proto__` are unknown fields, not Object.prototype members (SEC-QB-1).
 */
function fieldType(opts: QbOptions, field: string): QbFieldType | undefined {
  return Object.hasOwn(opts.fields, field) ? opts.fields[field] : undefined;
}

function condition(
  opts: QbOptions,
  where: string,
  field: string,
  op: string,
  raw: unknown,
  hasValue: boolean,
): QbWhere {
  const type = fieldType(opts, field);
  if (!type) throw bad(`Unknown field '${field}' in ${where}.`);
  if (!isOperator(op)) throw bad(`Unknown operator '${op}' for field '${field}' in ${where}.`);
  if (!OPS_BY_TYPE[type].includes(op)) {
    throw bad(`Operator '${op}' cannot be used on field '${field}' in ${where}.`);
  }
  if (NO_VALUE_OPS.includes(op)) return { kind: 'cond', field, op, value: null };
  if (!hasValue) throw bad(`Operator '${op}' on field '${field}' needs a value in ${where}.`);
  if (LIST_OPS.includes(op)) {
    const list = Array.isArray(raw)
      ? raw
      : String(raw)
          .split(',')
          .map((v) => v.trim())
          .filter((v) => v !== '');
    if (list.length === 0) {
      throw bad(`Operator '${op}' on field '${field}' needs at least one value in ${where}.`);
    }
    return { kind: 'cond', field, op, value: list.map((v) => coerceScalar(field, type, op, v)) };
  }
  return { kind: 'cond', field, op, value: coerceScalar(field, type, op, raw) };
}

/** `field||$op||value` (the value may itself contain `||`). */
function parseFilter(opts: QbOptions, where: 'filter' | 'or', text: string): QbWhere {
  const parts = text.split('||');
  if (parts.length < 2 || !parts[0] || !parts[1]) {
    throw bad(`Invalid ${where} '${text}': expected field||$operator||value.`);
  }
  const [field, op, ...rest] = parts;
  return condition(opts, where, field, op, rest.join('||'), rest.length > 0);
}

const combine = (kind: 'and' | 'or', items: QbWhere[]): QbWhere | null =>
  items.length === 0 ? null : items.length === 1 ? items[0] : { kind, items };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseSearchNode(opts: QbOptions, node: unknown, depth: number): QbWhere | null {
  if (depth > QB_MAX_DEPTH) throw bad(`Search parameter s is nested too deeply.`);
  if (!isPlainObject(node)) throw bad(`Invalid search parameter s: expected a JSON object.`);
  const items: QbWhere[] = [];
  for (const [key, val] of Object.entries(node)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(val)) throw bad(`Invalid search parameter s: ${key} needs an array.`);
      const parts = val
        .map((v) => parseSearchNode(opts, v, depth + 1))
        .filter((v): v is QbWhere => v !== null);
      const c = combine(key === '$and' ? 'and' : 'or', parts);
      if (c) items.push(c);
      continue;
    }
    if (key.startsWith('$')) throw bad(`Unknown operator '${key}' in s.`);
    if (!fieldType(opts, key)) throw bad(`Unknown field '${key}' in s.`);
    if (val === null) items.push(condition(opts, 's', key, '$isnull', null, false));
    else if (Array.isArray(val)) items.push(condition(opts, 's', key, '$in', val, true));
    else if (!isPlainObject(val)) items.push(condition(opts, 's', key, '$eq', val, true));
    else items.push(parseFieldOps(opts, key, val));
  }
  return combine('and', items);
}

/** `{$op: value, …}` (ANDed) or `{$or: {$op: value, …}}` (ORed) for one field. */
function parseFieldOps(opts: QbOptions, field: string, ops: Record<string, unknown>): QbWhere {
  const items: QbWhere[] = [];
  for (const [op, v] of Object.entries(ops)) {
    if (op === '$or' || op === '$and') {
      if (!isPlainObject(v))
        throw bad(`Invalid search parameter s: ${op} of '${field}' needs an object.`);
      const inner = parseFieldOps(opts, field, v);
      items.push(
        inner.kind === 'cond' ? inner : { kind: op === '$or' ? 'or' : 'and', items: inner.items },
      );
      continue;
    }
    items.push(condition(opts, 's', field, op, v, v !== undefined));
  }
  const c = combine('and', items);
  if (!c) throw bad(`Invalid search parameter s: no operator given for field '${field}'.`);
  return c;
}

function count(w: QbWhere | null): number {
  if (!w) return 0;
  return w.kind === 'cond' ? 1 : w.items.reduce((n, i) => n + count(i), 0);
}

/** Checks and normalises the query-builder parameters of one request. */
export function parseQb(query: Partial<QbQuery>, opts: QbOptions): QbParsed {
  const filters = (query.filter ?? []).map((f) => parseFilter(opts, 'filter', f));
  const ors = (query.or ?? []).map((f) => parseFilter(opts, 'or', f));
  let fromFilters: QbWhere | null;
  if (filters.length && ors.length) {
    fromFilters = { kind: 'or', items: [combine('and', filters)!, combine('and', ors)!] };
  } else {
    fromFilters = filters.length ? combine('and', filters) : combine('or', ors);
  }

  let fromSearch: QbWhere | null = null;
  if (query.s !== undefined && query.s.trim() !== '') {
    if (query.s.length > QB_MAX_SEARCH_LENGTH) throw bad(`Search parameter s is too long.`);
    let json: unknown;
    try {
      json = JSON.parse(query.s);
    } catch {
      throw bad(`Invalid search parameter s: malformed JSON.`);
    }
    // SEC-INPUT-2: a NUL decoded from `\u0000` must not reach the database (it answered 500).
    refuseDecodedControlChars(json, 'query.s');
    fromSearch = parseSearchNode(opts, json, 0);
  }
  const where = combine(
    'and',
    [fromSearch, fromFilters].filter((w): w is QbWhere => w !== null),
  );
  if (count(where) > QB_MAX_CONDITIONS) {
    throw bad(`Too many conditions (at most ${QB_MAX_CONDITIONS}).`);
  }

  const sort = (query.sort ?? []).map((text): QbSort => {
    const [field, dirRaw = 'ASC', ...extra] = text.split(',').map((p) => p.trim());
    const dir = dirRaw.toUpperCase();
    const type = fieldType(opts, field);
    if (!type || type === 'array') throw bad(`Unknown sort field '${field}'.`);
    if ((dir !== 'ASC' && dir !== 'DESC') || extra.length) {
      throw bad(`Invalid sort '${text}': expected field,ASC or field,DESC.`);
    }
    return { field, dir };
  });

  const selectable = opts.selectable ?? Object.keys(opts.fields);
  const fields = (query.fields ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  for (const f of fields) if (!selectable.includes(f)) throw bad(`Unknown field '${f}' in fields.`);
  const join = query.join ?? [];
  for (const j of join) {
    const name = j.split('||')[0];
    if (!(opts.joins ?? []).includes(name)) throw bad(`Unknown relation '${name}' in join.`);
  }

  const max = opts.maxLimit ?? 100;
  const limit = Math.min(query.limit || opts.defaultLimit || 25, max);
  const offset = query.page ? (query.page - 1) * limit : (query.offset ?? 0);
  return { where, sort, fields, join, limit, offset };
}

/** A whitelisted field: its SQL expression (a column or any SQL) and its type. */
export interface QbField {
  expr: SQLWrapper;
  type: QbFieldType;
}
export type QbFieldMap = Record<string, QbField>;

/** `%`, `_` and `\` match themselves in (i)like patterns. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A bound value. A number an int4 column cannot hold (a fraction, or beyond ±2^31-1) is bound as
 * numeric, so it compares (and matches nothing) instead of failing in the database with a 500.
 */
const param = (x: QbScalar): SQL =>
  typeof x === 'number' && !(Number.isInteger(x) && Math.abs(x) <= 2147483647)
    ? sql`${x}::numeric`
    : sql`${x}`;

function condSql(f: QbField, op: QbOperator, value: QbValue): SQL {
  const e = f.expr;
  const text = f.type === 'string' ? sql`${e}` : sql`${e}::text`;
  const raw = value as QbScalar;
  const v = param(raw);
  switch (op) {
    case '$eq':
      return sql`${e} = ${v}`;
    case '$ne':
      return sql`${e} <> ${v}`;
    case '$gt':
      return sql`${e} > ${v}`;
    case '$lt':
      return sql`${e} < ${v}`;
    case '$gte':
      return sql`${e} >= ${v}`;
    case '$lte':
      return sql`${e} <= ${v}`;
    case '$isnull':
      return sql`${e} is null`;
    case '$notnull':
      return sql`${e} is not null`;
    case '$in':
    case '$notin': {
      const list = sql.join((value as QbScalar[]).map(param), sql`, `);
      return op === '$in' ? sql`${e} in (${list})` : sql`${e} not in (${list})`;
    }
    case '$eqL':
      return sql`lower(${text}) = lower(${String(raw)})`;
    case '$starts':
      return sql`${text} ilike ${`${escapeLike(String(raw))}%`}`;
    case '$ends':
      return sql`${text} ilike ${`%${escapeLike(String(raw))}`}`;
    case '$cont':
    case '$contL':
    case '$excl': {
      if (f.type === 'array') {
        const has = sql`${e} @> ${JSON.stringify([String(raw)])}::jsonb`;
        return op === '$excl' ? sql`not (${has})` : has;
      }
      const like = sql`${text} ilike ${`%${escapeLike(String(raw))}%`}`;
      return op === '$excl' ? sql`not (${like})` : like;
    }
  }
}

export function qbWhereSql(where: QbWhere | null, fields: QbFieldMap): SQL | undefined {
  if (!where) return undefined;
  if (where.kind === 'cond') return condSql(fields[where.field], where.op, where.value);
  const parts = where.items.map((i) => sql`(${qbWhereSql(i, fields)})`);
  return sql.join(parts, where.kind === 'and' ? sql` and ` : sql` or `);
}

export interface QbPlan extends QbParsed {
  whereSql: SQL | undefined;
  orderBy: SQL[];
}

/**
 * Parses the query against `fields` and builds its SQL. `defaultSort` applies when no sort is
 * given; `tiebreaker` (a field) is appended so that pages never overlap.
 */
export function qbPlan(
  query: Partial<QbQuery>,
  fields: QbFieldMap,
  opts: Omit<QbOptions, 'fields'> & { defaultSort?: QbSort[]; tiebreaker?: string } = {},
): QbPlan {
  const types = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.type]));
  const parsed = parseQb(query, { ...opts, fields: types });
  const sort = parsed.sort.length ? [...parsed.sort] : [...(opts.defaultSort ?? [])];
  if (opts.tiebreaker && !sort.some((s) => s.field === opts.tiebreaker)) {
    sort.push({ field: opts.tiebreaker, dir: sort[0]?.dir ?? 'ASC' });
  }
  return {
    ...parsed,
    sort,
    whereSql: qbWhereSql(parsed.where, fields),
    orderBy: sort.map((s) =>
      s.dir === 'ASC'
        ? sql`${fields[s.field].expr} asc nulls last`
        : sql`${fields[s.field].expr} desc nulls last`,
    ),
  };
}

/** The (qb) page answer: `{ data, count, total, page, pageCount }`. */
export function qbPageOf<T>(data: T[], total: number, plan: Pick<QbParsed, 'limit' | 'offset'>) {
  return {
    data,
    count: data.length,
    total,
    page: Math.floor(plan.offset / plan.limit) + 1,
    pageCount: Math.ceil(total / plan.limit),
  };
}
