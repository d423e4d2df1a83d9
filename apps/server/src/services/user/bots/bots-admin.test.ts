import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEndpoints as admin, botEndpoints as b } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';

/** STAFF-BOTS-1/2: the console's bot list (qb on isBot) names each bot's owner. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const bot = (n: string) => ({
  email: `bot-${n}@example.test`,
  password: 'bot-pass-12345',
  nickname: `Bot ${n}`,
});

describe('bots in the staff console', () => {
  it('an admin makes a bot; the admin view and the isBot list name its owner', async () => {
    const a = await s.createUser({ roles: ['user', 'admin'] });
    const { accessToken } = await s.as(a.token).call(b.signUp, { body: bot('one') });
    const page = await s.as(a.token).call(admin.users, {
      query: { filter: ['isBot||$eq||true'], sort: 'createdAt,DESC', limit: 20 },
    });
    const row = page.data.find((u) => u.nickname === 'Bot one');
    expect(row).toMatchObject({ isBot: true, botOwnerUuid: a.uuid, roles: ['bot'] });
    expect(page.data.every((u) => u.isBot)).toBe(true);
    const person = await s.as(a.token).call(admin.user, { params: { id: a.uuid } });
    expect(person.botOwnerUuid).toBeNull();
    // STAFF-BOTS-2: the owner gets a fresh token; another admin does not.
    const fresh = await s.as(a.token).call(b.token, { query: { botUuid: row!.uuid } });
    expect(fresh.accessToken).not.toBe(accessToken);
    const other = await s.createUser({ roles: ['user', 'admin'] });
    await expectError(s.as(other.token).call(b.token, { query: { botUuid: row!.uuid } }), 403);
  });

  it('bad input, missing token, wrong role', async () => {
    const a = await s.createUser({ roles: ['user', 'admin'] });
    await expectError(
      s.as(a.token).call(b.signUp, { body: { ...bot('x'), email: 'not-an-email' } }),
      400,
    );
    await expectError(s.client.call(b.signUp, { body: bot('y') }), 401);
    const plain = await s.createUser();
    await expectError(
      s.as(plain.token).call(admin.users, { query: { filter: ['isBot||$eq||true'] } }),
      403,
    );
  });
});
