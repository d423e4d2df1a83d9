import { randomInt } from 'node:crypto';
import {
  VOUCHER_CODE_ALPHABET,
  type Capability,
  type VoucherDto,
  type VoucherListRes,
  type VoucherSignUpReq,
} from '@tt/protocol';
import type { AuthContext } from '../../../platform/auth';
import { AppError, fail } from '../../../platform/errors';
import type { Db } from '../../../platform/db/index';
import { AttemptLimiter, type AttemptSubject } from '../attempts';
import { UserRepository, type UserRow } from '../repository';
import type { AccountService } from '../service';
import { VoucherRepository, type VoucherRow } from './vouchers.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A readable code: TT-XXXX-XXXX from an alphabet without 0/O/1/I/L (31^8 ≈ 8.5e11 codes). */
export function voucherCode(): string {
  const part = () =>
    Array.from(
      { length: 4 },
      () => VOUCHER_CODE_ALPHABET[randomInt(VOUCHER_CODE_ALPHABET.length)],
    ).join('');
  return `TT-${part()}-${part()}`;
}

export function voucherDto(v: VoucherRow): VoucherDto {
  return {
    uuid: v.uuid,
    code: v.code,
    status: v.status,
    capability: v.capability,
    note: v.note,
    createdBy: v.createdBy,
    redeemedBy: v.redeemedBy,
    redeemedAt: iso(v.redeemedAt),
    revokedAt: iso(v.revokedAt),
    createdAt: v.createdAt.toISOString(),
  };
}

/** Why a voucher cannot be used: unknown (`unknown` decides the error), redeemed or revoked. */
function unusable(v: VoucherRow | undefined, unknown: 'VOUCHER_NOT_FOUND' | 'VOUCHER_INVALID') {
  if (!v) return fail(unknown);
  return fail(v.status === 'REVOKED' ? 'VOUCHER_REVOKED' : 'VOUCHER_ALREADY_REDEEMED');
}

/**
 * Invite vouchers (VOUCHER-1, VOUCHER-2): admins create and revoke them; a user redeems one (PENDING →
 * REDEEMED) and receives its capability; or signs up with one. Status changes are conditional
 * updates, so a code is redeemed at most once even under concurrent calls.
 */
export class VoucherService {
  readonly repo: VoucherRepository;
  /** SEC-CODE-1/2: codes that cannot be used count per caller account and per IP. */
  private readonly attempts: AttemptLimiter;

  constructor(readonly accounts: AccountService) {
    this.repo = new VoucherRepository(accounts.platform.db);
    this.attempts = new AttemptLimiter(
      accounts.platform.counters,
      accounts.platform.config,
      'voucher',
    );
  }

  async create(
    auth: AuthContext | null,
    input: { count: number; capability?: Capability; note?: string },
  ): Promise<VoucherDto[]> {
    const created: VoucherRow[] = [];
    // A fresh code collides with an existing one with negligible odds; retry those few.
    for (let round = 0; round < 5 && created.length < input.count; round++) {
      const codes = new Set<string>();
      while (codes.size < input.count - created.length) codes.add(voucherCode());
      created.push(
        ...(await this.repo.insertNew(
          [...codes].map((code) => ({
            code,
            capability: input.capability ?? null,
            note: input.note ?? '',
            createdBy: auth!.uuid,
          })),
        )),
      );
    }
    if (created.length < input.count) throw fail('INTERNAL');
    return created.map(voucherDto);
  }

  async list(
    status: VoucherRow['status'] | undefined,
    limit: number,
    offset: number,
  ): Promise<VoucherListRes> {
    const { rows, total } = await this.repo.list(status, limit, offset);
    return { data: rows.map(voucherDto), total };
  }

  async revoke(uuid: string): Promise<VoucherDto> {
    const row = await this.repo.updateIfPending(
      { uuid },
      { status: 'REVOKED', revokedAt: new Date() },
    );
    if (!row) throw unusable(await this.repo.byUuid(uuid), 'VOUCHER_NOT_FOUND');
    return voucherDto(row);
  }

  /** Redeems for the caller and grants the voucher's capability, in one transaction. */
  async redeem(auth: AuthContext | null, code: string, ip: string): Promise<VoucherDto> {
    const user = await this.accounts.me(auth);
    const subject: AttemptSubject = { target: `account:${user.id}`, ip };
    await this.attempts.begin(subject);
    const row = await this.accounts.platform.db
      .transaction(async (tx) => {
        const repo = new VoucherRepository(tx as unknown as Db);
        const v = await repo.updateIfPending(
          { code },
          { status: 'REDEEMED', redeemedBy: user.uuid, redeemedAt: new Date() },
        );
        if (!v) throw unusable(await repo.byCode(code), 'VOUCHER_NOT_FOUND');
        await grant(new UserRepository(tx as unknown as Db), user, v.capability);
        return v;
      })
      .catch(async (err: unknown) => {
        if (isVoucherRefusal(err)) await this.attempts.failed(subject);
        throw err;
      });
    await this.attempts.succeeded(subject);
    return voucherDto(row);
  }

  /**
   * Sign-up with a voucher: the voucher is claimed first (so two sign-ups cannot share it), the
   * account is created as by POST /users/sign-up (verification e-mail included), then the voucher
   * is bound to it. If the account cannot be created, the voucher is released.
   */
  async signUp(input: VoucherSignUpReq, ip: string): Promise<UserRow> {
    // No account yet: the IP is what counts (SEC-CODE-2).
    await this.attempts.begin({ ip });
    const claimed = await this.repo.updateIfPending(
      { code: input.voucherCode },
      { status: 'REDEEMED', redeemedAt: new Date() },
    );
    if (!claimed) {
      await this.attempts.failed({ ip });
      throw unusable(await this.repo.byCode(input.voucherCode), 'VOUCHER_INVALID');
    }
    let created: Awaited<ReturnType<AccountService['createAccount']>>;
    try {
      created = await this.accounts.createAccount({
        email: input.email,
        password: input.password,
        nickname: input.nickname,
      });
    } catch (err) {
      await this.repo.update(claimed.id, { status: 'PENDING', redeemedAt: null });
      throw err;
    }
    const { user, email, code } = created;
    await this.repo.update(claimed.id, { redeemedBy: user.uuid });
    const updated = await grant(this.accounts.repo, user, claimed.capability);
    if (code) await this.accounts.mailVerificationCode(email.email, code);
    return updated;
  }
}

const VOUCHER_REFUSALS = new Set([
  'VOUCHER_NOT_FOUND',
  'VOUCHER_REVOKED',
  'VOUCHER_ALREADY_REDEEMED',
]);

/** A refusal of the code itself (unknown, used or revoked), as opposed to any other failure. */
function isVoucherRefusal(err: unknown): boolean {
  return err instanceof AppError && VOUCHER_REFUSALS.has(err.code);
}

async function grant(
  users: UserRepository,
  user: UserRow,
  capability: Capability | null,
): Promise<UserRow> {
  if (!capability) return user;
  const fresh = (await users.byId(user.id)) ?? user;
  if (fresh.capabilities.includes(capability)) return fresh;
  return users.update(user.id, { capabilities: [...fresh.capabilities, capability] });
}
