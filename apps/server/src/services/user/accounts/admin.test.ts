import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEndpoints as e,
  authEndpoints as auth,
  moderationEndpoints as moderation,
  type QbQueryInput,
} from '@tt/protocol';
import {
  expectError,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '../../../../test/harness';

type TestUser = Awaited<ReturnType<TestServer['createUser']>>;

let s: TestServer;
let admin: TestUser;
let mod: TestUser;
let plain: TestUser;
const UNKNOWN = '0e0a6f3c-1111-4222-8333-944445555666';
const ROLE = 'You do not have the role this action needs';
const TAG = `qb${Date.now().toString(36)}`;
const NAMES = ['delta', 'alpha', 'echo', 'charlie', 'bravo'];
const tagged: Record<string, TestUser> = {};

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.createUser({ roles: ['user', 'admin'] });
  mod = await s.createUser({ roles: ['user', 'moderator'] });
  plain = await s.createUser();
  for (const name of NAMES) {
    tagged[name] = await s.createUser({
      nickname: `${TAG}-${name}`,
      email: uniqueEmail(`${TAG}${name}`),
      roles: name === 'echo' ? ['user', 'promoter'] : ['user'],
    });
  }
});
afterAll(() => s.close());

const list = (query: QbQueryInput) => s.as(admin.token).call(e.users, { query });
const mine = { filter: `nickname||$starts||${TAG}-` };
const nicknames = (res: { data: { nickname: string }[] }) =>
  res.data.map((u) => u.nickname.slice(TAG.length + 1));

describe('GET /admin/users (qb)', () => {
  it('pages newest first by default with count, total, page and pageCount', async () => {
    const res = await list({ ...mine, limit: 2 });
    expect(nicknames(res)).toEqual(['bravo', 'charlie']);
    expect(res).toMatchObject({ count: 2, total: 5, page: 1, pageCount: 3 });
    const page3 = await list({ ...mine, limit: 2, page: 3 });
    expect(nicknames(page3)).toEqual(['delta']);
    expect(page3).toMatchObject({ count: 1, total: 5, page: 3, pageCount: 3 });
    const offset = await list({ ...mine, limit: 2, offset: 1 });
    expect(nicknames(offset)).toEqual(['charlie', 'echo']);
    const all = await list({});
    expect(all.total).toBe(8);
    expect(all.data[0]).toMatchObject({ banned: false, roles: expect.any(Array) });
  });

  it('sorts by nickname, id and createdAt', async () => {
    expect(nicknames(await list({ ...mine, sort: 'nickname,ASC' }))).toEqual([
      'alpha',
      'bravo',
      'charlie',
      'delta',
      'echo',
    ]);
    expect(nicknames(await list({ ...mine, sort: 'nickname,DESC' }))[0]).toBe('echo');
    expect(nicknames(await list({ ...mine, sort: 'id,ASC' }))).toEqual(NAMES);
    expect(nicknames(await list({ ...mine, sort: ['createdAt,ASC', 'id,ASC'] }))).toEqual(NAMES);
  });

  it('searches nickname and e-mail through s, case-insensitively', async () => {
    const byNick = await list({ s: JSON.stringify({ nickname: { $cont: `${TAG}-ALP` } }) });
    expect(nicknames(byNick)).toEqual(['alpha']);
    const either = await list({
      s: JSON.stringify({
        $or: [{ nickname: { $cont: `${TAG}-charlie` } }, { email: { $starts: `${TAG}DELTA` } }],
      }),
      sort: 'nickname,ASC',
    });
    expect(nicknames(either)).toEqual(['charlie', 'delta']);
    expect(either.data[1].email).toBe(tagged.delta.email);
  });

  it('filters with filter and or: e-mail, roles, uuid lists, booleans', async () => {
    const byEmail = await list({ filter: `email||$eq||${tagged.bravo.email}` });
    expect(nicknames(byEmail)).toEqual(['bravo']);
    const promoters = await list({ ...mine, filter: [mine.filter, 'roles||$cont||promoter'] });
    expect(nicknames(promoters)).toEqual(['echo']);
    const two = await list({
      filter: `uuid||$in||${tagged.alpha.uuid},${tagged.delta.uuid}`,
      sort: 'nickname,ASC',
    });
    expect(nicknames(two)).toEqual(['alpha', 'delta']);
    const ors = await list({
      or: [`nickname||$eq||${TAG}-alpha`, `nickname||$ends||${TAG}-echo`],
      sort: 'nickname,DESC',
    });
    expect(nicknames(ors)).toEqual(['echo', 'alpha']);
    await s.as(admin.token).call(moderation.ban, { body: { userUuid: tagged.charlie.uuid } });
    const banned = await list({ ...mine, s: '{"banned":true}' });
    expect(nicknames(banned)).toEqual(['charlie']);
    const notBanned = await list({ ...mine, filter: [mine.filter, 'banned||$eq||false'] });
    expect(notBanned.total).toBe(4);
  });

  it('answers 400 naming the field for unknown fields, operators and malformed JSON', async () => {
    await expectError(
      list({ filter: 'passwordHash||$eq||x' }),
      400,
      "Unknown field 'passwordHash' in filter.",
    );
    await expectError(
      list({ filter: 'nickname||$regex||x' }),
      400,
      "Unknown operator '$regex' for field 'nickname' in filter.",
    );
    await expectError(
      list({ s: '{"nickname":' }),
      400,
      'Invalid search parameter s: malformed JSON.',
    );
    await expectError(
      list({ s: '{"sessionVersion":1}' }),
      400,
      "Unknown field 'sessionVersion' in s.",
    );
    await expectError(
      list({ sort: 'passwordHash,ASC' }),
      400,
      "Unknown sort field 'passwordHash'.",
    );
    await expectError(
      list({ filter: 'id||$gt||many' }),
      400,
      "Invalid value many for field 'id': expected a number.",
    );
    await expectError(list({ fields: 'id,secret' }), 400, "Unknown field 'secret' in fields.");
    await expectError(list({ limit: -1 }), 400, /limit/);
  });

  it('accepts fields, join and cache', async () => {
    const res = await list({ ...mine, fields: 'id,nickname,email', join: 'emails', cache: 0 });
    expect(res.total).toBe(5);
  });

  it('needs an admin token', async () => {
    await expectError(s.client.call(e.users, {}), 401, 'Unauthorized to perform action');
    await expectError(s.as(plain.token).call(e.users, {}), 403, ROLE);
    await expectError(s.as(mod.token).call(e.users, {}), 403, ROLE);
  });
});

describe('GET /admin/users/{id}', () => {
  it('answers the admin view by uuid or numeric id', async () => {
    const byUuid = await s.as(admin.token).call(e.user, { params: { id: plain.uuid } });
    expect(byUuid).toMatchObject({ uuid: plain.uuid, email: plain.email, banned: false });
    const byId = await s.as(admin.token).call(e.user, { params: { id: String(plain.id) } });
    expect(byId.uuid).toBe(plain.uuid);
  });

  it('refuses unknown accounts and other roles', async () => {
    await expectError(
      s.as(admin.token).call(e.user, { params: { id: UNKNOWN } }),
      404,
      'User profile not found.',
    );
    await expectError(s.client.call(e.user, { params: { id: plain.uuid } }), 401);
    await expectError(s.as(mod.token).call(e.user, { params: { id: plain.uuid } }), 403, ROLE);
  });
});

describe('POST /users/admin/sign-up', () => {
  it('creates an account that logs in without e-mail verification', async () => {
    const email = uniqueEmail('byadmin');
    const res = await s.as(admin.token).call(e.signUp, {
      body: { email, password: 'long-enough-pw', nickname: 'Made', roles: ['promoter'] },
    });
    expect(res).toMatchObject({ email, nickname: 'Made', emailVerified: true });
    expect(res.roles).toEqual(['user', 'promoter']);
    expect((await s.outbox()).some((m) => m.to === email)).toBe(false);
    const { accessToken } = await s.client.call(auth.login, {
      body: { email, password: 'long-enough-pw' },
    });
    expect((await s.as(accessToken).call(auth.session, {})).tokenRole).toBe('promoter');
  });

  it('refuses missing fields, short passwords, taken e-mails and superUser', async () => {
    await expectError(
      s.as(admin.token).call(e.signUp, { body: { email: uniqueEmail() } as never }),
      400,
      'Email or password is missing in request.',
    );
    await expectError(
      s.as(admin.token).call(e.signUp, { body: { email: uniqueEmail(), password: 'short' } }),
      400,
      'password: password must be at least 8 characters',
    );
    await expectError(
      s
        .as(admin.token)
        .call(e.signUp, { body: { email: plain.email, password: 'long-enough-pw' } }),
      403,
      'This email is already registered.',
    );
    await expectError(
      s.as(admin.token).call(e.signUp, {
        body: { email: uniqueEmail(), password: 'long-enough-pw', roles: ['superUser'] },
      }),
      403,
      'You are not allowed to grant this role.',
    );
  });

  it('needs an admin token', async () => {
    const body = { email: uniqueEmail(), password: 'long-enough-pw' };
    await expectError(s.client.call(e.signUp, { body }), 401, 'Unauthorized to perform action');
    await expectError(s.as(mod.token).call(e.signUp, { body }), 403, ROLE);
  });
});

describe('POST /users/change-password-admin', () => {
  it('sets the password and ends the sessions', async () => {
    const target = await s.createUser();
    await s.as(admin.token).call(e.changePassword, {
      body: { userUuid: target.uuid, newPassword: 'brand-new-secret' },
    });
    await expectError(s.as(target.token).call(auth.session, {}), 401);
    await expectError(
      s.client.call(auth.login, { body: { email: target.email, password: target.password } }),
      401,
      'Incorrect email or password',
    );
    await s.client.call(auth.login, {
      body: { email: target.email, password: 'brand-new-secret' },
    });
  });

  it('refuses the same password, short ones, unknown accounts and equal ranks', async () => {
    const target = await s.createUser();
    await expectError(
      s.as(admin.token).call(e.changePassword, {
        body: { userUuid: target.uuid, newPassword: target.password },
      }),
      400,
      'New password must be different from your previous password.',
    );
    await expectError(
      s
        .as(admin.token)
        .call(e.changePassword, { body: { userUuid: target.uuid, newPassword: 'x' } }),
      400,
      'newPassword: password must be at least 8 characters',
    );
    await expectError(
      s.as(admin.token).call(e.changePassword, {
        body: { userUuid: UNKNOWN, newPassword: 'long-enough-pw' },
      }),
      404,
      'User profile not found.',
    );
    const other = await s.createUser({ roles: ['user', 'admin'] });
    await expectError(
      s.as(admin.token).call(e.changePassword, {
        body: { userUuid: other.uuid, newPassword: 'long-enough-pw' },
      }),
      403,
      'You cannot act on an account whose role is equal to or higher than yours.',
    );
  });

  it('needs an admin token', async () => {
    const body = { userUuid: plain.uuid, newPassword: 'long-enough-pw' };
    await expectError(
      s.client.call(e.changePassword, { body }),
      401,
      'Unauthorized to perform action',
    );
    await expectError(s.as(mod.token).call(e.changePassword, { body }), 403, ROLE);
  });
});

describe('OpenAPI', () => {
  it('documents the moderation, voucher and admin routes', async () => {
    const doc = (await s.client.raw({ method: 'GET', path: '/api/docs/json' })) as {
      paths: Record<string, unknown>;
    };
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/user-service/admin/users',
      '/api/user-service/users/{id}/capabilities/{capability}',
      '/api/user-service/users/request-deactivate',
      '/api/user-service/vouchers/redeem',
      '/api/user-service/users/voucher-sign-up',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
