import { randomUUID } from 'node:crypto';

/** The parts of an OpenAPI document the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
}

export interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Query parameters whose text is JSON (`format: json` in the document, SEC-INPUT-2). */
  jsonQueryParams: string[];
  /** Field names of the items the operation answers (a list's rows), for JSON searches. */
  itemFields: string[];
  body?: JsonSchema;
  multipart: boolean;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ name: string; in: string; schema?: JsonSchema }>;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
      }
    >
  >;
}

/** Every operation of the document (the web app's catch-all is hidden from it). */
export function operations(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        jsonQueryParams: params
          .filter((p) => p.in === 'query' && p.schema?.format === 'json')
          .map((p) => p.name),
        itemFields: itemFields(op.responses?.['200']?.content?.['application/json']?.schema),
        body: content['application/json']?.schema,
        multipart: Boolean(content['multipart/form-data']),
      });
    }
  }
  return out;
}

/** The property names of a list's rows: `data: [...]` (a page), a bare array, or the object. */
function itemFields(schema: JsonSchema | undefined): string[] {
  const rows = schema?.properties?.data?.items ?? schema?.items ?? schema;
  return Object.keys(rows?.properties ?? {}).slice(0, 60);
}

/**
 * SEC-INPUT-2: JSON texts for a JSON-encoded query parameter whose decoded strings or keys hold a
 * NUL byte (the raw query holds only `\u0000`): bare, as a key, and under each of the list's
 * fields both as a value and inside an operator, so that a list passes it to its database query.
 */
export function hostileJsonQueryTexts(fields: string[]): string[] {
  const nul = 'a\u0000b';
  const values: unknown[] = [nul, { [nul]: 1 }, { x: nul }, [nul]];
  for (const f of fields) {
    values.push({ [f]: nul }, { [f]: { $cont: nul } }, { $or: [{ [f]: { $in: [nul] } }] });
  }
  return values.map((v) => JSON.stringify(v));
}

/** A plausible value for a schema: the fuzzer's starting point before it breaks things. */
export function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sample(alt.find((s) => s.type !== 'null') ?? alt[0], depth + 1);
  if (schema.allOf?.length) return sample(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = sample(v, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items, depth + 1),
      );
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return `fuzz-${randomUUID().slice(0, 8)}@example.test`;
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'uri') return 'https://example.test/x';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** Hostile values for one path segment or query parameter. */
export const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999999',
  '9007199254740993',
  'NaN',
  '__proto__',
  'constructor',
  'toString',
  '../../../etc/passwd',
  "' OR 1=1 --",
  'x'.repeat(5000),
  '%',
  '💥'.repeat(50),
  randomUUID(),
];

/** Hostile values for a JSON field. */
export const HOSTILE_JSON: unknown[] = [
  null,
  '\u0000',
  'x\u0000y',
  -1,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  1.5,
  '',
  'x'.repeat(100_000),
  {},
  [],
  [[[[[[[[[[]]]]]]]]]],
  true,
  '__proto__',
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  '2024-02-30T25:61:00Z',
];

/** Whole bodies that are not what any route expects. */
export const HOSTILE_BODIES: string[] = [
  '[]',
  '"text"',
  '42',
  'null',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":',
  JSON.stringify(Array.from({ length: 10_000 }, (_, i) => i)),
];

/** A body whose every top-level field holds `value` (fields of the schema, else one field). */
export function bodyWith(schema: JsonSchema | undefined, value: unknown): Record<string, unknown> {
  const names = Object.keys(schema?.properties ?? {});
  const base = (sample(schema) ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = typeof base === 'object' && base ? { ...base } : {};
  for (const name of names.length ? names : ['value']) out[name] = value;
  return out;
}

/** Fills a path template (`/rooms/{id}`) with one value for every parameter. */
export function fillPath(template: string, value: string): string {
  return template.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}
