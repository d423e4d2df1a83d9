import {
  QB_OPERATORS,
  type QbQueryInput,
  displayErrorText,
  serviceBase,
  statusText,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
} from '@tt/protocol';

/** A failed call: url, status, statusText and the body. */
export class ApiError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(ApiError.describe(status, body));
    this.name = 'ApiError';
  }

  /** The text to show a user (`displayErrorText`: the server's message, or a generic apology). */
  get displayText(): string {
    return displayErrorText(this.status, this.body);
  }

  /** The server's message, or the first of its list. */
  get serverMessage(): string | undefined {
    const m = (this.body as { message?: unknown } | null)?.message;
    return Array.isArray(m) ? (m[0] as string) : typeof m === 'string' ? m : undefined;
  }

  private static describe(status: number, body: unknown): string {
    const m = (body as { message?: unknown } | null)?.message;
    const text = Array.isArray(m) ? m.join('; ') : typeof m === 'string' ? m : statusText(status);
    return `${status} ${text}`;
  }
}

export type QueryValue = string | number | boolean | null | undefined | QueryValue[];

/**
 * Query string per the shared request layer: array values repeat the key, null/undefined are left out.
 */
export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  const add = (k: string, v: unknown) => {
    if (v === undefined || v === null) return;
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(s)}`);
  };
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) v.forEach((item) => add(k, item));
    else add(k, v);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * Fills `{name}` placeholders; a colon in the resulting path becomes an underscore
 * (SONG-DATA-LINK-1).
 */
export function buildPath(template: string, params: Record<string, unknown> | undefined): string {
  const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
  return filled.replace(/:/g, '_').replace(/%3A/gi, '_');
}

export type QbOperator = (typeof QB_OPERATORS)[number];
export interface QbCondition {
  field: string;
  operator: QbOperator;
  value?: string | number | boolean | (string | number)[];
}

/**
 * Builds the query-builder params of a (qb) list from structured parts:
 * conditions become `field||$op||value` (lists comma-joined), sorts `field,ASC`, `s` is JSON.
 */
export function qbParams(q: {
  fields?: string[];
  search?: Record<string, unknown>;
  filter?: QbCondition[];
  or?: QbCondition[];
  sort?: { field: string; order: 'ASC' | 'DESC' }[];
  join?: string[];
  limit?: number;
  offset?: number;
  page?: number;
  cache?: number;
}): QbQueryInput {
  const cond = (c: QbCondition) =>
    c.value === undefined
      ? `${c.field}||${c.operator}`
      : `${c.field}||${c.operator}||${Array.isArray(c.value) ? c.value.join(',') : String(c.value)}`;
  const out: QbQueryInput = {};
  if (q.fields?.length) out.fields = q.fields.join(',');
  if (q.search) out.s = JSON.stringify(q.search);
  if (q.filter?.length) out.filter = q.filter.map(cond);
  if (q.or?.length) out.or = q.or.map(cond);
  if (q.sort?.length) out.sort = q.sort.map((x) => `${x.field},${x.order}`);
  if (q.join?.length) out.join = q.join;
  for (const k of ['limit', 'offset', 'page', 'cache'] as const)
    if (q[k] !== undefined) out[k] = q[k];
  return out;
}

export interface ApiClientOptions {
  /** Origin of the platform, e.g. http://localhost:3000 ('' in the browser for same-origin). */
  baseUrl: string;
  /** The bearer token to send, if any. */
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
}

export interface CallOptions {
  /** Overrides the client's token for this call; `null` sends none. */
  token?: string | null;
  signal?: AbortSignal;
}

export interface RawRequest {
  method: string;
  /** Full path from the origin, e.g. /api/user-service/users/profile */
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  formData?: FormData;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The typed API client: the web app and the tests call the platform through it. */
export function createApiClient(opts: ApiClientOptions) {
  const doFetch = opts.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function raw(req: RawRequest, call: CallOptions = {}): Promise<unknown> {
    const url = `${opts.baseUrl.replace(/\/$/, '')}${req.path}${buildQuery(req.query)}`;
    const token = call.token === undefined ? opts.getToken?.() : call.token;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: FormData | string | undefined;
    if (req.formData) body = req.formData;
    else if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const res = await doFetch(url, { method: req.method, headers, body, signal: call.signal });
    const text = await res.text();
    let parsed: unknown = text;
    if (text && (res.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    // A response is an error if it has a statusCode of 400 or more.
    if (!res.ok || res.status >= 400) {
      throw new ApiError(url, res.status, res.statusText || statusText(res.status), parsed);
    }
    return text === '' ? undefined : parsed;
  }

  /** Calls one endpoint of the protocol contract. */
  function call<E extends Endpoint>(
    def: E,
    input: EndpointInput<E>,
    options?: CallOptions,
  ): Promise<EndpointResponse<E>>;
  function call<E extends Endpoint>(def: E, input?: EndpointInput<E>, options?: CallOptions) {
    const i = (input ?? {}) as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    const formData = i.body instanceof FormData ? i.body : undefined;
    return raw(
      {
        method: def.method,
        path: serviceBase(def.service) + buildPath(def.path, i.params),
        query: i.query,
        body: formData ? undefined : i.body,
        formData,
      },
      options,
    ) as Promise<EndpointResponse<E>>;
  }

  return { call, raw };
}

export { displayErrorText };
