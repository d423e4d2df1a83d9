import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPKCS8, SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { startTestServer, uniqueEmail, type TestServer } from '../../test/harness';
import { loadConfig } from './config';
import { clientAddress, parseTrustProxy } from './client-address';
import { controlCharPath } from './http-hardening';
import { safeErrorSerializer } from './logger';

const login = (s: TestServer, email: string, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/api/user-service/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password: 'wrong-password-1' }),
  });

describe('SEC-PROXY-1: forwarded addresses are believed only from configured proxies', () => {
  it('parses TRUST_PROXY: unset trusts nobody, a hop count, addresses and ranges', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    const hops = parseTrustProxy('1');
    expect(hops && hops('10.0.0.1', 0)).toBe(true);
    expect(hops && hops('10.0.0.1', 1)).toBe(false);
    const list = parseTrustProxy('10.0.0.0/8, 127.0.0.1');
    expect(list && list('10.1.2.3', 0)).toBe(true);
    expect(list && list('192.168.1.1', 0)).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });

  it('answers the client address of a raw request by the same trust', () => {
    const req = {
      socket: { remoteAddress: '127.0.0.1' },
      connection: { remoteAddress: '127.0.0.1' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    } as never;
    expect(clientAddress(req, false)).toBe('127.0.0.1');
    expect(clientAddress(req, parseTrustProxy('loopback'))).toBe('203.0.113.9');
    expect(clientAddress(req, parseTrustProxy('10.0.0.0/8'))).toBe('127.0.0.1');
  });

  it('by default, a new X-Forwarded-For per request does not escape the per-IP login limit', async () => {
    const s = await startTestServer({ LOGIN_MAX_ATTEMPTS_PER_IP: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await login(s, uniqueEmail('proxy'), { 'x-forwarded-for': `198.51.100.${i}` });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 5).every((st) => st === 401 || st === 403)).toBe(true);
      expect(statuses.slice(5)).toEqual([429, 429, 429]);
    } finally {
      await s.close();
    }
  });

  it('behind a trusted proxy, each forwarded client has its own limit', async () => {
    const s = await startTestServer({ LOGIN_MAX_ATTEMPTS_PER_IP: '2', TRUST_PROXY: 'loopback' });
    try {
      const a = [];
      for (let i = 0; i < 3; i++)
        a.push((await login(s, uniqueEmail(), { 'x-forwarded-for': '203.0.113.1' })).status);
      const b = (await login(s, uniqueEmail(), { 'x-forwarded-for': '203.0.113.2' })).status;
      expect(a[2]).toBe(429);
      expect(b).not.toBe(429);
    } finally {
      await s.close();
    }
  });
});

describe('platform hardening', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ CORS_ORIGINS: 'https://partner.example' });
  });
  afterAll(() => s.close());

  it('SEC-INPUT-1: control characters in a body, a query or a path answer 400 naming the field', async () => {
    const res = await fetch(`${s.url}/api/user-service/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a\u0000@example.test', password: 'whatever-123' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: unknown };
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.message).toEqual(['body.email: must not contain control characters']);

    const { token } = await s.createUser();
    const inPath = await fetch(`${s.url}/api/user-service/profile/%00abc`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect([400, 404]).toContain(inPath.status);
    const inQuery = await fetch(`${s.url}/api/room-service/rooms?search=a%00b`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(inQuery.status).toBeLessThan(500);
    expect(controlCharPath({ a: [{ b: 'x\u0001' }] }, 'body')).toBe('body.a.0.b');
    expect(controlCharPath({ text: 'line one\nline two\ttab' }, 'body')).toBeNull();
    // A deeply nested body is walked without recursion.
    let deep: unknown = 'ok';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(controlCharPath(deep, 'body')).toBeNull();
  });

  it('SEC-LOG-1: a failed query is logged without its parameters', async () => {
    let caught: unknown;
    try {
      await s.app.platform.db.execute(sql`select ${'hunter2-secret'}::int`);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(JSON.stringify(caught, Object.getOwnPropertyNames(caught))).toContain('hunter2-secret');
    const logged = JSON.stringify(safeErrorSerializer(caught));
    expect(logged).not.toContain('hunter2-secret');
    expect(logged).toMatch(/select/);
  });

  it('SEC-QB-1: admin lists answer 400 for field names of Object.prototype', async () => {
    const { token } = await s.createUser({ roles: ['user', 'admin'] });
    for (const field of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      for (const q of [`filter=${field}||$eq||x`, `sort=${field},ASC`, `s={"${field}":"x"}`]) {
        const res = await fetch(`${s.url}/api/user-service/admin/users?${q}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status, `${q}`).toBe(400);
      }
    }
  });

  it('SEC-CORS-1: only the configured origins are allowed, with credentials', async () => {
    const preflight = (origin: string) =>
      fetch(`${s.url}/api/user-service/auth/login`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const evil = await preflight('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const partner = await preflight('https://partner.example');
    expect(partner.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(partner.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('SEC-HEADERS-1: responses carry a CSP, frame and referrer policies', async () => {
    const res = await fetch(`${s.url}/api/user-service/info-admin/user-service-status`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'self'/);
    expect(csp).toMatch(/script-src 'self' [^;]*https:\/\/sdk\.scdn\.co/);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('cross-origin-embedder-policy')).toBeNull();
    // SEC-HEADERS-2: the one middleware, built once, answers every request the same, also an
    // unknown path, a request without its token and a refused input.
    for (const other of [
      await fetch(`${s.url}/api/user-service/no-such-route`),
      await fetch(`${s.url}/api/user-service/users/profile`),
      await fetch(`${s.url}/api/user-service/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    ]) {
      expect(other.status).toBeGreaterThanOrEqual(400);
      expect(other.headers.get('content-security-policy'), `${other.url} ${other.status}`).toBe(
        csp,
      );
      expect(other.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it('SEC-REQID-1: a short plain request id is kept, anything else is replaced', async () => {
    const id = async (given: string) =>
      (
        await fetch(`${s.url}/api/user-service/info-admin/user-service-status`, {
          headers: { 'x-request-id': given },
        })
      ).headers.get('x-request-id');
    expect(await id('trace-42.a')).toBe('trace-42.a');
    const replaced = await id('<script>alert(1)</script>');
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect(await id('x'.repeat(200))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('SEC-TOKEN-EXP-1: a correctly signed token without exp is refused with 401', async () => {
    const { uuid } = await s.createUser();
    const pem = await fs.readFile(path.join(s.dataDir, 'keys', 'jwt-private.pem'), 'utf8');
    const key = await importPKCS8(pem, 'RS256');
    const token = await new SignJWT({
      uuid,
      tokenRole: 'user',
      roles: ['user'],
      type: 'user',
      sv: 0,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setSubject(uuid)
      .setIssuer('turntable-live')
      .setIssuedAt()
      .sign(key);
    const res = await fetch(`${s.url}/api/user-service/users/profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
  });
});
