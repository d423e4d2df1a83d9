import { randomBytes } from 'node:crypto';
import type { ChangePasswordReq, ResetPasswordReq } from '@tt/protocol';
import type { AuthContext } from '../../../platform/auth';
import { fail } from '../../../platform/errors';
import { ChangeWork } from '../../../platform/outbox/change';
import { AttemptLimiter } from '../attempts';
import { endSessionsIn } from './sessions';
import { OneTimeTokenRepository, PasswordsRepository } from './passwords.repository';
import type { UserRow } from '../repository';
import { sha256, type AccountService } from '../service';

/** Reset e-mails per address per hour; more requests still answer success but send nothing. */
export const MAX_RESET_MAILS_PER_HOUR = 5;

/**
 * A random single-use secret (32 bytes = 256 bits, base64url) and the hash that is stored:
 * reset tokens and magic links (SEC-CODE-1: guessing one is out of reach).
 */
export function newSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

/** Change, forgot, reset and set password. Hashes are argon2id (AccountService.passwords). */
export class PasswordService {
  private readonly passwordsRepo: PasswordsRepository;
  private readonly tokens: OneTimeTokenRepository;
  /** SEC-CODE-2: wrong reset tokens count per IP (a token names no account). */
  private readonly attempts: AttemptLimiter;

  constructor(private readonly accounts: AccountService) {
    this.passwordsRepo = new PasswordsRepository(accounts.platform.db);
    this.tokens = new OneTimeTokenRepository(accounts.platform.db);
    this.attempts = new AttemptLimiter(
      accounts.platform.counters,
      accounts.platform.config,
      'password-reset',
    );
  }

  private get platform() {
    return this.accounts.platform;
  }

  /**
   * Stores the new hash, ends every session (session version bump), voids outstanding reset
   * and magic-link secrets, and answers the updated row.
   */
  private async replacePassword(user: UserRow, newPassword: string): Promise<UserRow> {
    const passwordHash = await this.accounts.passwords.hash(newPassword);
    const now = new Date();
    const work = new ChangeWork(this.platform);
    const updated = await this.accounts.repo.transaction(async (repo, tx) => {
      await repo.update(user.id, { passwordHash });
      await new OneTimeTokenRepository(tx).revokeAll(user.id, now);
      return endSessionsIn(repo, work.in(tx), user, 'Password changed', user.uuid);
    });
    await work.committed();
    return updated;
  }

  /** The caller proves the old password; answers a fresh token (other sessions end). */
  async change(auth: AuthContext | null, input: ChangePasswordReq): Promise<string> {
    const user = await this.accounts.me(auth);
    const { counters, config } = this.platform;
    const key = `change-password-fail:${user.id}`;
    if ((await counters.get(key)) >= config.LOGIN_MAX_FAILURES_PER_CLIENT) {
      throw fail('LOGIN_THROTTLED');
    }
    if (!(await this.accounts.passwords.verify(user.passwordHash, input.oldPassword))) {
      await counters.hit(key, config.LOGIN_THROTTLE_WINDOW);
      throw fail('INCORRECT_CREDENTIALS');
    }
    await counters.reset(key);
    if (await this.accounts.passwords.verify(user.passwordHash, input.newPassword)) {
      throw fail('PASSWORD_SAME_AS_PREVIOUS');
    }
    return this.accounts.issueToken(await this.replacePassword(user, input.newPassword));
  }

  /**
   * Mails a reset link when the address is registered. Answers nothing either way, and mail
   * failures are only logged, so the answer never tells whether an account exists.
   */
  async forgot(address: string): Promise<void> {
    const { counters, config, log } = this.platform;
    const email = await this.accounts.repo.liveEmail(address);
    if (!email) return;
    const sent = await counters.hit(`password-reset-mail:${sha256(email.email)}`, 3600);
    if (sent > MAX_RESET_MAILS_PER_HOUR) {
      log.warn({ emailId: email.id }, 'password reset mail throttled');
      return;
    }
    const user = await this.accounts.repo.byId(email.userId);
    if (!user) return;
    const { token, hash } = newSecret();
    await this.tokens.create({
      userId: user.id,
      purpose: 'password-reset',
      tokenHash: hash,
      expiresAt: new Date(Date.now() + config.PASSWORD_RESET_TTL * 1000),
    });
    const link = `${config.publicUrl}/reset-password?token=${token}`;
    const minutes = Math.round(config.PASSWORD_RESET_TTL / 60);
    try {
      await this.platform.mailer.send({
        to: email.email,
        subject: 'Reset your Turntable LIVE password',
        text:
          `Someone (hopefully you) asked to reset the password of your Turntable LIVE account.\n\n` +
          `Open ${link}\n\nor enter this reset token: ${token}\n\n` +
          `The link works once and expires in ${minutes} minutes. ` +
          `If you did not ask for it, ignore this e-mail: your password stays the same.`,
        html:
          `<p>Someone (hopefully you) asked to reset the password of your Turntable LIVE account.</p>` +
          `<p><a href="${link}">Choose a new password</a></p>` +
          `<p>Or enter this reset token: <code>${token}</code></p>` +
          `<p>The link works once and expires in ${minutes} minutes. ` +
          `If you did not ask for it, ignore this e-mail.</p>`,
      });
    } catch (err) {
      log.error({ err, emailId: email.id }, 'password reset mail failed');
    }
  }

  /** Sets a new password with the token of a reset e-mail (single use); answers a fresh token. */
  async reset(input: ResetPasswordReq, ip: string): Promise<string> {
    const hash = sha256(input.token.trim());
    await this.attempts.begin({ ip });
    const row = await this.tokens.findLive(hash, 'password-reset', new Date());
    const user = row ? await this.accounts.repo.byId(row.userId) : undefined;
    if (!row || !user) {
      await this.attempts.failed({ ip });
      throw fail('CANNOT_RESET_PASSWORD');
    }
    this.accounts.assertMayLogIn(user);
    if (await this.accounts.passwords.verify(user.passwordHash, input.newPassword)) {
      throw fail('PASSWORD_SAME_AS_PREVIOUS');
    }
    // Consume first: of two racing resets with one token, only one goes through.
    if (!(await this.tokens.consume(hash, 'password-reset', new Date()))) {
      throw fail('CANNOT_RESET_PASSWORD');
    }
    return this.accounts.issueToken(await this.replacePassword(user, input.newPassword));
  }

  /** Gives a password to an account that has none (phone accounts); 403 if it has one. */
  async set(auth: AuthContext | null, newPassword: string): Promise<void> {
    const user = await this.accounts.me(auth);
    if (user.passwordHash) throw fail('CANNOT_RESET_PASSWORD');
    const passwordHash = await this.accounts.passwords.hash(newPassword);
    if (!(await this.passwordsRepo.setIfNone(user.id, passwordHash))) {
      throw fail('CANNOT_RESET_PASSWORD');
    }
  }
}
