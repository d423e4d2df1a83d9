import type { SongDto } from '@tt/protocol';

/**
 * Shared plumbing of the music-provider adapters: fetch with a timeout, the provider error
 * (url, status, statusText, body), a bearer-token cache, and the rule that a 401 on a third-party
 * call refreshes the token once and retries (401 or 403 for SoundCloud).
 */

/** What an adapter answers for one song: the provider-facing part of SongDto. */
export type ProviderSong = Pick<
  SongDto,
  | 'trackName'
  | 'artistName'
  | 'genre'
  | 'duration'
  | 'isrc'
  | 'explicit'
  | 'musicProviders'
  | 'thumbnails'
  | 'links'
  | 'previews'
  | 'streamUrls'
  | 'albumName'
  | 'releaseYear'
>;

/** One page of a provider search: `next` is the offset of the following page, or null. */
export interface ProviderSearchPage {
  songs: ProviderSong[];
  next: number | null;
}

/** The part of a pino logger the adapters use. */
export interface ProviderLogger {
  warn(obj: object, msg: string): void;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** A non-success answer (or no answer) from a provider. */
export class ProviderHttpError extends Error {
  /** The URL with credential query values masked (the error is logged). */
  readonly url: string;

  constructor(
    url: string,
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(`${statusText || 'Request failed'} (${status}) from ${redactUrl(url)}`);
    this.name = 'ProviderHttpError';
    this.url = redactUrl(url);
  }
}

/** Drops query values that are credentials (key, client_id, secret_token) from a URL for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    for (const k of [
      'key',
      'apikey',
      'client_id',
      'client_secret',
      'secret_token',
      'oauth_consumer_key',
    ]) {
      if (u.searchParams.has(k)) u.searchParams.set(k, '***');
    }
    return u.toString();
  } catch {
    return url;
  }
}

/** Joins a base URL (with or without trailing slash) and a path; appends defined query values. */
export function buildUrl(
  base: string,
  path: string,
  query: Record<string, string | number | boolean | undefined> = {},
): string {
  const url = new URL(`${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined) url.searchParams.append(k, String(v));
  }
  return url.toString();
}

/** Global fetch with an abort after `timeoutMs`; a timeout or network failure becomes status 0. */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit = {},
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    throw new ProviderHttpError(url, 0, timedOut ? 'Timeout' : 'Network Error', String(err));
  }
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The JSON body of a success; otherwise a ProviderHttpError. */
export async function jsonOrThrow<T>(url: string, res: Response): Promise<T> {
  const body = await readBody(res);
  if (!res.ok) throw new ProviderHttpError(url, res.status, res.statusText, body);
  return body as T;
}

/** GET a JSON document with optional headers; throws ProviderHttpError on non-2xx. */
export async function getJson<T>(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<T> {
  const res = await fetchWithTimeout(
    url,
    { headers: { accept: 'application/json', ...headers } },
    timeoutMs,
  );
  return jsonOrThrow<T>(url, res);
}

/**
 * Caches one access token. `get()` fetches it the first time (concurrent callers share one
 * request) and reuses it until shortly before it expires; `refresh()` forgets it and fetches anew.
 */
export class TokenCache {
  private token: string | null = null;
  private expiresAt = 0;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly fetchToken: () => Promise<{ token: string; expiresInSeconds?: number }>,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<string> {
    if (this.token && this.now() < this.expiresAt) return this.token;
    return this.load();
  }

  async refresh(): Promise<string> {
    this.token = null;
    return this.load();
  }

  private load(): Promise<string> {
    if (!this.pending) {
      this.pending = this.fetchToken()
        .then(({ token, expiresInSeconds }) => {
          this.token = token;
          // Renew a minute early; a token without a lifetime lives until a 401 says otherwise.
          this.expiresAt =
            expiresInSeconds === undefined
              ? Number.POSITIVE_INFINITY
              : this.now() + Math.max(0, expiresInSeconds - 60) * 1000;
          return token;
        })
        .finally(() => {
          this.pending = null;
        });
    }
    return this.pending;
  }
}

/**
 * OAuth2 client-credentials grant (RFC 6749 §4.4): POST form `grant_type=client_credentials`
 * with HTTP Basic client authentication; answers `{ access_token, expires_in }`.
 */
export function clientCredentials(
  tokenUrl: string,
  clientId: string,
  clientSecret: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): () => Promise<{ token: string; expiresInSeconds?: number }> {
  return async () => {
    const res = await fetchWithTimeout(
      tokenUrl,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      },
      timeoutMs,
    );
    const body = await jsonOrThrow<{ access_token?: string; expires_in?: number }>(tokenUrl, res);
    if (!body || typeof body.access_token !== 'string') {
      throw new ProviderHttpError(tokenUrl, res.status, 'No access_token in token response', body);
    }
    return {
      token: body.access_token,
      expiresInSeconds: typeof body.expires_in === 'number' ? body.expires_in : undefined,
    };
  };
}

/**
 * GET JSON with a bearer token from `tokens`. If the answer's status is one of `refreshOn`, the
 * token is refreshed once and the request retried once; a second refusal is thrown.
 */
export async function getJsonWithToken<T>(
  url: string,
  tokens: TokenCache,
  opts: {
    refreshOn?: readonly number[];
    authorization?: (token: string) => string;
    timeoutMs?: number;
  } = {},
): Promise<T> {
  const refreshOn = opts.refreshOn ?? [401];
  const auth = opts.authorization ?? ((t: string) => `Bearer ${t}`);
  const send = (token: string) =>
    fetchWithTimeout(
      url,
      { headers: { accept: 'application/json', authorization: auth(token) } },
      opts.timeoutMs,
    );
  let res = await send(await tokens.get());
  if (refreshOn.includes(res.status)) {
    await res.body?.cancel();
    res = await send(await tokens.refresh());
  }
  return jsonOrThrow<T>(url, res);
}

/** The year of an ISO date (`2021-05-04`, `2021`), or null. */
export function yearOf(date: string | null | undefined): number | null {
  const m = /^(\d{4})/.exec(date ?? '');
  return m ? Number(m[1]) : null;
}

/** Milliseconds → whole seconds (rounded). */
export function msToSeconds(ms: number | null | undefined): number {
  return typeof ms === 'number' && Number.isFinite(ms) ? Math.round(ms / 1000) : 0;
}
