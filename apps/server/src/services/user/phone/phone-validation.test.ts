import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, phoneEndpoints as e } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';

// Numbers checked against libphonenumber-js 'max' metadata.
const UK_MOBILE = '+447400123456';
const UK_VOIP = '+445612345678';
const UK_LANDLINE = '+442079460000';
const US_TOLL_FREE = '+18005550123';
const US_NUMBER = '+12015550123'; // FIXED_LINE_OR_MOBILE
const NOT_VALID = '+4470123456789';

const ROLE = 'You do not have the role this action needs';
const NO_TOKEN = 'Unauthorized to perform action';

let s: TestServer;
let admin: string;
let mod: string;
let user: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = (await s.createUser({ roles: ['user', 'admin'] })).token;
  mod = (await s.createUser({ roles: ['user', 'moderator'] })).token;
  user = (await s.createUser()).token;
});
afterAll(() => s.close());

describe('GET /phone-validation/validate/{phone}', () => {
  it('classifies a UK mobile as VALID and answers E.164', async () => {
    const res = await s.as(user).call(e.validate, { params: { phone: '+44 7400 123456' } });
    expect(res).toEqual({
      phoneNumber: UK_MOBILE,
      status: 'VALID',
      lineType: 'MOBILE',
      country: 'GB',
    });
  });

  it('accepts a US number (fixed line or mobile) and a national number with country', async () => {
    const us = await s.as(user).call(e.validate, { params: { phone: US_NUMBER } });
    expect(us).toMatchObject({ status: 'VALID', lineType: 'FIXED_LINE_OR_MOBILE', country: 'US' });
    const national = await s
      .as(user)
      .call(e.validate, { params: { phone: '07400 123456' }, query: { country: 'gb' } });
    expect(national).toMatchObject({ phoneNumber: UK_MOBILE, status: 'VALID' });
  });

  it('answers VOIP for a VoIP range', async () => {
    const res = await s.as(user).call(e.validate, { params: { phone: UK_VOIP } });
    expect(res).toEqual({ phoneNumber: UK_VOIP, status: 'VOIP', lineType: 'VOIP', country: 'GB' });
  });

  it('answers INVALID for landlines, toll-free and numbers that do not exist', async () => {
    const landline = await s.as(user).call(e.validate, { params: { phone: UK_LANDLINE } });
    expect(landline).toMatchObject({ status: 'INVALID', lineType: 'FIXED_LINE' });
    const tollFree = await s.as(user).call(e.validate, { params: { phone: US_TOLL_FREE } });
    expect(tollFree).toMatchObject({ status: 'INVALID', lineType: 'TOLL_FREE' });
    const bogus = await s.as(user).call(e.validate, { params: { phone: NOT_VALID } });
    expect(bogus).toEqual({
      phoneNumber: NOT_VALID,
      status: 'INVALID',
      lineType: null,
      country: null,
    });
  });

  it('answers VALIDATION_ERROR for something that is not a phone number', async () => {
    const res = await s.as(user).call(e.validate, { params: { phone: 'hello' } });
    expect(res).toEqual({
      phoneNumber: 'hello',
      status: 'VALIDATION_ERROR',
      lineType: null,
      country: null,
    });
    const national = await s.as(user).call(e.validate, { params: { phone: '07400 123456' } });
    expect(national.status).toBe('VALIDATION_ERROR');
  });

  it('lets guests validate, refuses a bad country and a missing token', async () => {
    const { accessToken } = await s.client.call(authEndpoints.guest, {});
    const res = await s.as(accessToken).call(e.validate, { params: { phone: UK_MOBILE } });
    expect(res.status).toBe('VALID');
    await expectError(
      s.as(user).call(e.validate, { params: { phone: UK_MOBILE }, query: { country: 'GBR' } }),
      400,
      'country: must be a two-letter country code such as US or GB',
    );
    await expectError(s.client.call(e.validate, { params: { phone: UK_MOBILE } }), 401, NO_TOKEN);
  });
});

describe('/phone-validation/recents and fraudConstants', () => {
  it('lists validations newest first with paging, then clears them', async () => {
    await s.as(mod).call(e.clearRecents, {});
    const me = await s.as(user).call(authEndpoints.session, {});
    for (const phone of [UK_MOBILE, UK_VOIP, 'nope']) {
      await s.as(user).call(e.validate, { params: { phone } });
    }
    const all = await s.as(mod).call(e.recents, { query: {} });
    expect(all.total).toBe(3);
    expect(all.data.map((r) => r.status)).toEqual(['VALIDATION_ERROR', 'VOIP', 'VALID']);
    expect(all.data[2]).toMatchObject({ phoneNumber: UK_MOBILE, requestedBy: me.uuid });
    const page = await s.as(admin).call(e.recents, { query: { limit: 1, offset: 1 } });
    expect(page).toMatchObject({ total: 3, data: [{ status: 'VOIP' }] });

    expect(await s.as(mod).call(e.clearRecents, {})).toEqual({ deleted: 3 });
    expect(await s.as(mod).call(e.recents, { query: {} })).toEqual({ data: [], total: 0 });
  });

  it('refuses bad paging, plain users and missing tokens', async () => {
    await expectError(s.as(mod).call(e.recents, { query: { limit: 0 } }), 400, /^limit: /);
    await expectError(s.as(user).call(e.recents, { query: {} }), 403, ROLE);
    await expectError(s.client.call(e.recents, { query: {} }), 401, NO_TOKEN);
    await expectError(s.as(user).call(e.clearRecents, {}), 403, ROLE);
    await expectError(s.client.call(e.clearRecents, {}), 401, NO_TOKEN);
  });

  it('answers the fraud constants to moderators only', async () => {
    const c = await s.as(mod).call(e.fraudConstants, {});
    expect(c).toMatchObject({ codeTtlSeconds: 600, maxAttempts: 5, resendIntervalSeconds: 30 });
    expect(c.allowedLineTypes).toEqual(['MOBILE', 'FIXED_LINE_OR_MOBILE']);
    expect(c.blockedLineTypes).toEqual(expect.arrayContaining(['VOIP', 'FIXED_LINE', 'TOLL_FREE']));
    await expectError(s.as(user).call(e.fraudConstants, {}), 403, ROLE);
    await expectError(s.client.call(e.fraudConstants, {}), 401, NO_TOKEN);
  });
});
