import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VOUCHER_CODE_ALPHABET,
  authEndpoints as auth,
  emailEndpoints as emails,
  magicLinkEndpoints as magic,
  passwordEndpoints as passwords,
  phoneEndpoints as phone,
  profileEndpoints as profile,
  voucherEndpoints as vouchers,
} from '@tt/protocol';
import { startFakeSms, type FakeSmsGateway } from '../../../../test/fake-sms';
import {
  expectError,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '../../../../test/harness';
import { newSecret } from './passwords.service';
import { sixDigitCode } from '../service';
import { voucherCode } from '../accounts/vouchers.service';
import {
  LOCKED,
  THROTTLED,
  WRONG_EMAIL_CODE,
  emailCodeFor,
  fromIp,
  otherCode,
  signUpUnverified,
} from './security.testing';

let sms: FakeSmsGateway;
let s: TestServer;
let admin: string;
beforeAll(async () => {
  sms = await startFakeSms();
  s = await startTestServer({
    ...sms.env,
    TRUST_PROXY: 'loopback',
    LOGIN_MAX_FAILURES_PER_CLIENT: '3',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '9',
  });
  admin = (await s.createUser({ roles: ['user', 'admin'] })).token;
});
afterAll(async () => {
  await s.close();
  await sms.close();
});

describe('SEC-CODE-1: wrong codes count per target, then every check is refused', () => {
  it('SEC-CODE-1: { token } confirmations count per account; after the limit the right one answers 429', async () => {
    const ip = '203.0.113.10';
    const u = await signUpUnverified(s, fromIp(s, ip));
    const me = fromIp(s, ip, u.token);
    for (let i = 0; i < s.app.platform.config.CODE_MAX_FAILURES; i++) {
      await expectError(
        me.call(emails.confirm, { body: { token: otherCode(u.code) } }),
        403,
        WRONG_EMAIL_CODE,
      );
    }
    await expectError(me.call(emails.confirm, { body: { token: u.code } }), 429, LOCKED);
    // Same account, other path, other client: still locked.
    await expectError(
      fromIp(s, '203.0.113.11').call(emails.verify, { body: { email: u.email, code: u.code } }),
      429,
      LOCKED,
    );
    // A new code does not reset the count.
    const row = await s.accounts.repo.liveEmail(u.email);
    await s.accounts.repo.updateEmail(row!.id, { verificationSentAt: new Date(0) });
    await me.call(emails.resendVerification, { body: { email: u.email } });
    const fresh = await emailCodeFor(s, u.email);
    await expectError(me.call(emails.confirm, { body: { token: fresh } }), 429, LOCKED);
    expect((await me.call(profile.ownProfile, {})).emailVerified).toBe(false);
  });

  it('SEC-CODE-1: phone codes count per number across new codes', async () => {
    const number = '+447400299001';
    const client = fromIp(s, '203.0.113.20');
    await client.call(phone.sendCode, { body: { phoneNumber: number } });
    const first = sms.lastCode(number);
    for (let i = 0; i < 3; i++) {
      await expectError(
        client.call(phone.verifyCode, { body: { phoneNumber: number, code: otherCode(first) } }),
        403,
        'Incorrect code, please try again.',
      );
    }
    await s.accounts.platform.counters.reset(`phone-code-sent:${number}`);
    await client.call(phone.sendCode, { body: { phoneNumber: number } });
    const second = sms.lastCode(number);
    for (let i = 0; i < 2; i++) {
      await expectError(
        client.call(phone.verifyCode, { body: { phoneNumber: number, code: otherCode(second) } }),
        403,
      );
    }
    await expectError(
      client.call(phone.verifyCode, { body: { phoneNumber: number, code: second } }),
      429,
      LOCKED,
    );
    expect(await s.accounts.repo.byPhone(number)).toBeUndefined();
  });

  it('SEC-CODE-1: voucher codes count per caller account', async () => {
    const u = await s.createUser();
    const client = fromIp(s, '203.0.113.30', u.token);
    const [v] = await s.as(admin).call(vouchers.create, { body: {} });
    for (let i = 0; i < s.app.platform.config.CODE_MAX_FAILURES; i++) {
      await expectError(
        client.call(vouchers.redeem, { body: { code: voucherCode() } }),
        404,
        'Voucher not found.',
      );
    }
    await expectError(client.call(vouchers.redeem, { body: { code: v.code } }), 429, LOCKED);
    const list = await s
      .as(admin)
      .call(vouchers.list, { query: { status: 'PENDING', limit: 100 } });
    expect(list.data.map((x) => x.uuid)).toContain(v.uuid);
  });

  it('SEC-CODE-1: a day allows at most CODE_MAX_FAILURES_PER_DAY wrong codes per target', async () => {
    const t = await startTestServer({ CODE_MAX_FAILURES: '100', CODE_MAX_FAILURES_PER_DAY: '3' });
    try {
      const u = await signUpUnverified(t);
      for (let i = 0; i < 3; i++) {
        await expectError(
          t.client.call(emails.verify, { body: { email: u.email, code: otherCode(u.code) } }),
          403,
          WRONG_EMAIL_CODE,
        );
      }
      await expectError(
        t.client.call(emails.verify, { body: { email: u.email, code: u.code } }),
        429,
        LOCKED,
      );
    } finally {
      await t.close();
    }
  });

  it('SEC-CODE-1: the lock ends with its window, and a right code then clears the count', async () => {
    const t = await startTestServer({ CODE_MAX_FAILURES: '2', CODE_FAILURE_WINDOW: '2s' });
    try {
      const u = await signUpUnverified(t);
      const wrong = { body: { email: u.email, code: otherCode(u.code) } };
      await expectError(t.client.call(emails.verify, wrong), 403);
      await expectError(t.client.call(emails.verify, wrong), 403);
      const right = { body: { email: u.email, code: u.code } };
      await expectError(t.client.call(emails.verify, right), 429, LOCKED);
      await new Promise((r) => setTimeout(r, 2500));
      expect(await t.client.call(emails.verify, right)).toEqual({
        status: 'VERIFIED',
        email: u.email,
      });
    } finally {
      await t.close();
    }
  });
});

describe('SEC-CODE-2: wrong codes, tokens, links and vouchers count per IP', () => {
  it('SEC-CODE-2: after CODE_MAX_FAILURES_PER_IP from one address, it is refused even a valid link', async () => {
    const t = await startTestServer({ TRUST_PROXY: 'loopback', CODE_MAX_FAILURES_PER_IP: '3' });
    try {
      const u = await t.createUser();
      const bad = fromIp(t, '198.51.100.7');
      for (const shortLivedToken of ['made-up-1', 'made-up-2']) {
        await expectError(bad.call(magic.validate, { body: { shortLivedToken } }), 401);
      }
      await expectError(
        bad.call(passwords.reset, { body: { token: 'made-up-3', newPassword: 'another-pw-123' } }),
        403,
        'Can not reset password.',
      );
      const { shortLivedToken } = await t.as(u.token).call(magic.create, {});
      await expectError(bad.call(magic.validate, { body: { shortLivedToken } }), 429, LOCKED);
      const [v] = await t
        .as((await t.createUser({ roles: ['user', 'admin'] })).token)
        .call(vouchers.create, { body: {} });
      await expectError(
        bad.call(vouchers.voucherSignUp, {
          body: { email: uniqueEmail(), password: 'long-enough-pw', voucherCode: v.code },
        }),
        429,
        LOCKED,
      );
      // Another address is not affected.
      const other = fromIp(t, '198.51.100.8');
      const { accessToken } = await other.call(magic.validate, { body: { shortLivedToken } });
      expect((await t.as(accessToken).call(auth.session, {})).uuid).toBe(u.uuid);
    } finally {
      await t.close();
    }
  });
});

describe('SEC-CODE-3: codes are long enough for their lifetime', () => {
  it('SEC-CODE-3: reset tokens and magic links carry at least 128 random bits; codes six digits', () => {
    const secrets = new Set(Array.from({ length: 50 }, () => newSecret().token));
    expect(secrets.size).toBe(50);
    for (const token of secrets)
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(sixDigitCode()).toMatch(/^\d{6}$/);
    expect(voucherCode()).toMatch(
      new RegExp(`^TT-[${VOUCHER_CODE_ALPHABET}]{4}-[${VOUCHER_CODE_ALPHABET}]{4}$`),
    );
    expect(VOUCHER_CODE_ALPHABET.length ** 8).toBeGreaterThan(5e11);
  });
});

describe('SEC-LOGIN: wrong passwords do not lock the owner out', () => {
  const login = (ip: string, email: string, password: string) =>
    fromIp(s, ip).call(auth.login, { body: { email, password } });

  it('SEC-LOGIN-1: wrong passwords lock only the client (IP) that sent them', async () => {
    // Default limits: LOGIN_MAX_FAILURES_PER_CLIENT wrong passwords from one client.
    const t = await startTestServer({ TRUST_PROXY: 'loopback' });
    try {
      const u = await t.createUser();
      const from = (ip: string, password: string) =>
        fromIp(t, ip).call(auth.login, { body: { email: u.email, password } });
      for (let i = 0; i < t.app.platform.config.LOGIN_MAX_FAILURES_PER_CLIENT; i++) {
        await expectError(from('192.0.2.1', 'wrong-password'), 401);
      }
      const { accessToken } = await from('192.0.2.2', u.password);
      expect((await t.as(accessToken).call(auth.session, {})).uuid).toBe(u.uuid);
      await expectError(from('192.0.2.1', u.password), 429, THROTTLED);
    } finally {
      await t.close();
    }
  });

  it('SEC-LOGIN-2: past the account-wide limit only known clients may log in; magic links still work', async () => {
    const u = await s.createUser();
    const owner = await login('192.0.2.10', u.email, u.password);
    for (const attacker of ['192.0.2.11', '192.0.2.12', '192.0.2.13']) {
      for (let i = 0; i < 3; i++) {
        await expectError(login(attacker, u.email, 'wrong-password'), 401);
      }
    }
    // A client that never logged in to this account is refused, the right password too.
    await expectError(login('192.0.2.14', u.email, u.password), 429, THROTTLED);
    // The owner's known client is not.
    expect((await login('192.0.2.10', u.email, u.password)).accessToken).toBeTruthy();
    // A magic link made by the owner's session logs the new client in, which is then known.
    const { shortLivedToken } = await s.as(owner.accessToken).call(magic.create, {});
    const viaLink = await fromIp(s, '192.0.2.14').call(magic.validate, {
      body: { shortLivedToken },
    });
    expect((await s.as(viaLink.accessToken).call(auth.session, {})).uuid).toBe(u.uuid);
    expect((await login('192.0.2.14', u.email, u.password)).accessToken).toBeTruthy();
  });

  it('SEC-LOGIN-1: unknown addresses are counted like real ones (no account enumeration)', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < 3; i++) {
      await expectError(login('192.0.2.20', email, 'wrong-password'), 401);
    }
    await expectError(login('192.0.2.20', email, 'wrong-password'), 429, THROTTLED);
  });
});
