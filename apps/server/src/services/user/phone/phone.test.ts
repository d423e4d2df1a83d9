import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, phoneEndpoints as e } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';
import { startFakeSms, type FakeSmsGateway } from '../../../../test/fake-sms';
import type { ApiClient } from '@tt/api-client';

// Numbers checked against libphonenumber-js 'max' metadata.
const UK_VOIP = '+445612345678';
const UK_LANDLINE = '+442079460000';
const US_TOLL_FREE = '+18005550123';
const US_NUMBER = '+12015550123'; // FIXED_LINE_OR_MOBILE
const NOT_VALID = '+4470123456789';
/** A fresh UK mobile number (+44 7400 1xxxxx) per call, so resend limits never collide. */
let next = 0;
const mobile = () => `+4474001${String(next++).padStart(5, '0')}`;

const INVALID_PHONE = 'Only real, non-VoIP mobile numbers are allowed.';
const INCORRECT = 'Incorrect code, please try again.';
const TOO_MANY = 'Too many incorrect codes, please request a new one.';
const NO_CODE = 'No login code is pending for this number, please request a new one.';
const EXPIRED = 'This code has expired, please request a new one.';
const RESEND =
  'A code was sent to this number less than 30 seconds ago, please wait and try again.';
const SMS_FAILED = 'Could not send the text message, please try again.';
const NOT_A_NUMBER = 'This is not a phone number; include the country code, e.g. +44 7400 123456.';
const NOT_LISTED = 'Phone number not found on the whitelist.';
const ROLE = 'You do not have the role this action needs';
const NO_TOKEN = 'Unauthorized to perform action';

let sms: FakeSmsGateway;
let s: TestServer;
let anon: ApiClient;
let admin: string;
let mod: string;
let user: string;

beforeAll(async () => {
  sms = await startFakeSms();
  s = await startTestServer({ ...sms.env });
  anon = s.client;
  admin = (await s.createUser({ roles: ['user', 'admin'] })).token;
  mod = (await s.createUser({ roles: ['user', 'moderator'] })).token;
  user = (await s.createUser()).token;
});
afterAll(async () => {
  await s.close();
  await sms.close();
});

/** Sends a code to `phone` and logs in with the code the fake gateway received. */
async function phoneLogin(phone: string) {
  await anon.call(e.sendCode, { body: { phoneNumber: phone } });
  return anon.call(e.verifyCode, { body: { phoneNumber: phone, code: sms.lastCode(phone) } });
}

describe('POST /mobile-auth/send-code', () => {
  it('texts a six-digit code through the gateway', async () => {
    const phone = mobile();
    const res = await anon.call(e.sendCode, { body: { phoneNumber: phone } });
    expect(res).toEqual({ success: true, expiresInSeconds: 600 });
    const [msg] = sms.to(phone);
    expect(msg.from).toBe('TTLIVE');
    expect(msg.body).toMatch(/login code is \d{6}\. It expires in 10 minutes/);
  });

  it('accepts a US number and a national number with its country', async () => {
    await anon.call(e.sendCode, { body: { phoneNumber: US_NUMBER } });
    expect(sms.to(US_NUMBER)).toHaveLength(1);
    await anon.call(e.sendCode, { body: { phoneNumber: '07400 100999', country: 'GB' } });
    expect(sms.to('+447400100999')).toHaveLength(1);
  });

  it('refuses VoIP, landline, toll-free and non-numbers with the invalid-number message', async () => {
    for (const phoneNumber of [UK_VOIP, UK_LANDLINE, US_TOLL_FREE, NOT_VALID, 'not a phone']) {
      await expectError(anon.call(e.sendCode, { body: { phoneNumber } }), 400, INVALID_PHONE);
    }
    expect(sms.to(UK_VOIP)).toHaveLength(0);
  });

  it('refuses a missing number and a bad country', async () => {
    await expectError(
      anon.call(e.sendCode, { body: {} as never }),
      400,
      'Phone number is missing in request.',
    );
    await expectError(
      anon.call(e.sendCode, { body: { phoneNumber: mobile(), country: 'United Kingdom' } }),
      400,
      'country: must be a two-letter country code such as US or GB',
    );
  });

  it('refuses a second code within 30 seconds with 429', async () => {
    const phone = mobile();
    await anon.call(e.sendCode, { body: { phoneNumber: phone } });
    await expectError(anon.call(e.sendCode, { body: { phoneNumber: phone } }), 429, RESEND);
    expect(sms.to(phone)).toHaveLength(1);
  });

  it('answers 503 with a clear message when the gateway fails, and a retry works at once', async () => {
    const phone = mobile();
    sms.failing = true;
    try {
      await expectError(anon.call(e.sendCode, { body: { phoneNumber: phone } }), 503, SMS_FAILED);
    } finally {
      sms.failing = false;
    }
    await expectError(
      anon.call(e.verifyCode, { body: { phoneNumber: phone, code: '000000' } }),
      403,
      NO_CODE,
    );
    await anon.call(e.sendCode, { body: { phoneNumber: phone } });
    expect(sms.to(phone)).toHaveLength(1);
  });

  it('sends the bearer API key; a gateway refusing the key answers 503', async () => {
    const wrongKey = await startTestServer({ SMS_BASE_URL: sms.url, SMS_API_KEY: 'wrong-key' });
    try {
      const before = sms.unauthorized;
      const phone = mobile();
      await expectError(
        wrongKey.client.call(e.sendCode, { body: { phoneNumber: phone } }),
        503,
        SMS_FAILED,
      );
      expect(sms.unauthorized).toBe(before + 1);
      expect(sms.to(phone)).toHaveLength(0);
    } finally {
      await wrongKey.close();
    }
  });
});

describe('POST /mobile-auth/verify-code', () => {
  it('creates the account on first login and finds the same one afterwards', async () => {
    const phone = mobile();
    const first = await phoneLogin(phone);
    expect(first.isNewUser).toBe(true);
    const session = await s.as(first.accessToken).call(authEndpoints.session, {});
    expect(session).toMatchObject({ tokenRole: 'user', isGuest: false });
    const account = await s.accounts.repo.byPhone(phone);
    expect(account).toMatchObject({ uuid: session.uuid, roles: ['user'], passwordHash: null });
    expect(account?.nickname).toMatch(/^listener-\d{4}$/);
    expect(await s.accounts.repo.emailsOf(account!.id)).toEqual([]);

    // Typed nationally this time: the same E.164 number, the same account.
    await s.accounts.platform.counters.reset(`phone-code-sent:${phone}`);
    const national = `0${phone.slice(3)}`;
    await anon.call(e.sendCode, { body: { phoneNumber: national, country: 'GB' } });
    const second = await anon.call(e.verifyCode, {
      body: { phoneNumber: national, country: 'GB', code: sms.lastCode(phone) },
    });
    expect(second.isNewUser).toBe(false);
    expect((await s.as(second.accessToken).call(authEndpoints.session, {})).uuid).toBe(
      session.uuid,
    );
  });

  it('uses a code once', async () => {
    const phone = mobile();
    await phoneLogin(phone);
    await expectError(
      anon.call(e.verifyCode, { body: { phoneNumber: phone, code: sms.lastCode(phone) } }),
      403,
      NO_CODE,
    );
  });

  it('refuses a wrong code, and burns the code after five wrong tries', async () => {
    const phone = mobile();
    await anon.call(e.sendCode, { body: { phoneNumber: phone } });
    const code = sms.lastCode(phone);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 1; i < 5; i++) {
      await expectError(
        anon.call(e.verifyCode, { body: { phoneNumber: phone, code: wrong } }),
        403,
        INCORRECT,
      );
    }
    await expectError(
      anon.call(e.verifyCode, { body: { phoneNumber: phone, code: wrong } }),
      403,
      TOO_MANY,
    );
    await expectError(
      anon.call(e.verifyCode, { body: { phoneNumber: phone, code } }),
      403,
      TOO_MANY,
    );
    expect(await s.accounts.repo.byPhone(phone)).toBeUndefined();
  });

  it('refuses when no code was sent, and refuses missing or malformed input', async () => {
    await expectError(
      anon.call(e.verifyCode, { body: { phoneNumber: mobile(), code: '123456' } }),
      403,
      NO_CODE,
    );
    await expectError(
      anon.call(e.verifyCode, { body: { phoneNumber: mobile() } as never }),
      400,
      'Phone number or code is missing in request.',
    );
    await expectError(
      anon.call(e.verifyCode, { body: { phoneNumber: mobile(), code: '12ab' } }),
      400,
      'code: must be six digits',
    );
    await expectError(
      anon.call(e.verifyCode, { body: { phoneNumber: 'call me', code: '123456' } }),
      400,
      INVALID_PHONE,
    );
  });

  it('refuses banned and deactivated accounts', async () => {
    const banned = mobile();
    await phoneLogin(banned);
    const b = (await s.accounts.repo.byPhone(banned))!;
    await s.accounts.repo.update(b.id, { banned: true });
    await s.accounts.platform.counters.reset(`phone-code-sent:${banned}`);
    await expectError(phoneLogin(banned), 403, 'This account is banned');

    const gone = mobile();
    await phoneLogin(gone);
    const g = (await s.accounts.repo.byPhone(gone))!;
    await s.accounts.repo.update(g.id, { status: 'DEACTIVATED' });
    await s.accounts.platform.counters.reset(`phone-code-sent:${gone}`);
    await expectError(phoneLogin(gone), 403, 'This account is deactivated');
  });

  it('refuses an expired code', async () => {
    const short = await startTestServer({ ...sms.env, PHONE_CODE_TTL: '1s' });
    try {
      const phone = mobile();
      const sent = await short.client.call(e.sendCode, { body: { phoneNumber: phone } });
      expect(sent.expiresInSeconds).toBe(1);
      await new Promise((r) => setTimeout(r, 1200));
      await expectError(
        short.client.call(e.verifyCode, {
          body: { phoneNumber: phone, code: sms.lastCode(phone) },
        }),
        403,
        EXPIRED,
      );
    } finally {
      await short.close();
    }
  });
});

describe('phone whitelist: /mobile-auth/whitelist', () => {
  it('lets a whitelisted VoIP number log in by a texted code, until it is removed', async () => {
    const entry = await s.as(admin).call(e.addWhitelist, {
      body: { phoneNumber: '+44 56 0010 0001', note: 'QA device' },
    });
    expect(entry).toMatchObject({
      phoneNumber: '+445600100001',
      note: 'QA device',
      fixedCode: null,
    });
    const login = await phoneLogin('+445600100001');
    expect(login.isNewUser).toBe(true);

    expect(await s.as(admin).call(e.removeWhitelist, { params: { id: entry.id } })).toEqual({
      success: true,
    });
    await expectError(
      anon.call(e.sendCode, { body: { phoneNumber: '+445600100001' } }),
      400,
      INVALID_PHONE,
    );
  });

  it('accepts the fixed code of a whitelisted number without texting', async () => {
    const me = await s.as(admin).call(authEndpoints.session, {});
    const entry = await s.as(admin).call(e.addWhitelist, {
      body: { phoneNumber: UK_LANDLINE, note: 'store reviewer', fixedCode: '424242' },
    });
    expect(entry).toMatchObject({ fixedCode: '424242', createdBy: me.uuid });
    const sent = await anon.call(e.sendCode, { body: { phoneNumber: UK_LANDLINE } });
    expect(sent.success).toBe(true);
    expect(sms.to(UK_LANDLINE)).toHaveLength(0);
    const res = await anon.call(e.verifyCode, {
      body: { phoneNumber: UK_LANDLINE, code: '424242' },
    });
    expect(res.isNewUser).toBe(true);
  });

  it('refuses duplicates, non-numbers, bad fixed codes and a missing number', async () => {
    const phone = mobile();
    await s.as(admin).call(e.addWhitelist, { body: { phoneNumber: phone } });
    await expectError(
      s
        .as(admin)
        .call(e.addWhitelist, { body: { phoneNumber: `0${phone.slice(3)}`, country: 'GB' } }),
      409,
      'This phone number is already on the whitelist.',
    );
    await expectError(
      s.as(admin).call(e.addWhitelist, { body: { phoneNumber: 'abc' } }),
      400,
      NOT_A_NUMBER,
    );
    await expectError(
      s.as(admin).call(e.addWhitelist, { body: { phoneNumber: mobile(), fixedCode: '12' } }),
      400,
      'fixedCode: must be six digits',
    );
    await expectError(
      s.as(admin).call(e.addWhitelist, { body: { note: 'x' } as never }),
      400,
      'Phone number is missing in request.',
    );
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    await expectError(
      s.as(admin).call(e.removeWhitelist, { params: { id: 999999 } }),
      404,
      NOT_LISTED,
    );
    await expectError(
      s.as(admin).raw({ method: 'DELETE', path: '/api/user-service/mobile-auth/whitelist/abc' }),
      400,
      /^id: /,
    );
  });

  it('is for admins only', async () => {
    const body = { phoneNumber: mobile() };
    await expectError(s.as(mod).call(e.addWhitelist, { body }), 403, ROLE);
    await expectError(s.as(user).call(e.addWhitelist, { body }), 403, ROLE);
    await expectError(s.client.call(e.addWhitelist, { body }), 401, NO_TOKEN);
    await expectError(s.as(user).call(e.removeWhitelist, { params: { id: 1 } }), 403, ROLE);
    await expectError(s.client.call(e.removeWhitelist, { params: { id: 1 } }), 401, NO_TOKEN);
  });
});

describe('phone whitelist: /admin/phoneNumbers', () => {
  it('creates, lists with search and paging, reads and deletes', async () => {
    const a = await s.as(admin).call(e.adminCreate, {
      body: { phoneNumber: '+1 201 555 0199', note: 'Alpha tester' },
    });
    const b = await s.as(admin).call(e.adminCreate, {
      body: { phoneNumber: '+1 201 555 0198', note: 'beta tester', fixedCode: '000111' },
    });
    expect(a.phoneNumber).toBe('+12015550199');

    const byDigits = await s.as(admin).call(e.adminList, { query: { search: '201 555 019' } });
    expect(byDigits.data.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(byDigits).toMatchObject({ count: 2, total: 2, page: 1, pageCount: 1 });
    const byNote = await s.as(admin).call(e.adminList, { query: { search: 'ALPHA' } });
    expect(byNote.data.map((r) => r.id)).toEqual([a.id]);
    const none = await s.as(admin).call(e.adminList, { query: { search: 'zz%_' } });
    expect(none.total).toBe(0);

    const all = await s.as(admin).call(e.adminList, { query: { limit: 1, offset: 1 } });
    expect(all.data).toHaveLength(1);
    expect(all.page).toBe(2);
    expect(all.pageCount).toBe(all.total);

    expect(await s.as(admin).call(e.adminGet, { params: { id: b.id } })).toEqual(b);
    expect(await s.as(admin).call(e.adminDelete, { params: { id: b.id } })).toEqual({
      success: true,
    });
    await expectError(s.as(admin).call(e.adminGet, { params: { id: b.id } }), 404, NOT_LISTED);
    await expectError(s.as(admin).call(e.adminDelete, { params: { id: b.id } }), 404, NOT_LISTED);
  });

  it('refuses bad input', async () => {
    await expectError(
      s.as(admin).call(e.adminCreate, { body: { phoneNumber: '12' } }),
      400,
      NOT_A_NUMBER,
    );
    await expectError(
      s.as(admin).call(e.adminCreate, { body: {} as never }),
      400,
      'Phone number is missing in request.',
    );
    await expectError(s.as(admin).call(e.adminList, { query: { limit: 500 } }), 400, /^limit: /);
    await expectError(
      s.as(admin).raw({ method: 'GET', path: '/api/user-service/admin/phoneNumbers/0' }),
      400,
      /^id: /,
    );
  });

  it('is for admins only', async () => {
    for (const token of [user, mod]) {
      await expectError(s.as(token).call(e.adminList, { query: {} }), 403, ROLE);
      await expectError(s.as(token).call(e.adminGet, { params: { id: 1 } }), 403, ROLE);
      await expectError(
        s.as(token).call(e.adminCreate, { body: { phoneNumber: mobile() } }),
        403,
        ROLE,
      );
      await expectError(s.as(token).call(e.adminDelete, { params: { id: 1 } }), 403, ROLE);
    }
    await expectError(s.client.call(e.adminList, { query: {} }), 401, NO_TOKEN);
    await expectError(s.client.call(e.adminGet, { params: { id: 1 } }), 401, NO_TOKEN);
    await expectError(
      s.client.call(e.adminCreate, { body: { phoneNumber: mobile() } }),
      401,
      NO_TOKEN,
    );
    await expectError(s.client.call(e.adminDelete, { params: { id: 1 } }), 401, NO_TOKEN);
  });
});
