import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEndpoints as adminApi,
  moderationEndpoints as mod,
  passwordEndpoints as pw,
  phoneEndpoints as phone,
  profileEndpoints as profile,
  voucherEndpoints as vouchers,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';

/**
 * Bad inputs answered with their exact message, for the endpoints whose own test files only
 * matched the message loosely (or not at all). Validation errors list every failing field as
 * `<field>: <problem>`.
 */

type TestUser = Awaited<ReturnType<TestServer['createUser']>>;

const UNKNOWN = '0e0a6f3c-1111-4222-8333-944445555666';
const NOT_FOUND = 'User profile not found.';
const BADGE_OPTIONS =
  'Invalid option: expected one of "VERIFIED"|"PLATINUM"|"DOUBLE_PLATINUM"|"JQBX"|"STAFF"';

let s: TestServer;
let admin: TestUser;
let moderator: TestUser;
let staff: TestUser;
let plain: TestUser;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.createUser({ roles: ['user', 'admin'] });
  moderator = await s.createUser({ roles: ['user', 'moderator'] });
  staff = await s.createUser({ roles: ['user', 'staff'] });
  plain = await s.createUser();
});
afterAll(() => s.close());

/** Expects a 400 whose message list is exactly `messages`. */
async function expectInvalid(promise: Promise<unknown>, ...messages: string[]) {
  const body = await expectError(promise, 400, messages[0]);
  expect(body.message).toEqual(messages);
}

describe('POST /users/forgot-password', () => {
  it('refuses a malformed or missing e-mail', async () => {
    await expectInvalid(
      s.client.call(pw.forgot, { body: { email: 'not-an-email' } }),
      'email: Invalid email address',
    );
    await expectInvalid(
      s.client.call(pw.forgot, { body: {} as never }),
      'email: Invalid input: expected string, received undefined',
    );
  });
});

describe('paged lists refuse out-of-range paging', () => {
  it('GET /phone-validation/recents', async () => {
    await expectInvalid(
      s.as(moderator.token).call(phone.recents, { query: { limit: 101 } }),
      'limit: Too big: expected number to be <=100',
    );
    await expectInvalid(
      s.as(moderator.token).call(phone.recents, { query: { limit: 0 } }),
      'limit: Too small: expected number to be >=1',
    );
  });

  it('GET /admin/phoneNumbers', async () => {
    await expectInvalid(
      s.as(admin.token).call(phone.adminList, { query: { limit: 101 } }),
      'limit: Too big: expected number to be <=100',
    );
  });

  it('GET /users/list-deactivate', async () => {
    await expectInvalid(
      s.as(moderator.token).call(mod.listDeactivate, { query: { limit: 101 } }),
      'limit: Too big: expected number to be <=100',
    );
  });

  it('GET /users/service/all-user-profiles', async () => {
    await expectInvalid(
      s.as(staff.token).call(profile.allUserProfiles, { query: { take: 0 } }),
      'take: Too small: expected number to be >=1',
    );
    await expectInvalid(
      s.as(staff.token).call(profile.allUserProfiles, { query: { take: 1001 } }),
      'take: Too big: expected number to be <=1000',
    );
  });

  it('GET /users/service/update-user-profiles', async () => {
    await expectInvalid(
      s.as(staff.token).call(profile.updatedUserProfiles, { query: { since: 'yesterday' } }),
      'since: Invalid ISO datetime',
    );
  });
});

describe('POST /users/unban', () => {
  it('refuses a bad uuid, an unknown account, self and a higher rank', async () => {
    await expectInvalid(
      s.as(moderator.token).call(mod.unban, { body: { userUuid: 'nope' } }),
      'userUuid: Invalid UUID',
    );
    await expectError(
      s.as(moderator.token).call(mod.unban, { body: { userUuid: UNKNOWN } }),
      404,
      NOT_FOUND,
    );
    await expectError(
      s.as(moderator.token).call(mod.unban, { body: { userUuid: moderator.uuid } }),
      403,
      'You cannot perform this action on your own account.',
    );
    await expectError(
      s.as(moderator.token).call(mod.unban, { body: { userUuid: admin.uuid } }),
      403,
      'You cannot act on an account whose role is equal to or higher than yours.',
    );
  });
});

describe('badges', () => {
  it('POST /users/change-badges-admin refuses an unknown badge and an unknown account', async () => {
    await expectInvalid(
      s.as(moderator.token).call(mod.changeBadgesAdmin, {
        body: { userUuid: plain.uuid, badges: ['GOLD' as never] },
      }),
      `badges.0: ${BADGE_OPTIONS}`,
    );
    await expectError(
      s
        .as(moderator.token)
        .call(mod.changeBadgesAdmin, { body: { userUuid: UNKNOWN, badges: [] } }),
      404,
      NOT_FOUND,
    );
  });

  it('POST /users/add-badges-service refuses missing fields, an unknown badge and account', async () => {
    await expectInvalid(
      s.as(staff.token).call(mod.addBadgesService, { body: {} as never }),
      'userUuid: Invalid input: expected string, received undefined',
      'badges: Invalid input: expected array, received undefined',
    );
    await expectInvalid(
      s.as(staff.token).call(mod.addBadgesService, {
        body: { userUuid: plain.uuid, badges: ['GOLD' as never] },
      }),
      `badges.0: ${BADGE_OPTIONS}`,
    );
    await expectError(
      s.as(staff.token).call(mod.addBadgesService, {
        body: { userUuid: UNKNOWN, badges: ['VERIFIED'] },
      }),
      404,
      NOT_FOUND,
    );
  });
});

describe('vouchers', () => {
  it('POST /vouchers refuses a count out of range and an unknown capability', async () => {
    await expectInvalid(
      s.as(admin.token).call(vouchers.create, { body: { count: 0 } }),
      'count: Too small: expected number to be >=1',
    );
    await expectInvalid(
      s.as(admin.token).call(vouchers.create, { body: { count: 101 } }),
      'count: Too big: expected number to be <=100',
    );
    await expectInvalid(
      s.as(admin.token).call(vouchers.create, { body: { capability: 'fly' as never } }),
      'capability: Invalid option: expected one of "uploadMusic"|"promoteRoom"',
    );
  });

  it('GET /vouchers refuses an unknown status', async () => {
    await expectInvalid(
      s.as(admin.token).call(vouchers.list, { query: { status: 'USED' as never } }),
      'status: Invalid option: expected one of "PENDING"|"REDEEMED"|"REVOKED"',
    );
  });
});

describe('ids and values the database cannot hold answer 4xx, not 500', () => {
  // Numeric ids are int4; uuid columns refuse anything but a well-formed uuid.
  const BAD_IDS = ['2147483648', '99999999999999999999', '-'.repeat(36), 'a-'.repeat(18)];

  it('an account id out of range or a malformed uuid names no account', async () => {
    for (const id of BAD_IDS) {
      await expectError(s.client.call(profile.publicProfile, { params: { id } }), 404, NOT_FOUND);
      await expectError(s.as(admin.token).call(adminApi.user, { params: { id } }), 404, NOT_FOUND);
      await expectError(
        s.as(moderator.token).call(mod.comments, { params: { id } }),
        404,
        NOT_FOUND,
      );
    }
    const res = await s.client.call(profile.profiles, { query: { users: BAD_IDS } });
    expect(res).toEqual([]);
  });

  it('GET /admin/users compares numbers an int4 cannot hold instead of failing', async () => {
    for (const filter of ['id||$eq||1.5', 'id||$in||1.5,99999999999', 'id||$gt||99999999999']) {
      const page = await s.as(admin.token).call(adminApi.users, { query: { filter } });
      expect(page.data).toEqual([]);
    }
    const all = await s.as(admin.token).call(adminApi.users, {
      query: { filter: 'id||$gt||-99999999999', limit: 100 },
    });
    expect(all.total).toBeGreaterThanOrEqual(4);
  });

  it('GET /admin/users refuses a date beyond year 9999', async () => {
    await expectError(
      s.as(admin.token).call(adminApi.users, {
        query: { filter: 'createdAt||$gt||+275760-09-13T00:00:00.000Z' },
      }),
      400,
      "Invalid value +275760-09-13T00:00:00.000Z for field 'createdAt': expected a date.",
    );
    await expectError(
      s.as(admin.token).call(adminApi.users, {
        query: { s: JSON.stringify({ createdAt: { $gt: '99999-01-01' } }) },
      }),
      400,
      "Invalid value 99999-01-01 for field 'createdAt': expected a date.",
    );
  });
});
