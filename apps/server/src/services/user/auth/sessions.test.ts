import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints as auth } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('POST /auth/sign-out-everywhere', () => {
  it('SEC-SESSION-1: ends every session of the account, this one too; logging in again works', async () => {
    const u = await s.createUser();
    const { accessToken: phone } = await s.client.call(auth.login, {
      body: { email: u.email, password: u.password },
    });
    const other = await s.createUser();
    await expect(s.as(phone).call(auth.signOutEverywhere, {})).resolves.toEqual({ ended: true });
    for (const token of [u.token, phone]) {
      await expectError(
        s.as(token).call(auth.session, {}),
        401,
        'Your session has ended, please log in again',
      );
    }
    // Someone else's sessions are untouched.
    expect((await s.as(other.token).call(auth.session, {})).uuid).toBe(other.uuid);
    const { accessToken } = await s.client.call(auth.login, {
      body: { email: u.email, password: u.password },
    });
    expect((await s.as(accessToken).call(auth.session, {})).uuid).toBe(u.uuid);
  });

  it('SEC-SESSION-1: needs a signed-in account: no token, a bad token and a guest are refused', async () => {
    await expectError(s.client.call(auth.signOutEverywhere, {}), 401);
    await expectError(s.as('not-a-token').call(auth.signOutEverywhere, {}), 401);
    const { accessToken: guest } = await s.client.call(auth.guest, {});
    await expectError(s.as(guest).call(auth.signOutEverywhere, {}), 403);
  });
});
