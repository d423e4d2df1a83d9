import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodError, $ZodType, safeEncode } from 'zod/v4/core';

/**
 * HTTP-OUT-1: what a route answers is cut to its contract's response schema, key by key: an
 * object keeps only the keys its schema names (or its catch-all's), in the schema's order, at
 * every depth, so nothing outside the contract (a password hash on a row, an internal field on a
 * song) can go out. With `check` (the tests, and `RESPONSE_CHECK=full`) the schema's own encode
 * also runs, a failure is the same 500 as before, and an answer the cut writes differently from
 * the schema is a 500 naming the route: the whole test suite holds the cut to the schema. Without
 * it the types are not checked again per request (the cut costs a fraction of the schema's check,
 * which ran twice over every field with a check; it was a quarter of a room list's CPU).
 */
type Cut = (value: unknown) => unknown;

const keep: Cut = (value) => value;

/** The schema's own encode, for the kinds the cut does not take apart (unions, pipes, tuples…). */
function bySchema(schema: $ZodType): Cut {
  return (value) => {
    const result = safeEncode(schema, value);
    if (result.error) throw result.error;
    return result.data;
  };
}

const cuts = new WeakMap<$ZodType, Cut>();

/** The cut of `schema`, made once per schema (and once per lazy schema, however deep it recurs). */
export function cutOf(schema: $ZodType): Cut {
  const known = cuts.get(schema);
  if (known) return known;
  // A recursive schema reaches itself again while its cut is being made: that reach waits for it.
  const slot: { cut?: Cut } = {};
  cuts.set(schema, (value) => slot.cut!(value));
  slot.cut = makeCut(schema);
  cuts.set(schema, slot.cut);
  return slot.cut;
}

/**
 * An object's cut, written as code once per schema (as zod does for its own check): one line per
 * named key, a key whose schema needs no cut copied as it is, so a 30-field row costs 30 loads
 * and stores rather than 30 calls through closures.
 */
function objectCut(keys: string[], fields: Cut[], rest: Cut | undefined): Cut {
  const lines = keys.map((key, i) => {
    const at = JSON.stringify(key);
    const value = fields[i] === keep ? 'x' : `f[${i}](x)`;
    return `x = v[${at}]; if (x !== undefined) o[${at}] = ${value};`;
  });
  const named = new Set(keys);
  const body = `
    if (v === null || typeof v !== 'object') return v;
    const o = {};
    let x;
    ${lines.join('\n    ')}
    if (rest) for (const k of Object.keys(v)) {
      if (!named.has(k) && v[k] !== undefined) o[k] = rest(v[k]);
    }
    return o;`;
  const make = new Function('f', 'rest', 'named', `return function cut(v) {${body}\n};`) as (
    f: Cut[],
    rest: Cut | undefined,
    named: Set<string>,
  ) => Cut;
  return make(fields, rest, named);
}

function makeCut(schema: $ZodType): Cut {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, $ZodType>;
      const keys = Object.keys(shape);
      const fields = keys.map((key) => cutOf(shape[key]!));
      const catchall = def.catchall as $ZodType | undefined;
      const rest = catchall && catchall._zod.def.type !== 'never' ? cutOf(catchall) : undefined;
      return objectCut(keys, fields, rest);
    }
    case 'array': {
      const element = cutOf(def.element as $ZodType);
      if (element === keep) return keep;
      return (value) => (Array.isArray(value) ? value.map((v) => element(v)) : value);
    }
    case 'record': {
      // Only keys that are any string are cut here: an enum's keys (every one required, no other
      // allowed, in the enum's order) or keys with a check go by the schema.
      const keyDef = (def.keyType as $ZodType)._zod.def as { type: string; checks?: unknown[] };
      if (keyDef.type !== 'string' || keyDef.checks?.length) return bySchema(schema);
      const values = cutOf(def.valueType as $ZodType);
      return (value) => {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = values(v);
        return out;
      };
    }
    // Encoding (a response) goes through these to their inner schema: no default is filled in.
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional': {
      const inner = cutOf(def.innerType as $ZodType);
      if (inner === keep) return keep;
      return (value) => (value === undefined || value === null ? value : inner(value));
    }
    case 'lazy': {
      // The inner schema is asked for at the first answer, when its own definition is complete.
      let inner: Cut | undefined;
      return (value) => (inner ??= cutOf((def.getter as () => $ZodType)()))(value);
    }
    case 'string':
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'date':
    case 'enum':
    case 'literal':
    case 'template_literal':
    case 'null':
    case 'undefined':
    case 'nan':
    case 'any':
    case 'unknown':
    case 'custom':
    case 'file':
      return keep;
    default:
      return bySchema(schema);
  }
}

function resolveSchema(maybeSchema: unknown): $ZodType {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown }).properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`not a zod schema: ${JSON.stringify(maybeSchema)}`);
}

/** HTTP-OUT-1: Fastify's serializer for every route's response schema. */
export const responseSerializer =
  (check: boolean) =>
  ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const resolved = resolveSchema(schema);
    const cut = cutOf(resolved);
    return (data: unknown): string => {
      const checked = check ? safeEncode(resolved, data) : undefined;
      if (checked?.error)
        throw new ResponseSerializationError(method, url, { cause: checked.error });
      let shaped: unknown;
      try {
        shaped = cut(data);
      } catch (err) {
        // A part the cut leaves to the schema (a union…) did not fit it: a 500, as before.
        if (err instanceof $ZodError)
          throw new ResponseSerializationError(method, url, { cause: err });
        throw err;
      }
      // A value JSON cannot write (a cycle, a BigInt) throws here as it did in the schema's way.
      const text = JSON.stringify(shaped);
      if (!checked) return text;
      const expected = JSON.stringify(checked.data);
      if (expected !== text) {
        throw new Error(
          `HTTP-OUT-1 ${method} ${url}: the cut wrote ${text.slice(0, 300)}; the schema ${expected.slice(0, 300)}`,
        );
      }
      return text;
    };
  };
