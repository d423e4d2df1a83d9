import { timingSafeEqual } from 'node:crypto';
import type {
  AddEmailReq,
  ConfirmEmailReq,
  EmailDto,
  EmailVerificationRes,
  EmailStatus,
} from '@tt/protocol';
import type { AuthContext } from '../../../platform/auth';
import { fail } from '../../../platform/errors';
import { AttemptLimiter } from '../attempts';
import { EmailsRepository } from './emails.repository';
import type { EmailRow } from '../repository';
import { sha256, sixDigitCode, type AccountService } from '../service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Verified addresses can be used to log in. */
export const isVerifiedStatus = (s: EmailStatus) => s === 'VERIFIED' || s === 'CREATED_BY_ADMIN';

export function toEmailDto(e: EmailRow): EmailDto {
  return {
    id: e.id,
    email: e.email,
    type: e.type,
    status: e.status,
    isPrimary: e.isPrimary,
    createdAt: e.createdAt.toISOString(),
    verifiedAt: iso(e.verifiedAt),
    deletedAt: iso(e.deletedAt),
  };
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const isUniqueViolation = (err: unknown) =>
  String((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) ===
  '23505';

/** The e-mail addresses of an account: list, add, delete, (re)send codes and verify them. */
export class EmailService {
  private readonly repo: EmailsRepository;
  /** SEC-CODE-1: wrong codes count per account, on both verify and the deprecated confirm. */
  private readonly attempts: AttemptLimiter;

  constructor(private readonly accounts: AccountService) {
    this.repo = new EmailsRepository(accounts.platform.db);
    this.attempts = new AttemptLimiter(
      accounts.platform.counters,
      accounts.platform.config,
      'email-code',
    );
  }

  private get config() {
    return this.accounts.platform.config;
  }

  async list(auth: AuthContext | null): Promise<EmailDto[]> {
    const user = await this.accounts.me(auth);
    return (await this.accounts.repo.emailsOf(user.id)).map(toEmailDto);
  }

  /** Adds a pending address (primary if the account has none) and mails it a code. */
  async add(auth: AuthContext | null, input: AddEmailReq): Promise<EmailDto> {
    const user = await this.accounts.me(auth);
    const address = input.email.trim().toLowerCase();
    if (await this.accounts.repo.liveEmail(address)) throw fail('EMAIL_ALREADY_REGISTERED');
    const code = sixDigitCode();
    const now = new Date();
    let row: EmailRow;
    try {
      row = await this.accounts.repo.transaction(async (repo, tx) => {
        await new EmailsRepository(tx).lockUser(user.id);
        const hasPrimary = (await repo.emailsOf(user.id)).length > 0;
        return repo.addEmail({
          userId: user.id,
          email: address,
          type: input.type,
          status: 'PENDING_VERIFICATION',
          isPrimary: !hasPrimary,
          verificationCode: sha256(code),
          verificationExpiresAt: new Date(now.getTime() + this.config.EMAIL_CODE_TTL * 1000),
          verificationSentAt: now,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw fail('EMAIL_ALREADY_REGISTERED');
      throw err;
    }
    await this.accounts.mailVerificationCode(row.email, code);
    return toEmailDto(row);
  }

  /**
   * Deletes one of the caller's addresses (status DELETED, deletedAt). The last verified
   * address of an account without a phone number cannot go: it is the only way to log in.
   */
  async remove(auth: AuthContext | null, idParam: string): Promise<EmailDto> {
    const user = await this.accounts.me(auth);
    const id = /^\d{1,9}$/.test(idParam) ? Number(idParam) : NaN;
    if (!Number.isFinite(id)) throw fail('EMAIL_NOT_FOUND');
    const deleted = await this.accounts.repo.transaction(async (repo, tx) => {
      const emails = new EmailsRepository(tx);
      await emails.lockUser(user.id);
      const row = await emails.ownLive(user.id, id);
      if (!row) throw fail('EMAIL_NOT_FOUND');
      if (isVerifiedStatus(row.status) && !user.phoneNumber) {
        const others = (await repo.emailsOf(user.id)).filter(
          (e) => e.id !== row.id && isVerifiedStatus(e.status),
        );
        if (others.length === 0) throw fail('EMAIL_LAST_LOGIN_ADDRESS');
      }
      return emails.markDeleted(row, new Date());
    });
    return toEmailDto(deleted);
  }

  /** Mails a new code to one of the caller's pending addresses, at most once per interval. */
  async resend(auth: AuthContext | null, address: string): Promise<void> {
    const user = await this.accounts.me(auth);
    const row = await this.accounts.repo.liveEmail(address);
    if (!row || row.userId !== user.id) throw fail('EMAIL_NOT_FOUND');
    if (isVerifiedStatus(row.status)) throw fail('EMAIL_ALREADY_VERIFIED');
    const updated = await this.mailNewCode(row.id);
    if (!updated) {
      // Either sent too recently, or verified in the meantime.
      const fresh = await this.accounts.repo.emailById(row.id);
      if (fresh && isVerifiedStatus(fresh.status)) throw fail('EMAIL_ALREADY_VERIFIED');
      throw fail('EMAIL_RESEND_TOO_SOON');
    }
  }

  /**
   * VERIFY-LOGIN-1: a new code for a pending address, asked for while signed out. Silent when
   * the address is unknown, verified, or had a code within EMAIL_VERIFICATION_MIN_INTERVAL.
   */
  async resendSignedOut(address: string): Promise<void> {
    const row = await this.accounts.repo.liveEmail(address);
    if (!row || isVerifiedStatus(row.status)) return;
    await this.mailNewCode(row.id);
  }

  /**
   * A new code for a pending address, mailed, unless one went out within
   * EMAIL_VERIFICATION_MIN_INTERVAL (or it was verified meanwhile): then nothing, and undefined.
   * A new code does not reset the count of wrong ones (SEC-CODE-1).
   */
  private async mailNewCode(emailId: number) {
    const code = sixDigitCode();
    const now = new Date();
    const updated = await this.repo.replaceCode(
      emailId,
      sha256(code),
      now,
      new Date(now.getTime() + this.config.EMAIL_CODE_TTL * 1000),
      this.config.EMAIL_VERIFICATION_MIN_INTERVAL,
    );
    if (updated) await this.accounts.mailVerificationCode(updated.email, code);
    return updated;
  }

  /**
   * Verifies an address with its code; no token needed (the code proves ownership). Wrong codes
   * count against the account owning the address (SEC-CODE-1) and the caller's IP.
   */
  async verify(address: string, code: string, ip: string): Promise<EmailVerificationRes> {
    const row = await this.accounts.repo.liveEmail(address);
    if (!row) throw fail('EMAIL_NOT_FOUND');
    if (isVerifiedStatus(row.status)) throw fail('EMAIL_ALREADY_VERIFIED');
    return this.attempts.guard({ target: `account:${row.userId}`, ip }, async () => {
      if (!codeMatches(row, sha256(code.trim()), new Date()))
        throw fail('EMAIL_VERIFICATION_FAILED');
      return this.markVerified(row);
    });
  }

  /**
   * Deprecated POST /users/confirm-email: `{ email, code }` behaves like verify; `{ token }`
   * (the code alone) needs a bearer token and matches the caller's pending addresses. Wrong
   * tokens count against the calling account like wrong codes of verify (SEC-CODE-1).
   */
  async confirm(
    auth: AuthContext | null,
    body: ConfirmEmailReq,
    ip: string,
  ): Promise<EmailVerificationRes> {
    if (body.email && body.code) return this.verify(body.email, body.code, ip);
    if (!auth) throw fail('USER_ACTION_UNAUTHORIZED'); // SEC-AUTH-USER-1
    if (auth.isGuest) throw fail('GUEST_NOT_ALLOWED');
    const user = await this.accounts.me(auth);
    return this.attempts.guard({ target: `account:${user.id}`, ip }, async () => {
      const hash = sha256((body.token ?? '').trim());
      const now = new Date();
      const match = (await this.accounts.repo.emailsOf(user.id)).find((e) =>
        codeMatches(e, hash, now),
      );
      if (!match) throw fail('EMAIL_VERIFICATION_FAILED');
      return this.markVerified(match);
    });
  }

  private async markVerified(row: EmailRow): Promise<EmailVerificationRes> {
    // A racing verification of the same code may have won: the address is verified either way.
    await this.repo.markVerified(row.id, new Date());
    return { status: 'VERIFIED', email: row.email };
  }
}

/** A pending address whose live code has this hash. */
function codeMatches(e: EmailRow, hash: string, now: Date): boolean {
  return (
    e.status === 'PENDING_VERIFICATION' &&
    e.verificationCode !== null &&
    e.verificationExpiresAt !== null &&
    e.verificationExpiresAt > now &&
    sameHash(e.verificationCode, hash)
  );
}
