import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a fake provider sees it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  /** Extra response headers (e.g. `location` of a 302). */
  headers?: Record<string, string>;
}

/**
 * How the fakes match a search query: the whole query inside the first field (the title, no
 * case), or — for a query of several words — every word somewhere in the fields, so
 * "title artist" finds a track as the real services do.
 */
export function matchesSearch(q: string, fields: (string | null | undefined)[]): boolean {
  const query = q.trim().toLowerCase();
  const values = fields.map((f) => (typeof f === 'string' ? f.toLowerCase() : ''));
  if ((values[0] ?? '').includes(query)) return true;
  const words = query.split(/\s+/).filter(Boolean);
  const text = values.join(' ');
  return words.length > 1 && words.every((w) => text.includes(w));
}

export interface FakeServer {
  url: string;
  /** Every request, oldest first. */
  requests: FakeRequest[];
  close(): Promise<void>;
}

/** Starts a local JSON server on a random port of 127.0.0.1 answering with `handle`. */
export async function startFakeServer(
  handle: (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://fake');
      const fr: FakeRequest = {
        method: req.method ?? 'GET',
        path: u.pathname,
        query: u.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(fr);
      Promise.resolve()
        .then(() => handle(fr))
        .catch((err: unknown): FakeAnswer => ({ status: 500, body: { error: String(err) } }))
        .then((a) => {
          res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
          res.end(a.body === undefined ? '' : JSON.stringify(a.body));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/**
 * An OAuth2 client-credentials token endpoint: checks HTTP Basic client authentication and
 * `grant_type=client_credentials`, issues `tok-1`, `tok-2`, … and counts the requests.
 */
export class FakeTokenIssuer {
  tokenRequests = 0;
  current: string | null = null;

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  issue(req: FakeRequest): FakeAnswer {
    this.tokenRequests++;
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    const form = new URLSearchParams(req.body);
    if (req.headers.authorization !== expected) {
      return { status: 401, body: { error: 'invalid_client' } };
    }
    if (form.get('grant_type') !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    this.current = `tok-${this.tokenRequests}`;
    return {
      status: 200,
      body: { access_token: this.current, token_type: 'Bearer', expires_in: 3600 },
    };
  }

  /** True if the request carries the newest token as `scheme <token>`. */
  authorized(req: FakeRequest, scheme = 'Bearer'): boolean {
    return this.current !== null && req.headers.authorization === `${scheme} ${this.current}`;
  }
}
