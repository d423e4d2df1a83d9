import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VOUCHER_CODE_PATTERN,
  authEndpoints as auth,
  profileEndpoints as profile,
  voucherEndpoints as e,
  type EndpointInput,
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

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.createUser({ roles: ['user', 'admin'] });
  mod = await s.createUser({ roles: ['user', 'moderator'] });
  plain = await s.createUser();
});
afterAll(() => s.close());

const create = (body: EndpointInput<typeof e.create>['body'] = {}) =>
  s.as(admin.token).call(e.create, { body });

describe('creating and listing vouchers (admins)', () => {
  it('creates readable unique PENDING codes', async () => {
    const [one] = await create();
    expect(one).toMatchObject({
      status: 'PENDING',
      capability: null,
      note: '',
      createdBy: admin.uuid,
      redeemedBy: null,
    });
    expect(one.code).toMatch(VOUCHER_CODE_PATTERN);
    const many = await create({ count: 100, capability: 'uploadMusic', note: 'launch party' });
    expect(many).toHaveLength(100);
    expect(new Set(many.map((v) => v.code)).size).toBe(100);
    expect(many.every((v) => v.capability === 'uploadMusic' && v.note === 'launch party')).toBe(
      true,
    );
  });

  it('refuses bad counts and capabilities', async () => {
    await expectError(create({ count: 0 }), 400, /count/);
    await expectError(create({ count: 101 }), 400, /count/);
    await expectError(create({ capability: 'fly' as never }), 400, /capability/);
  });

  it('lists newest first, filters by status, pages with limit/offset', async () => {
    const [a, b] = await create({ count: 2, note: 'list-test' });
    await s.as(admin.token).call(e.revoke, { params: { id: a.uuid } });
    const all = await s.as(admin.token).call(e.list, { query: { limit: 100 } });
    expect(all.total).toBeGreaterThanOrEqual(2);
    const revoked = await s.as(admin.token).call(e.list, { query: { status: 'REVOKED' } });
    expect(revoked.data.every((v) => v.status === 'REVOKED')).toBe(true);
    expect(revoked.data.map((v) => v.uuid)).toContain(a.uuid);
    const pending = await s
      .as(admin.token)
      .call(e.list, { query: { status: 'PENDING', limit: 100 } });
    expect(pending.data.map((v) => v.uuid)).toContain(b.uuid);
    expect(pending.data.map((v) => v.uuid)).not.toContain(a.uuid);
    const page = await s.as(admin.token).call(e.list, { query: { limit: 2, offset: 1 } });
    expect(page.data.map((v) => v.uuid)).toEqual(all.data.slice(1, 3).map((v) => v.uuid));
    await expectError(
      s.as(admin.token).call(e.list, { query: { status: 'USED' as never } }),
      400,
      /status/,
    );
  });

  it('needs an admin token', async () => {
    await expectError(s.client.call(e.create, { body: {} }), 401, 'Unauthorized to perform action');
    await expectError(s.client.call(e.list, {}), 401, 'Unauthorized to perform action');
    await expectError(
      s.client.call(e.revoke, { params: { id: UNKNOWN } }),
      401,
      'Unauthorized to perform action',
    );
    for (const u of [plain, mod]) {
      await expectError(s.as(u.token).call(e.create, { body: {} }), 403, ROLE);
      await expectError(s.as(u.token).call(e.list, {}), 403, ROLE);
      await expectError(s.as(u.token).call(e.revoke, { params: { id: UNKNOWN } }), 403, ROLE);
    }
  });
});

describe('revoking (DELETE /vouchers/{id})', () => {
  it('revokes a PENDING voucher once', async () => {
    const [v] = await create();
    const res = await s.as(admin.token).call(e.revoke, { params: { id: v.uuid } });
    expect(res.status).toBe('REVOKED');
    expect(res.revokedAt).not.toBeNull();
    await expectError(
      s.as(admin.token).call(e.revoke, { params: { id: v.uuid } }),
      403,
      'This voucher has been revoked.',
    );
  });

  it('refuses redeemed, unknown and malformed ids', async () => {
    const [v] = await create();
    await s.as(plain.token).call(e.redeem, { body: { code: v.code } });
    await expectError(
      s.as(admin.token).call(e.revoke, { params: { id: v.uuid } }),
      403,
      'This voucher has already been redeemed.',
    );
    await expectError(
      s.as(admin.token).call(e.revoke, { params: { id: UNKNOWN } }),
      404,
      'Voucher not found.',
    );
    await expectError(s.as(admin.token).call(e.revoke, { params: { id: 'abc' } }), 400, /id/);
  });
});

describe('redeeming (PATCH /vouchers/redeem)', () => {
  it('redeems for the caller and grants the capability; codes ignore case and spaces', async () => {
    const u = await s.createUser();
    const [v] = await create({ capability: 'promoteRoom' });
    const res = await s
      .as(u.token)
      .call(e.redeem, { body: { code: `  ${v.code.toLowerCase()} ` } });
    expect(res).toMatchObject({ uuid: v.uuid, status: 'REDEEMED', redeemedBy: u.uuid });
    expect(await s.as(u.token).call(profile.capabilities, {})).toEqual({
      capabilities: ['promoteRoom'],
    });
  });

  it('refuses used, revoked and unknown codes', async () => {
    const [used, revoked] = await create({ count: 2 });
    await s.as(plain.token).call(e.redeem, { body: { code: used.code } });
    await expectError(
      s.as(plain.token).call(e.redeem, { body: { code: used.code } }),
      403,
      'This voucher has already been redeemed.',
    );
    await s.as(admin.token).call(e.revoke, { params: { id: revoked.uuid } });
    await expectError(
      s.as(plain.token).call(e.redeem, { body: { code: revoked.code } }),
      403,
      'This voucher has been revoked.',
    );
    await expectError(
      s.as(plain.token).call(e.redeem, { body: { code: 'TT-AAAA-AAAA' } }),
      404,
      'Voucher not found.',
    );
    await expectError(s.as(plain.token).call(e.redeem, { body: { code: '' } }), 400, /code/);
  });

  it('needs a logged-in user (no guests)', async () => {
    await expectError(
      s.client.call(e.redeem, { body: { code: 'TT-AAAA-AAAA' } }),
      401,
      'Unauthorized to perform action',
    );
    const { accessToken } = await s.client.call(auth.guest, {});
    await expectError(
      s.as(accessToken).call(e.redeem, { body: { code: 'TT-AAAA-AAAA' } }),
      403,
      'Guests cannot perform this action, please log in',
    );
  });
});

describe('voucher sign-up (POST /users/voucher-sign-up)', () => {
  it('creates the account, mails the code, redeems the voucher and grants its capability', async () => {
    const [v] = await create({ capability: 'uploadMusic' });
    const email = uniqueEmail('voucher');
    const { accessToken } = await s.client.call(e.voucherSignUp, {
      body: { email, password: 'long-enough-pw', voucherCode: v.code, nickname: 'Invited' },
    });
    const me = await s.as(accessToken).call(profile.ownProfile, {});
    expect(me).toMatchObject({ email, nickname: 'Invited', capabilities: ['uploadMusic'] });
    const mail = (await s.outbox()).find((m) => m.to === email);
    expect(mail?.subject).toMatch(/verification code: \d{6}/);
    const [after] = (await s.as(admin.token).call(e.list, { query: { limit: 100 } })).data.filter(
      (x) => x.uuid === v.uuid,
    );
    expect(after).toMatchObject({ status: 'REDEEMED', redeemedBy: me.uuid });
  });

  it('refuses a missing e-mail, password or voucher code with the missing-field message', async () => {
    const msg = 'Email, password, or voucher code is missing in request.';
    const full = { email: uniqueEmail(), password: 'long-enough-pw', voucherCode: 'TT-AAAA-AAAA' };
    for (const key of ['email', 'password', 'voucherCode'] as const) {
      const body: Partial<typeof full> = { ...full };
      delete body[key];
      await expectError(s.client.call(e.voucherSignUp, { body: body as never }), 400, msg);
    }
    await expectError(
      s.client.raw({ method: 'POST', path: '/api/user-service/users/voucher-sign-up' }),
      400,
      msg,
    );
  });

  it('refuses unknown, used and revoked vouchers', async () => {
    const body = (voucherCode: string) => ({
      email: uniqueEmail(),
      password: 'long-enough-pw',
      voucherCode,
    });
    await expectError(
      s.client.call(e.voucherSignUp, { body: body('TT-AAAA-AAAA') }),
      403,
      'This voucher code is not valid.',
    );
    const [used, revoked] = await create({ count: 2 });
    await s.client.call(e.voucherSignUp, { body: body(used.code) });
    await expectError(
      s.client.call(e.voucherSignUp, { body: body(used.code) }),
      403,
      'This voucher has already been redeemed.',
    );
    await s.as(admin.token).call(e.revoke, { params: { id: revoked.uuid } });
    await expectError(
      s.client.call(e.voucherSignUp, { body: body(revoked.code) }),
      403,
      'This voucher has been revoked.',
    );
  });

  it('keeps the voucher PENDING when the e-mail is already registered', async () => {
    const [v] = await create();
    await expectError(
      s.client.call(e.voucherSignUp, {
        body: { email: plain.email, password: 'long-enough-pw', voucherCode: v.code },
      }),
      403,
      'This email is already registered.',
    );
    const res = await s.as(plain.token).call(e.redeem, { body: { code: v.code } });
    expect(res.status).toBe('REDEEMED');
  });
});
