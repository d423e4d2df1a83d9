import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authEndpoints, chatTokenEndpoints, cometChatApi, type Endpoint } from '@tt/protocol';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  bodyWith,
  fillPath,
  HOSTILE_BODIES,
  HOSTILE_JSON,
  HOSTILE_TEXT,
  sample,
  type JsonSchema,
} from '../../security/fuzz-inputs';
import { chatUser, roomWithChat } from './testing';

/**
 * CHAT-API-2 (and SEC-FUZZ-1 for routes outside the OpenAPI document): every route of the v3.0
 * subset, called without credentials, with a ghost token, a chat token and a session token, with
 * hostile path values, query values and bodies, answers below 500, and every refusal has
 * CometChat's error body (but 414, which the router answers before any route).
 */

interface Op {
  method: string;
  path: string;
  queryParams: string[];
  body?: JsonSchema;
}

const keysOf = (schema: z.ZodType | undefined): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];

const ops: Op[] = Object.values(cometChatApi as Record<string, Endpoint>).map((def) => ({
  method: def.method,
  path: def.path,
  queryParams: keysOf(def.query),
  body: def.body
    ? (z.toJSONSchema(def.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
    : undefined,
}));

type Who = { authtoken?: string; bearer?: string };
let s: TestServer;
let who: Record<'none' | 'ghost' | 'chat' | 'session', Who>;
let guid: string;

beforeAll(async () => {
  s = await startTestServer({ CHAT_RATE_LIMIT: '100000/1000' });
  const u = await chatUser(s);
  guid = (await roomWithChat(s, u)).uuid;
  const guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
  const ghost = await s.as(guest).call(chatTokenEndpoints.ghostToken, {});
  who = {
    none: {},
    ghost: { authtoken: ghost.authToken },
    chat: { authtoken: u.chat },
    session: { bearer: u.token },
  };
});
afterAll(() => s?.close());

interface Call {
  method: string;
  url: string;
  body?: string;
  contentType?: string;
}

function callsFor(op: Op): Call[] {
  const calls: Call[] = [];
  const plain = fillPath(op.path, guid);
  const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));
  const withBody = op.method !== 'GET' && op.method !== 'DELETE';
  if (op.path.includes('{')) {
    for (const v of HOSTILE_TEXT) {
      calls.push({
        method: op.method,
        url: fillPath(op.path, v),
        body: withBody ? json(sample(op.body)) : undefined,
      });
    }
  }
  for (const v of HOSTILE_TEXT.slice(0, 12)) {
    const names = op.queryParams.length ? op.queryParams : ['q'];
    const qs = names.map((n) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&');
    calls.push({
      method: op.method,
      url: `${plain}?${qs}`,
      body: withBody ? json(sample(op.body)) : undefined,
    });
  }
  if (op.queryParams.length) {
    const repeated = op.queryParams.map((n) => `${n}=1&${n}=2&${n}[a]=3`).join('&');
    calls.push({ method: op.method, url: `${plain}?${repeated}` });
  }
  if (withBody) {
    calls.push({ method: op.method, url: plain, body: json(sample(op.body)) });
    for (const v of HOSTILE_JSON)
      calls.push({ method: op.method, url: plain, body: json(bodyWith(op.body, v)) });
    for (const raw of HOSTILE_BODIES) calls.push({ method: op.method, url: plain, body: raw });
    calls.push({
      method: op.method,
      url: plain,
      body: 'a=1',
      contentType: 'application/x-www-form-urlencoded',
    });
  }
  return calls;
}

async function problemOf(call: Call, creds: Who): Promise<string | null> {
  const headers: Record<string, string> = { appid: 'fuzz' };
  if (creds.authtoken) headers.authtoken = creds.authtoken;
  if (creds.bearer) headers.authorization = `Bearer ${creds.bearer}`;
  if (call.body !== undefined) headers['content-type'] = call.contentType ?? 'application/json';
  const label = `${call.method} ${call.url.slice(0, 120)}`;
  let res: Response;
  try {
    res = await fetch(`${s.url}${call.url}`, {
      method: call.method,
      headers,
      body: call.body,
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    return `${label}: no answer (${String(err)})`;
  }
  const text = await res.text();
  if (res.status >= 500) return `${label}: ${res.status} ${text.slice(0, 200)}`;
  // 414: a path segment past the router's limit is answered by the router, before any chat route.
  if (res.status >= 400 && res.status !== 414) {
    let body: { error?: { code?: unknown; message?: unknown } } = {};
    try {
      body = JSON.parse(text);
    } catch {
      // reported below
    }
    if (typeof body.error?.code !== 'string' || typeof body.error?.message !== 'string') {
      return `${label}: ${res.status} not CometChat's error body: ${text.slice(0, 200)}`;
    }
  }
  return null;
}

describe('CHAT-API-2: fuzz of the v3.0 subset', () => {
  for (const name of ['none', 'ghost', 'chat', 'session'] as const) {
    it(`answers every hostile request below 500 in CometChat's error shape (${name})`, async () => {
      expect(ops.length).toBeGreaterThanOrEqual(14);
      const calls = ops.flatMap(callsFor);
      const problems: string[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          while (next < calls.length) {
            const p = await problemOf(calls[next++], who[name]);
            if (p) problems.push(p);
          }
        }),
      );
      expect(problems.slice(0, 20), `${problems.length} of ${calls.length} calls failed`).toEqual(
        [],
      );
      expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    }, 600_000);
  }
});
