import { createApiClient } from '@tt/api-client';

/**
 * Every HTTP call of the soak goes through here, so that each answer of 500 or more is recorded
 * (when, which path, which status) for the end check, and network errors are retried the way a
 * client retries a request that never reached a server.
 */
export interface Fault {
  at: number;
  status: number;
  what: string;
  /** The start of the answer (nginx's own page, or the app's error). */
  body: string;
}

export const faults: Fault[] = [];
export let requests = 0;

export interface Call {
  /** Session token (Authorization: Bearer). */
  token?: string;
  /** Chat token, as bots send it (authtoken). */
  chat?: string;
  body?: unknown;
  form?: FormData;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what}: ${status} ${body.slice(0, 200)}`);
  }
}

/** fetch, recording every answer of 500 or more. */
export const recordingFetch: typeof fetch = async (input, init) => {
  requests++;
  const res = await fetch(input, init);
  if (res.status >= 500) {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input : input.url,
    );
    const what = `${init?.method ?? 'GET'} ${url.pathname.replace(/[0-9a-f-]{36}/g, ':id')}`;
    const body = (await res.clone().text()).replace(/\s+/g, ' ').slice(0, 120);
    faults.push({ at: Date.now(), status: res.status, what, body });
  }
  return res;
};

/** The typed API client of the app, through the load balancer, as `token`. */
export const api = (base: string, token: string | null = null) =>
  createApiClient({ baseUrl: base, getToken: () => token, fetch: recordingFetch });

/** One request; answers the parsed body, throws HttpError on a status ≥ 400. */
export async function http<T = any>(base: string, method: string, path: string, c: Call = {}) {
  const headers: Record<string, string> = {};
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  if (c.chat) {
    headers.authtoken = c.chat;
    headers.appid = 'soak';
    headers.sdk = 'javascript@3.0.10';
  }
  let body: FormData | string | undefined;
  if (c.form) body = c.form;
  else if (c.body !== undefined) {
    body = JSON.stringify(c.body);
    headers['content-type'] = 'application/json';
  }
  const res = await recordingFetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  const what = `${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}`;
  if (res.status >= 400) throw new HttpError(res.status, text, what);
  return (text ? JSON.parse(text) : null) as T;
}

/** Retries `work` on network errors and 5xx (the cluster is being disturbed) for up to `ms`. */
export async function retrying<T>(work: () => Promise<T>, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await work();
    } catch (err) {
      const status =
        err instanceof HttpError ? err.status : ((err as { status?: number }).status ?? 0);
      const transient = status === 0 || status >= 500 || status === 429;
      if (!transient || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
