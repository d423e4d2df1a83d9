import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints as auth, magicLinkEndpoints as m, passwordEndpoints } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';
import { oneTimeTokens } from '../schema';
import { sha256 } from '../service';

let s: TestServer;
let guest: string;
beforeAll(async () => {
  s = await startTestServer();
  guest = (await s.client.call(auth.guest, {})).accessToken;
});
afterAll(() => s.close());

const INVALID = 'This magic link is invalid or has expired';

describe('GET /auth/magic-link', () => {
  it('answers a short-lived token stored only as a hash, living MAGIC_LINK_TTL', async () => {
    const u = await s.createUser();
    const { shortLivedToken } = await s.as(u.token).call(m.create, {});
    expect(shortLivedToken).toMatch(/^[\w-]{43}$/);
    const [row] = await s.app.platform.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, sha256(shortLivedToken)));
    expect(row).toMatchObject({ purpose: 'magic-link', userId: u.id, usedAt: null });
    const lifetime = (row.expiresAt.getTime() - row.createdAt.getTime()) / 1000;
    expect(Math.round(lifetime / 60)).toBe(s.app.platform.config.MAGIC_LINK_TTL / 60);
  });

  it('needs a user token', async () => {
    await expectError(s.client.call(m.create, {}), 401, 'Unauthorized to perform action');
    await expectError(s.as(guest).call(m.create, {}), 403);
  });
});

describe('POST /auth/validate-magic-link', () => {
  it('exchanges the token once, without a bearer, for a session of its owner', async () => {
    const u = await s.createUser();
    const { shortLivedToken } = await s.as(u.token).call(m.create, {});
    const { accessToken } = await s.client.call(m.validate, { body: { shortLivedToken } });
    const session = await s.as(accessToken).call(auth.session, {});
    expect(session).toMatchObject({ uuid: u.uuid, tokenRole: 'user', isGuest: false });
    await expectError(s.client.call(m.validate, { body: { shortLivedToken } }), 401, INVALID);
  });

  it('refuses an unknown or expired token', async () => {
    await expectError(
      s.client.call(m.validate, { body: { shortLivedToken: 'made-up' } }),
      401,
      INVALID,
    );
    const u = await s.createUser();
    const { shortLivedToken } = await s.as(u.token).call(m.create, {});
    await s.app.platform.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, sha256(shortLivedToken)));
    await expectError(s.client.call(m.validate, { body: { shortLivedToken } }), 401, INVALID);
  });

  it('refuses a link made before a password change', async () => {
    const u = await s.createUser();
    const { shortLivedToken } = await s.as(u.token).call(m.create, {});
    await s.as(u.token).call(passwordEndpoints.change, {
      body: { oldPassword: u.password, newPassword: 'brand-new-pw-1' },
    });
    await expectError(s.client.call(m.validate, { body: { shortLivedToken } }), 401, INVALID);
  });

  it('refuses a banned account', async () => {
    const u = await s.createUser();
    const { shortLivedToken } = await s.as(u.token).call(m.create, {});
    await s.accounts.repo.update(u.id, { banned: true });
    await expectError(
      s.client.call(m.validate, { body: { shortLivedToken } }),
      403,
      'This account is banned',
    );
  });

  it('refuses a missing token', async () => {
    await expectError(s.client.call(m.validate, { body: {} as never }), 400, /shortLivedToken/);
  });
});
