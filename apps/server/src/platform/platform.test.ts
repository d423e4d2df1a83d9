import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints as e, serviceStatusEndpoint } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../test/harness';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('applies defaults to an empty environment', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.SERVICES).toContain('user');
    expect(c.EMAIL_VERIFICATION_MIN_INTERVAL).toBe(60);
    expect(c.ACCESS_TOKEN_TTL).toBe(7 * 86400);
    // HTTP-OUT-1: answers are checked against their schema under test, only cut elsewhere.
    expect(c.RESPONSE_CHECK).toBe('shape');
    expect(loadConfig({ NODE_ENV: 'test' }).RESPONSE_CHECK).toBe('full');
    expect(loadConfig({ NODE_ENV: 'test', RESPONSE_CHECK: 'shape' }).RESPONSE_CHECK).toBe('shape');
    expect(() => loadConfig({ RESPONSE_CHECK: 'some' })).toThrow(/RESPONSE_CHECK/);
  });

  it('resolves a relative DATA_DIR against the directory the command ran in', () => {
    expect(loadConfig({ DATA_DIR: 'data', INIT_CWD: '/srv/tt' }).dataDir).toBe('/srv/tt/data');
    expect(loadConfig({ DATA_DIR: '/var/lib/tt' }).dataDir).toBe('/var/lib/tt');
  });

  it('names the variable that holds a wrong value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres/,
    );
    expect(() => loadConfig({ SERVICES: 'user,radio' })).toThrow(/SERVICES/);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: 'forever' })).toThrow(/ACCESS_TOKEN_TTL/);
  });

  it('stops the start with a message naming the variable', () => {
    const serverDir = path.resolve(import.meta.dirname, '../..');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '', REDIS_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Invalid configuration/);
    expect(run.stderr).toMatch(/PORT/);
  });
});

describe('errors and routing', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({}, (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('secret database password leaked?');
      });
    });
  });
  afterAll(() => s.close());

  it('answers a thrown bug with 500 in the {statusCode, error, message} shape, leaking nothing, with the request id', async () => {
    const res = await fetch(`${s.url}/api/test/boom`);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { statusCode: number; error: string; message: string };
    expect(body.statusCode).toBe(500);
    expect(body.error).toBe('Internal Server Error');
    expect(JSON.stringify(body)).not.toMatch(/secret|password|stack/);
    expect(body.message).toContain(res.headers.get('x-request-id'));
  });

  it('answers malformed JSON with 400 in the {statusCode, error, message} shape', async () => {
    const res = await fetch(`${s.url}/api/user-service/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { statusCode: number; error: string; message: string };
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('answers an unknown route with 404 in the {statusCode, error, message} shape', async () => {
    const body = await expectError(
      s.client.raw({ method: 'DELETE', path: '/api/nothing/here' }),
      404,
    );
    expect(body.message).toBe('Route DELETE /api/nothing/here not found');
  });

  it('answers every service status route', async () => {
    for (const name of [
      'user',
      'room',
      'song',
      'playlist',
      'notification',
      'social',
      'points',
      'payment',
      'audit',
      'upload',
      'merch',
    ] as const) {
      const status = await s.client.call(serviceStatusEndpoint(name), {});
      expect(status.service).toBe(`${name}-service`);
    }
  });
});

describe('SERVICES selects a subset', () => {
  it('mounts only the named services', async () => {
    const s = await startTestServer({ SERVICES: 'room' });
    try {
      await s.client.call(serviceStatusEndpoint('room'), {});
      await expectError(s.client.call(serviceStatusEndpoint('user'), {}), 404);
    } finally {
      await s.close();
    }
  });
});

describe('throttling', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      RATE_LIMIT_ENABLED: 'true',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_ATTEMPTS_PER_IP: '12',
    });
  });
  afterAll(() => s.close());

  it('throttles login per account after repeated failures, even with the right password', async () => {
    const u = await s.createUser();
    for (let i = 0; i < 3; i++) {
      await expectError(
        s.client.call(e.login, { body: { email: u.email, password: 'wrong-password' } }),
        401,
      );
    }
    await expectError(
      s.client.call(e.login, { body: { email: u.email, password: u.password } }),
      429,
      'Too many login attempts, please wait a few minutes and try again',
    );
  });

  it('throttles login per IP across accounts', async () => {
    let status = 0;
    for (let i = 0; i < 15 && status !== 429; i++) {
      const u = await s.createUser();
      try {
        await s.client.call(e.login, { body: { email: u.email, password: u.password } });
      } catch (err) {
        status = (err as { status: number }).status;
      }
    }
    expect(status).toBe(429);
  });

  it('rate-limits auth routes with 429 in the {statusCode, error, message} shape', async () => {
    let last: unknown;
    for (let i = 0; i < 70; i++) {
      try {
        await s.client.call(e.guest, {});
      } catch (err) {
        last = err;
        break;
      }
    }
    expect((last as { status?: number })?.status).toBe(429);
    expect((last as { body: { message: string } }).body.message).toBe(
      'Too many requests, please try again later',
    );
  });
});
