import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueEmail, type TestServer } from '../../test/harness';
import {
  bodyWith,
  fillPath,
  HOSTILE_BODIES,
  HOSTILE_JSON,
  HOSTILE_TEXT,
  hostileJsonQueryTexts,
  operations,
  sample,
  type Operation,
} from './fuzz-inputs';

/**
 * SEC-FUZZ-1: every route of the OpenAPI document, called with no token, a guest's, a user's and
 * an admin's, with hostile path values, query values and bodies, answers below 500 and, when it
 * refuses, with the `{statusCode, error, message}` body. A JSON-encoded query parameter also gets
 * JSON whose decoded text holds a NUL byte, under each field of the list (SEC-INPUT-2). Nothing hangs; nothing pollutes
 * Object.prototype. One test file per kind of caller (fuzz.<who>.test.ts).
 */

interface Call {
  method: string;
  url: string;
  token: string | null;
  body?: string;
  contentType?: string;
}

interface Problem {
  call: string;
  status: number | string;
  body: string;
}

export type Who = 'none' | 'guest' | 'user' | 'admin';

/**
 * A fresh token per operation: a call that ends its own session (a password change, a logout)
 * must not turn every later call into a 401 that proves nothing.
 */
async function tokenFor(s: TestServer, who: Who): Promise<string | null> {
  if (who === 'none') return null;
  if (who === 'guest') {
    const guest = await fetch(`${s.url}/api/user-service/auth/guest`);
    return ((await guest.json()) as { accessToken: string }).accessToken;
  }
  // Password-less accounts: hashing a password for each of the hundreds of operations was most
  // of this file's time, and no fuzzed call needs to know the password.
  const { user } = await s.accounts.createAccount({
    email: uniqueEmail('fuzz'),
    password: null,
    roles: who === 'admin' ? ['user', 'admin'] : ['user'],
    emailStatus: 'VERIFIED',
  });
  return s.accounts.issueToken(user);
}

async function send(
  s: TestServer,
  call: Call,
  tally: { unauthorized: number },
): Promise<Problem | null> {
  const label = `${call.method} ${call.url.slice(0, 160)} [${call.token ? 'token' : 'none'}]`;
  let res: Response;
  try {
    res = await fetch(`${s.url}${call.url}`, {
      method: call.method,
      headers: {
        ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
        ...(call.body !== undefined
          ? { 'content-type': call.contentType ?? 'application/json' }
          : {}),
      },
      body: call.body,
      signal: AbortSignal.timeout(30_000),
      redirect: 'manual',
    });
  } catch (err) {
    return { call: label, status: 'no answer', body: String(err) };
  }
  const text = await res.text();
  if (res.status === 401 && call.token) tally.unauthorized++;
  if (res.status >= 500) return { call: label, status: res.status, body: text.slice(0, 300) };
  if (res.status >= 400) {
    let body: { statusCode?: unknown; error?: unknown; message?: unknown } = {};
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: reported below
    }
    const messageOk = typeof body.message === 'string' || Array.isArray(body.message);
    if (body.statusCode !== res.status || typeof body.error !== 'string' || !messageOk) {
      return {
        call: label,
        status: res.status,
        body: `not the error shape: ${text.slice(0, 200)}`,
      };
    }
  }
  return null;
}

/** The calls for one operation and one token. */
function callsFor(op: Operation, token: string | null): Call[] {
  const calls: Call[] = [];
  const plainPath = fillPath(op.path, '00000000-0000-4000-8000-000000000000');
  const jsonBody = (value: unknown) => (op.body || op.method !== 'GET' ? value : undefined);
  const withBody = (url: string, body?: unknown): Call => {
    const b = op.method === 'GET' || op.method === 'DELETE' ? undefined : jsonBody(body);
    return { method: op.method, url, token, body: b === undefined ? undefined : JSON.stringify(b) };
  };
  if (op.pathParams.length) {
    for (const v of HOSTILE_TEXT) calls.push(withBody(fillPath(op.path, v), sample(op.body)));
  }
  for (const v of HOSTILE_TEXT.slice(0, 12)) {
    const names = op.queryParams.length ? op.queryParams : ['q'];
    const qs = names.map((n) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&');
    calls.push(withBody(`${plainPath}?${qs}`, sample(op.body)));
  }
  for (const name of op.jsonQueryParams) {
    for (const text of hostileJsonQueryTexts(op.itemFields)) {
      calls.push(withBody(`${plainPath}?${name}=${encodeURIComponent(text)}`));
    }
  }
  if (op.queryParams.length) {
    const repeated = op.queryParams.map((n) => `${n}=1&${n}=2&${n}[a]=3`).join('&');
    calls.push(withBody(`${plainPath}?${repeated}`));
  }
  if (op.method !== 'GET' && op.method !== 'DELETE') {
    calls.push(withBody(plainPath, sample(op.body)));
    for (const v of HOSTILE_JSON) calls.push(withBody(plainPath, bodyWith(op.body, v)));
    for (const raw of HOSTILE_BODIES) {
      calls.push({ method: op.method, url: plainPath, token, body: raw });
    }
    calls.push({
      method: op.method,
      url: plainPath,
      token,
      body: 'a=1',
      contentType: 'text/plain',
    });
    if (op.multipart) {
      calls.push({
        method: op.method,
        url: plainPath,
        token,
        body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0000\u0001\r\n--x--\r\n',
        contentType: 'multipart/form-data; boundary=x',
      });
    }
  }
  return calls;
}

/** Runs `calls` with a few in flight at once. */
async function runAll(
  s: TestServer,
  calls: Call[],
  tally: { unauthorized: number },
  inFlight = 6,
): Promise<Problem[]> {
  const problems: Problem[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < calls.length) {
        const problem = await send(s, calls[next++], tally);
        if (problem) problems.push(problem);
      }
    }),
  );
  return problems;
}

/**
 * The fuzz for one kind of caller, in its own file and server so that the four run side by side
 * (together they are thousands of requests).
 */
export function fuzzAs(who: Who): void {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  describe(`SEC-FUZZ-1: schema-driven fuzz of every route (${who})`, () => {
    it('answers every hostile request below 500 with the error shape', async () => {
      const ops = operations(s.app.app.swagger() as never);
      expect(ops.length).toBeGreaterThan(150);
      // The JSON-encoded parameters are found, with the fields their lists answer (SEC-INPUT-2).
      expect(
        ops.filter((o) => o.jsonQueryParams.length && o.itemFields.length).length,
      ).toBeGreaterThan(2);
      const calls: Call[] = [];
      for (const op of ops) calls.push(...callsFor(op, await tokenFor(s, who)));
      // Refusals for a missing or ended session, counted to show the tokens stayed live.
      const tally = { unauthorized: 0 };
      const problems = await runAll(s, calls, tally);
      // Signed-in callers mostly get past authentication (public routes aside, 401s are rare).
      if (who !== 'none') expect(tally.unauthorized).toBeLessThan(calls.length / 10);
      expect(
        problems.slice(0, 25).map((p) => `${p.status} ${p.call} → ${p.body}`),
        `${problems.length} of ${calls.length} calls failed`,
      ).toEqual([]);
      expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    }, 600_000);

    it('still serves after the fuzz', async () => {
      const res = await fetch(`${s.url}/api/user-service/info-admin/user-service-status`);
      expect(res.status).toBe(200);
    });
  });
}
