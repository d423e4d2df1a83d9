import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { AppError } from './errors';
import { jsonQueryControlCharPath } from './http-hardening';
import { parseQb } from './qb';

const users = (s: TestServer, search: string) =>
  `${s.url}/api/user-service/admin/users?s=${encodeURIComponent(search)}`;

describe('SEC-INPUT-2: control characters decoded from JSON query values', () => {
  let s: TestServer;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    s = await startTestServer();
    admin = (await s.createUser({ roles: ['user', 'admin'] })).token;
    user = (await s.createUser()).token;
  });
  afterAll(() => s?.close());

  const get = (url: string, token: string | null) =>
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('an admin list searched for a NUL inside its JSON answers 400 naming the parameter, not 500', async () => {
    for (const search of [
      '{"nickname":"a\\u0000b"}',
      '{"nickname":{"$cont":"a\\u0000b"}}',
      '{"$or":[{"email":{"$in":["a\\u0000b"]}}]}',
    ]) {
      const res = await get(users(s, search), admin);
      expect(res.status, search).toBe(400);
      const body = (await res.json()) as { code?: string; message: string[] };
      expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION' });
      expect(body.message[0]).toMatch(/^query\.s\.[\w.$]+: must not contain control characters$/);
    }
    const key = await get(users(s, '{"a\\u0000b":1}'), admin);
    expect(key.status).toBe(400);
    expect(((await key.json()) as { message: string[] }).message).toEqual([
      'query.s: must not contain control characters',
    ]);
  });

  it('the same search without the NUL works, and a newline escape stays allowed', async () => {
    const res = await get(users(s, '{"nickname":{"$cont":"ab"}}'), admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: expect.any(Array) });
    expect((await get(users(s, '{"nickname":{"$cont":"a\\nb"}}'), admin)).status).toBe(200);
  });

  it('the list still asks for a token and the admin role first', async () => {
    expect((await get(users(s, '{"nickname":"ab"}'), null)).status).toBe(401);
    expect((await get(users(s, '{"nickname":"ab"}'), user)).status).toBe(403);
  });

  it('any route: a JSON-looking query value with an escaped control character answers 400', async () => {
    const res = await get(
      `${s.url}/api/room-service/rooms?search=${encodeURIComponent('"a\\u0001b"')}`,
      user,
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string[] }).message).toEqual([
      'query.search: must not contain control characters',
    ]);
  });

  it('finds the field inside the decoded value; plain text and bad JSON are left alone', () => {
    expect(jsonQueryControlCharPath({ s: '{"a":["x","y\\u0000"]}' })).toBe('query.s.a.1');
    expect(jsonQueryControlCharPath({ s: ['ok', '["\\u001f"]'] })).toBe('query.s.0');
    expect(jsonQueryControlCharPath({ q: 'back\\slash', s: '{"a":' })).toBeNull();
    expect(jsonQueryControlCharPath({ s: '{"a":"tab\\there"}' })).toBeNull();
  });

  it('the query builder refuses it too when called without the HTTP hook', () => {
    const call = () =>
      parseQb({ s: '{"nickname":"a\\u0000b"}' }, { fields: { nickname: 'string' } });
    expect(call).toThrow(AppError);
    expect(call).toThrow('query.s.nickname: must not contain control characters');
  });
});
