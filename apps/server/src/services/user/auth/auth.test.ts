import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import { authEndpoints as e, serviceStatusEndpoint } from '@tt/protocol';
import {
  expectError,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '../../../../test/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('sign-up', () => {
  it('creates an account, answers a token and mails a verification code', async () => {
    const email = uniqueEmail('signup');
    const { accessToken } = await s.client.call(e.signUp, {
      body: { email, password: 'long-enough-pw' },
    });
    const claims = decodeJwt(accessToken);
    expect(claims.tokenRole).toBe('user');
    expect(claims.type).toBe('user');
    const mail = (await s.outbox()).find((m) => m.to === email);
    expect(mail?.subject).toMatch(/verification code: \d{6}/);
  });

  it('refuses a missing e-mail or password with the missing-field message', async () => {
    await expectError(
      s.client.call(e.signUp, { body: { email: uniqueEmail() } as never }),
      400,
      'Email or password is missing in request.',
    );
    await expectError(
      s.client.call(e.signUp, { body: { password: 'long-enough-pw' } as never }),
      400,
      'Email or password is missing in request.',
    );
    await expectError(
      s.client.raw({ method: 'POST', path: '/api/user-service/users/sign-up' }),
      400,
      'Email or password is missing in request.',
    );
  });

  it('lists every failing field for other bad input', async () => {
    const body = await expectError(
      s.client.call(e.signUp, { body: { email: 'not-an-email', password: 'short' } }),
      400,
    );
    expect(body.message).toHaveLength(2);
    expect((body.message as string[]).join(' ')).toMatch(/email/);
    expect((body.message as string[]).join(' ')).toMatch(/password/);
  });

  it('refuses an address already registered (any case)', async () => {
    const email = uniqueEmail('dupe');
    await s.client.call(e.signUp, { body: { email, password: 'long-enough-pw' } });
    await expectError(
      s.client.call(e.signUp, { body: { email: email.toUpperCase(), password: 'long-enough-pw' } }),
      403,
      'This email is already registered.',
    );
  });
});

describe('login', () => {
  it('answers { accessToken } for a verified account, as the TTLIVE bot expects', async () => {
    const u = await s.createUser();
    const res = await s.client.call(e.login, { body: { email: u.email, password: u.password } });
    expect(Object.keys(res)).toEqual(['accessToken']);
    const session = await s.as(res.accessToken).call(e.session, {});
    expect(session.uuid).toBe(u.uuid);
    expect(session.isGuest).toBe(false);
  });

  it('refuses a wrong password or unknown address with 401', async () => {
    const u = await s.createUser();
    await expectError(
      s.client.call(e.login, { body: { email: u.email, password: 'wrong-password' } }),
      401,
      'Incorrect email or password',
    );
    await expectError(
      s.client.call(e.login, { body: { email: uniqueEmail(), password: 'whatever-pw' } }),
      401,
      'Incorrect email or password',
    );
  });

  it('refuses an unverified address', async () => {
    const email = uniqueEmail('unverified');
    await s.client.call(e.signUp, { body: { email, password: 'long-enough-pw' } });
    await expectError(
      s.client.call(e.login, { body: { email, password: 'long-enough-pw' } }),
      401,
      'Email address is not verified',
    );
  });

  it('refuses a missing field with the missing-field message', async () => {
    await expectError(
      s.client.call(e.login, { body: { email: 'x@example.test' } as never }),
      400,
      'Email or password is missing in request.',
    );
  });
});

describe('tokens', () => {
  it('serves the RS256 public key that verifies issued tokens', async () => {
    const u = await s.createUser({ roles: ['user', 'moderator'] });
    const { publicKey, algorithm } = await s.client.call(e.pubKey, {});
    expect(algorithm).toBe('RS256');
    const { payload } = await jwtVerify(u.token, await importSPKI(publicKey, 'RS256'));
    expect(payload.uuid).toBe(u.uuid);
    expect(payload.tokenRole).toBe('moderator');
  });

  it('issues guest tokens that carry tokenRole guest', async () => {
    const { accessToken } = await s.client.call(e.guest, {});
    const session = await s.as(accessToken).call(e.session, {});
    expect(session).toMatchObject({ tokenRole: 'guest', isGuest: true, roles: ['guest'] });
  });

  it('answers 401 without a token and with a forged one', async () => {
    await expectError(s.client.call(e.session, {}), 401, 'Unauthorized to perform action');
    await expectError(s.as('not.a.jwt').call(e.session, {}), 401, 'Invalid or expired token');
  });
});

describe('platform', () => {
  it('answers the service status route', async () => {
    const status = await s.client.call(serviceStatusEndpoint('user'), {});
    expect(status).toMatchObject({ service: 'user-service', status: 'ok', version: '1.7.0' });
    expect(status.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('answers unknown routes with 404 in the {statusCode, error, message} shape', async () => {
    const body = await expectError(
      s.client.raw({ method: 'GET', path: '/api/user-service/nope' }),
      404,
    );
    expect(body.error).toBe('Not Found');
  });

  it('serves the OpenAPI document with every user-service route', async () => {
    const doc = (await s.client.raw({ method: 'GET', path: '/api/docs/json' })) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toContain('/api/user-service/auth/login');
    expect(Object.keys(doc.paths)).toContain('/api/room-service/info-admin/room-service-status');
  });
});

describe('stale tokens', () => {
  it('do not stop a public route such as login', async () => {
    const u = await s.createUser();
    const res = await s
      .as('stale.or.forged')
      .call(e.login, { body: { email: u.email, password: u.password } });
    expect(res.accessToken).toBeTruthy();
  });
});
