import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints as auth, passwordEndpoints as p } from '@tt/protocol';
import {
  expectError,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '../../../../test/harness';
import { PasswordService } from './passwords.service';
import { oneTimeTokens } from '../schema';
import { sha256 } from '../service';

let s: TestServer;
let guest: string;
beforeAll(async () => {
  s = await startTestServer();
  guest = (await s.client.call(auth.guest, {})).accessToken;
});
afterAll(() => s.close());

const SAME = 'New password must be different from your previous password.';

/**
 * Asks for a reset of `email` (through the service, so that set-up does not use up the
 * per-minute rate limit of POST /users/forgot-password) and answers the token of the mail.
 */
async function resetToken(email: string): Promise<string> {
  await new PasswordService(s.accounts).forgot(email);
  const mail = (await s.outbox()).filter((m) => m.to === email).at(-1);
  const m = /reset-password\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!m) throw new Error(`no reset mail for ${email}`);
  return m[1];
}

/** A verified account without a password (like a phone account). */
async function passwordless() {
  const { user } = await s.accounts.createAccount({
    email: uniqueEmail('nopw'),
    password: null,
    emailStatus: 'VERIFIED',
  });
  return { user, token: await s.accounts.issueToken(user) };
}

describe('POST /users/change-password', () => {
  it('changes the password, ends older sessions and answers a fresh token', async () => {
    const u = await s.createUser();
    const { accessToken } = await s.as(u.token).call(p.change, {
      body: { oldPassword: u.password, newPassword: 'brand-new-pw-1' },
    });
    expect((await s.as(accessToken).call(auth.session, {})).uuid).toBe(u.uuid);
    await expectError(
      s.as(u.token).call(auth.session, {}),
      401,
      'Your session has ended, please log in again',
    );
    await s.client.call(auth.login, { body: { email: u.email, password: 'brand-new-pw-1' } });
    await expectError(
      s.client.call(auth.login, { body: { email: u.email, password: u.password } }),
      401,
      'Incorrect email or password',
    );
  });

  it('refuses a wrong old password', async () => {
    const u = await s.createUser();
    await expectError(
      s.as(u.token).call(p.change, {
        body: { oldPassword: 'not-my-password', newPassword: 'brand-new-pw-1' },
      }),
      401,
      'Incorrect email or password',
    );
  });

  it('refuses a new password equal to the current one', async () => {
    const u = await s.createUser();
    await expectError(
      s.as(u.token).call(p.change, { body: { oldPassword: u.password, newPassword: u.password } }),
      400,
      SAME,
    );
  });

  it('refuses a short or missing new password', async () => {
    const u = await s.createUser();
    await expectError(
      s.as(u.token).call(p.change, { body: { oldPassword: u.password, newPassword: 'short' } }),
      400,
      'newPassword: password must be at least 8 characters',
    );
    await expectError(
      s.as(u.token).call(p.change, { body: { oldPassword: u.password } as never }),
      400,
      /newPassword/,
    );
  });

  it('needs a user token', async () => {
    const body = { oldPassword: 'whatever-pw', newPassword: 'brand-new-pw-1' };
    await expectError(s.client.call(p.change, { body }), 401, 'Unauthorized to perform action');
    await expectError(s.as(guest).call(p.change, { body }), 403);
  });
});

describe('POST /users/forgot-password', () => {
  it('mails a single-use reset link for a registered address', async () => {
    const u = await s.createUser();
    expect(await s.client.call(p.forgot, { body: { email: u.email.toUpperCase() } })).toEqual({
      success: true,
    });
    const mail = (await s.outbox()).filter((m) => m.to === u.email).at(-1)!;
    expect(mail.subject).toBe('Reset your Turntable LIVE password');
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)![1];
    expect(mail.text).toContain(`reset token: ${token}`);
    // Only the hash is stored.
    const rows = await s.app.platform.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, sha256(token)));
    expect(rows).toHaveLength(1);
    expect(rows[0].purpose).toBe('password-reset');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    expect(await s.client.call(p.forgot, { body: { email } })).toEqual({ success: true });
    expect((await s.outbox()).filter((m) => m.to === email)).toEqual([]);
  });

  it('refuses a malformed address', async () => {
    await expectError(s.client.call(p.forgot, { body: { email: 'nope' } }), 400, /email/);
    await expectError(s.client.call(p.forgot, { body: {} as never }), 400, /email/);
  });
});

describe('POST /users/reset-password', () => {
  it('sets the new password with the mailed token, once', async () => {
    const u = await s.createUser();
    const token = await resetToken(u.email);
    const { accessToken } = await s.client.call(p.reset, {
      body: { token, newPassword: 'reset-pw-1234' },
    });
    expect((await s.as(accessToken).call(auth.session, {})).uuid).toBe(u.uuid);
    await expectError(s.as(u.token).call(auth.session, {}), 401);
    await s.client.call(auth.login, { body: { email: u.email, password: 'reset-pw-1234' } });
    await expectError(
      s.client.call(p.reset, { body: { token, newPassword: 'another-pw-1234' } }),
      403,
      'Can not reset password.',
    );
  });

  it('refuses an unknown or expired token', async () => {
    await expectError(
      s.client.call(p.reset, { body: { token: 'made-up-token', newPassword: 'reset-pw-1234' } }),
      403,
      'Can not reset password.',
    );
    const u = await s.createUser();
    const token = await resetToken(u.email);
    await s.app.platform.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, sha256(token)));
    await expectError(
      s.client.call(p.reset, { body: { token, newPassword: 'reset-pw-1234' } }),
      403,
      'Can not reset password.',
    );
  });

  it('refuses the previous password and keeps the token usable', async () => {
    const u = await s.createUser();
    const token = await resetToken(u.email);
    await expectError(
      s.client.call(p.reset, { body: { token, newPassword: u.password } }),
      400,
      SAME,
    );
    await s.client.call(p.reset, { body: { token, newPassword: 'reset-pw-1234' } });
  });

  it('voids an older reset token when the password changes', async () => {
    const u = await s.createUser();
    const token = await resetToken(u.email);
    await s.as(u.token).call(p.change, {
      body: { oldPassword: u.password, newPassword: 'brand-new-pw-1' },
    });
    await expectError(
      s.client.call(p.reset, { body: { token, newPassword: 'reset-pw-1234' } }),
      403,
      'Can not reset password.',
    );
  });

  it('refuses a missing token or a short password', async () => {
    await expectError(
      s.client.call(p.reset, { body: { newPassword: 'reset-pw-1234' } as never }),
      400,
      /token/,
    );
    await expectError(
      s.client.call(p.reset, { body: { token: 'x', newPassword: 'short' } }),
      400,
      'newPassword: password must be at least 8 characters',
    );
  });
});

describe('POST /users/set-password', () => {
  it('gives a password to an account without one', async () => {
    const { user, token } = await passwordless();
    expect(await s.as(token).call(p.set, { body: { newPassword: 'first-pw-1234' } })).toEqual({
      success: true,
    });
    const email = (await s.accounts.repo.primaryEmail(user.id))!.email;
    await s.client.call(auth.login, { body: { email, password: 'first-pw-1234' } });
    await expectError(
      s.as(token).call(p.set, { body: { newPassword: 'second-pw-1234' } }),
      403,
      'Can not reset password.',
    );
  });

  it('refuses an account that already has a password', async () => {
    const u = await s.createUser();
    await expectError(
      s.as(u.token).call(p.set, { body: { newPassword: 'first-pw-1234' } }),
      403,
      'Can not reset password.',
    );
  });

  it('refuses a short password', async () => {
    const { token } = await passwordless();
    await expectError(
      s.as(token).call(p.set, { body: { newPassword: 'short' } }),
      400,
      'newPassword: password must be at least 8 characters',
    );
  });

  it('needs a user token', async () => {
    const body = { newPassword: 'first-pw-1234' };
    await expectError(s.client.call(p.set, { body }), 401, 'Unauthorized to perform action');
    await expectError(s.as(guest).call(p.set, { body }), 403);
  });
});
