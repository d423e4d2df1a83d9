import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { authEndpoints as auth, emailEndpoints as e } from '@tt/protocol';
import {
  expectError,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '../../../../test/harness';
import { EmailService } from './emails.service';

let s: TestServer;
let guest: string;
beforeAll(async () => {
  s = await startTestServer();
  guest = (await s.client.call(auth.guest, {})).accessToken;
});
afterAll(() => s.close());

/** The code of the newest verification e-mail sent to `to`. */
async function codeFor(to: string): Promise<string> {
  const mails = (await s.outbox()).filter((m) => m.to === to);
  const m = /verification code: (\d{6})/.exec(mails.at(-1)?.subject ?? '');
  if (!m) throw new Error(`no verification mail for ${to}`);
  return m[1];
}

/** Pretends the last verification e-mail of the address went out `seconds` ago. */
async function sentAgo(address: string, seconds: number) {
  const row = await s.accounts.repo.liveEmail(address);
  await s.accounts.repo.updateEmail(row!.id, {
    verificationSentAt: new Date(Date.now() - seconds * 1000),
  });
}

/**
 * A user with a second, pending address (added through the service, so that set-up does not
 * use up the per-minute rate limit of POST /users/emails, which its own tests exercise).
 */
async function userWithPending() {
  const u = await s.createUser();
  const extra = uniqueEmail('extra');
  const ctx = await s.app.platform.tokens.verify(u.token);
  const added = await new EmailService(s.accounts).add(ctx, { email: extra, type: 'personal' });
  return { u, extra, added };
}

describe('GET /users/emails', () => {
  it("lists the caller's addresses", async () => {
    const u = await s.createUser();
    const list = await s.as(u.token).call(e.list, {});
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      email: u.email,
      type: 'personal',
      status: 'VERIFIED',
      isPrimary: true,
      deletedAt: null,
    });
    expect(typeof list[0].id).toBe('number');
    expect(Date.parse(list[0].createdAt)).not.toBeNaN();
    expect(Date.parse(list[0].verifiedAt!)).not.toBeNaN();
  });

  it('needs a user token', async () => {
    await expectError(s.client.call(e.list, {}), 401, 'Unauthorized to perform action');
    await expectError(s.as(guest).call(e.list, {}), 403);
  });
});

describe('POST /users/emails', () => {
  it('adds a pending, non-primary address and mails it a code', async () => {
    const u = await s.createUser();
    const extra = uniqueEmail('extra');
    const added = await s.as(u.token).call(e.add, { body: { email: extra, type: 'work' } });
    expect(added).toMatchObject({
      email: extra,
      type: 'work',
      status: 'PENDING_VERIFICATION',
      isPrimary: false,
      verifiedAt: null,
    });
    expect(await codeFor(extra)).toMatch(/^\d{6}$/);
    const list = await s.as(u.token).call(e.list, {});
    expect(list.map((x) => x.email)).toEqual([u.email, extra]);
  });

  it('defaults the type to personal and lowercases the address', async () => {
    const u = await s.createUser();
    const extra = uniqueEmail('Upper');
    const added = await s.as(u.token).call(e.add, { body: { email: extra.toUpperCase() } });
    expect(added).toMatchObject({ email: extra.toLowerCase(), type: 'personal' });
  });

  it('refuses an address that is live on any account', async () => {
    const u = await s.createUser();
    const other = await s.createUser();
    for (const email of [u.email, other.email.toUpperCase()]) {
      await expectError(
        s.as(u.token).call(e.add, { body: { email } }),
        403,
        'This email is already registered.',
      );
    }
  });

  it('refuses a bad address or type', async () => {
    const u = await s.createUser();
    await expectError(s.as(u.token).call(e.add, { body: { email: 'nope' } }), 400, /email/);
    await expectError(
      s.as(u.token).call(e.add, { body: { email: uniqueEmail(), type: 'fax' as never } }),
      400,
      /type/,
    );
  });

  it('needs a user token', async () => {
    await expectError(s.client.call(e.add, { body: { email: uniqueEmail() } }), 401);
    await expectError(s.as(guest).call(e.add, { body: { email: uniqueEmail() } }), 403);
  });
});

describe('DELETE /users/emails/{id}', () => {
  it('marks an address DELETED and frees it for others', async () => {
    const { u, extra, added } = await userWithPending();
    const deleted = await s.as(u.token).call(e.remove, { params: { id: String(added.id) } });
    expect(deleted).toMatchObject({ id: added.id, status: 'DELETED', isPrimary: false });
    expect(Date.parse(deleted.deletedAt!)).not.toBeNaN();
    expect((await s.as(u.token).call(e.list, {})).map((x) => x.email)).toEqual([u.email]);
    const other = await s.createUser();
    await s.as(other.token).call(e.add, { body: { email: extra } });
  });

  it('moves primary to another verified address when the primary is deleted', async () => {
    const { u, extra, added } = await userWithPending();
    await s.client.call(e.verify, { body: { email: extra, code: await codeFor(extra) } });
    const primary = (await s.as(u.token).call(e.list, {})).find((x) => x.isPrimary)!;
    await s.as(u.token).call(e.remove, { params: { id: String(primary.id) } });
    const list = await s.as(u.token).call(e.list, {});
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: added.id, isPrimary: true, status: 'VERIFIED' });
    // The remaining address logs in; the deleted one does not.
    await s.client.call(auth.login, { body: { email: extra, password: u.password } });
    await expectError(
      s.client.call(auth.login, { body: { email: u.email, password: u.password } }),
      401,
      'Incorrect email or password',
    );
  });

  it('refuses to delete the last verified address of an account without a phone', async () => {
    const { u } = await userWithPending();
    const primary = (await s.as(u.token).call(e.list, {})).find((x) => x.isPrimary)!;
    await expectError(
      s.as(u.token).call(e.remove, { params: { id: String(primary.id) } }),
      403,
      'You cannot delete your only verified e-mail address; add and verify another one first.',
    );
  });

  it('lets a phone account delete its last address; the next one added becomes primary', async () => {
    const u = await s.createUser();
    await s.accounts.repo.update(u.id, { phoneNumber: `+4474${Date.now() % 100000000}` });
    const [only] = await s.as(u.token).call(e.list, {});
    await s.as(u.token).call(e.remove, { params: { id: String(only.id) } });
    expect(await s.as(u.token).call(e.list, {})).toEqual([]);
    const added = await s.as(u.token).call(e.add, { body: { email: uniqueEmail() } });
    expect(added.isPrimary).toBe(true);
  });

  it("answers 404 for someone else's, unknown, deleted or malformed ids", async () => {
    const { u, added } = await userWithPending();
    const other = await s.createUser();
    for (const id of [String(added.id), '99999999', 'abc']) {
      await expectError(
        s.as(other.token).call(e.remove, { params: { id } }),
        404,
        'Email not found.',
      );
    }
    await s.as(u.token).call(e.remove, { params: { id: String(added.id) } });
    await expectError(
      s.as(u.token).call(e.remove, { params: { id: String(added.id) } }),
      404,
      'Email not found.',
    );
  });

  it('needs a user token', async () => {
    await expectError(s.client.call(e.remove, { params: { id: '1' } }), 401);
    await expectError(s.as(guest).call(e.remove, { params: { id: '1' } }), 403);
  });
});

describe('POST /users/emails/verification-email', () => {
  it('refuses to resend within the minimum interval, then sends a new code', async () => {
    const { u, extra } = await userWithPending();
    const first = await codeFor(extra);
    await expectError(
      s.as(u.token).call(e.resendVerification, { body: { email: extra } }),
      403,
      'The minimum time has not yet elapsed since the last e-mail was sent.',
    );
    await sentAgo(extra, 61);
    const before = (await s.outbox()).filter((m) => m.to === extra).length;
    expect(await s.as(u.token).call(e.resendVerification, { body: { email: extra } })).toEqual({
      success: true,
    });
    expect((await s.outbox()).filter((m) => m.to === extra)).toHaveLength(before + 1);
    const second = await codeFor(extra);
    if (second !== first) {
      await expectError(
        s.client.call(e.verify, { body: { email: extra, code: first } }),
        403,
        'Email verification failed, incorrect code.',
      );
    }
    expect(await s.client.call(e.verify, { body: { email: extra, code: second } })).toEqual({
      status: 'VERIFIED',
      email: extra,
    });
    // Right after a resend the interval applies again.
    const again = await userWithPending();
    await sentAgo(again.extra, 61);
    await s.as(again.u.token).call(e.resendVerification, { body: { email: again.extra } });
    await expectError(
      s.as(again.u.token).call(e.resendVerification, { body: { email: again.extra } }),
      403,
      'The minimum time has not yet elapsed since the last e-mail was sent.',
    );
  });

  it('refuses a verified address', async () => {
    const u = await s.createUser();
    await expectError(
      s.as(u.token).call(e.resendVerification, { body: { email: u.email } }),
      403,
      'This email is verified',
    );
  });

  it("answers 404 for an unknown address or someone else's", async () => {
    const { extra } = await userWithPending();
    const other = await s.createUser();
    for (const email of [extra, uniqueEmail()]) {
      await expectError(
        s.as(other.token).call(e.resendVerification, { body: { email } }),
        404,
        'Email not found.',
      );
    }
  });

  it('refuses a bad body and needs a user token', async () => {
    const u = await s.createUser();
    await expectError(
      s.as(u.token).call(e.resendVerification, { body: { email: 'x' } }),
      400,
      /email/,
    );
    await expectError(s.client.call(e.resendVerification, { body: { email: u.email } }), 401);
    await expectError(s.as(guest).call(e.resendVerification, { body: { email: u.email } }), 403);
  });
});

describe('POST /users/emails/verify', () => {
  it('verifies a signed-up address without a token; the account can then log in', async () => {
    const email = uniqueEmail('verify');
    await s.client.call(auth.signUp, { body: { email, password: 'long-enough-pw' } });
    const res = await s.client.call(e.verify, { body: { email, code: await codeFor(email) } });
    expect(res).toEqual({ status: 'VERIFIED', email });
    const { accessToken } = await s.client.call(auth.login, {
      body: { email, password: 'long-enough-pw' },
    });
    const [row] = await s.as(accessToken).call(e.list, {});
    expect(row).toMatchObject({ status: 'VERIFIED', isPrimary: true });
    expect(row.verifiedAt).not.toBeNull();
  });

  it('refuses a wrong or expired code', async () => {
    const { extra } = await userWithPending();
    const code = await codeFor(extra);
    const wrong = code === '000000' ? '111111' : '000000';
    await expectError(
      s.client.call(e.verify, { body: { email: extra, code: wrong } }),
      403,
      'Email verification failed, incorrect code.',
    );
    const row = await s.accounts.repo.liveEmail(extra);
    await s.accounts.repo.updateEmail(row!.id, { verificationExpiresAt: new Date(Date.now() - 1) });
    await expectError(
      s.client.call(e.verify, { body: { email: extra, code } }),
      403,
      'Email verification failed, incorrect code.',
    );
  });

  it('stops accepting codes after CODE_MAX_FAILURES wrong ones, a new e-mail included', async () => {
    const { u, extra } = await userWithPending();
    const code = await codeFor(extra);
    const wrong = code === '000000' ? '111111' : '000000';
    const max = s.app.platform.config.CODE_MAX_FAILURES;
    for (let i = 0; i < max; i++) {
      await expectError(
        s.client.call(e.verify, { body: { email: extra, code: wrong } }),
        403,
        'Email verification failed, incorrect code.',
      );
    }
    await expectError(s.client.call(e.verify, { body: { email: extra, code } }), 429);
    await sentAgo(extra, 61);
    await s.as(u.token).call(e.resendVerification, { body: { email: extra } });
    await expectError(
      s.client.call(e.verify, { body: { email: extra, code: await codeFor(extra) } }),
      429,
    );
  });

  it('answers 404 for an unknown address and 403 for a verified one', async () => {
    await expectError(
      s.client.call(e.verify, { body: { email: uniqueEmail(), code: '123456' } }),
      404,
      'Email not found.',
    );
    const u = await s.createUser();
    await expectError(
      s.client.call(e.verify, { body: { email: u.email, code: '123456' } }),
      403,
      'This email is verified',
    );
  });

  it('refuses a malformed body', async () => {
    await expectError(
      s.client.call(e.verify, { body: { email: uniqueEmail(), code: '12ab' } }),
      400,
      /code/,
    );
    await expectError(s.client.call(e.verify, { body: {} as never }), 400);
  });
});

describe('POST /users/confirm-email (deprecated)', () => {
  it('verifies with { email, code } like verify', async () => {
    const { extra } = await userWithPending();
    const res = await s.client.call(e.confirm, {
      body: { email: extra, code: await codeFor(extra) },
    });
    expect(res).toEqual({ status: 'VERIFIED', email: extra });
  });

  it("verifies with { token } against the bearer's pending addresses", async () => {
    const { u, extra } = await userWithPending();
    const token = await codeFor(extra);
    await expectError(
      s.client.call(e.confirm, { body: { token } }),
      401,
      'Unauthorized to perform action',
    );
    const other = await s.createUser();
    await expectError(
      s.as(other.token).call(e.confirm, { body: { token } }),
      403,
      'Email verification failed, incorrect code.',
    );
    await expectError(s.as(guest).call(e.confirm, { body: { token } }), 403);
    expect(await s.as(u.token).call(e.confirm, { body: { token } })).toEqual({
      status: 'VERIFIED',
      email: extra,
    });
  });

  it('refuses a body with neither form', async () => {
    await expectError(s.client.call(e.confirm, { body: {} }), 400, /send \{ email, code \}/);
    await expectError(s.client.call(e.confirm, { body: { email: uniqueEmail() } }), 400);
  });

  it('is marked deprecated in the OpenAPI document', async () => {
    const doc = (await s.client.raw({ method: 'GET', path: '/api/docs/json' })) as {
      paths: Record<string, Record<string, { deprecated?: boolean }>>;
    };
    expect(doc.paths['/api/user-service/users/confirm-email'].post.deprecated).toBe(true);
  });
});

describe('mail through a real SMTP server', () => {
  const received: string[] = [];
  let smtp: SMTPServer;
  let t: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
  });

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('signs up, reads the code from the received message, verifies and logs in', async () => {
    const email = uniqueEmail('smtp');
    await t.client.call(auth.signUp, { body: { email, password: 'long-enough-pw' } });
    const message = received.find((m) => m.includes(email));
    expect(message).toBeDefined();
    const code = /verification code: (\d{6})/.exec(message!)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await t.outbox()).toEqual([]);
    await t.client.call(e.verify, { body: { email, code: code! } });
    const { accessToken } = await t.client.call(auth.login, {
      body: { email, password: 'long-enough-pw' },
    });
    expect((await t.as(accessToken).call(auth.session, {})).isGuest).toBe(false);
  });
});

describe('POST /users/emails/resend-code (signed out)', () => {
  const resend = (email: string) => s.client.call(e.resendPublic, { body: { email } });
  const mailsTo = async (to: string) => (await s.outbox()).filter((m) => m.to === to).length;

  it('VERIFY-LOGIN-1: mails a pending address a new code, at most once per interval', async () => {
    const { extra } = await userWithPending();
    const before = await mailsTo(extra);
    // Just mailed at sign-up: too soon, and the answer does not say so.
    expect(await resend(extra)).toEqual({ success: true });
    expect(await mailsTo(extra)).toBe(before);
    await sentAgo(extra, 61);
    expect(await resend(extra)).toEqual({ success: true });
    expect(await mailsTo(extra)).toBe(before + 1);
    const code = await codeFor(extra);
    expect(await s.client.call(e.verify, { body: { email: extra, code } })).toMatchObject({
      status: 'VERIFIED',
    });
  });

  it('answers the same for unknown and verified addresses, and mails nothing', async () => {
    const u = await s.createUser();
    const total = (await s.outbox()).length;
    expect(await resend('nobody-here@example.test')).toEqual({ success: true });
    expect(await resend(u.email)).toEqual({ success: true });
    expect((await s.outbox()).length).toBe(total);
  });

  it('refuses a malformed address', async () => {
    await expectError(resend('not-an-address'), 400);
  });
});
