import { randomInt } from 'node:crypto';
import {
  isSupportedCountry,
  parsePhoneNumberWithError,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js/max';
import type {
  PhoneFraudConstantsDto,
  PhoneLineType,
  PhoneValidationDto,
  PhoneValidationRecordDto,
  PhoneValidationStatus,
  PhoneWhitelistEntryDto,
} from '@tt/protocol';
import { PHONE_LINE_TYPES } from '@tt/protocol';
import { fail } from '../../../platform/errors';
import { AttemptLimiter } from '../attempts';
import type { UserRow } from '../repository';
import type { AccountService } from '../service';
import { sha256, sixDigitCode } from '../service';
import {
  PhoneRepository,
  type PhoneValidationRow,
  type PhoneWhitelistRow,
} from './phone.repository';

/** Line types that may log in: real mobile numbers (US/CA numbers cannot be told apart). */
export const ALLOWED_LINE_TYPES: readonly PhoneLineType[] = ['MOBILE', 'FIXED_LINE_OR_MOBILE'];
export const BLOCKED_LINE_TYPES: readonly PhoneLineType[] = PHONE_LINE_TYPES.filter(
  (t) => !ALLOWED_LINE_TYPES.includes(t),
);
/** Minimum wait between two texted codes to one number (the PHONE_CODE_RESEND_TOO_SOON text). */
export const PHONE_CODE_RESEND_INTERVAL_SECONDS = 30;

export interface PhoneClassification extends PhoneValidationDto {
  /** E.164 form, or null when the input could not be read as a phone number at all. */
  e164: string | null;
  /** The number has a plausible length for its country (whitelist entries need this). */
  possible: boolean;
}

/** Reads a phone number (international, or national with `country`) and classifies it. */
export function classifyPhone(input: string, country?: string): PhoneClassification {
  const raw = input.trim();
  let parsed: PhoneNumber;
  try {
    const defaultCountry =
      country && isSupportedCountry(country) ? (country as CountryCode) : undefined;
    parsed = parsePhoneNumberWithError(raw, defaultCountry ? { defaultCountry } : {});
  } catch {
    return {
      phoneNumber: raw,
      status: 'VALIDATION_ERROR',
      lineType: null,
      country: null,
      e164: null,
      possible: false,
    };
  }
  const e164 = parsed.number as string;
  const base = { phoneNumber: e164, e164, possible: parsed.isPossible() };
  if (!parsed.isValid()) {
    return { ...base, status: 'INVALID', lineType: null, country: parsed.country ?? null };
  }
  const lineType = parsed.getType() ?? null;
  let status: PhoneValidationStatus = 'INVALID';
  if (lineType === 'VOIP') status = 'VOIP';
  else if (lineType && ALLOWED_LINE_TYPES.includes(lineType)) status = 'VALID';
  return { ...base, status, lineType, country: parsed.country ?? null };
}

const iso = (d: Date) => d.toISOString();

function toWhitelistDto(r: PhoneWhitelistRow): PhoneWhitelistEntryDto {
  return {
    id: r.id,
    phoneNumber: r.phoneNumber,
    note: r.note,
    fixedCode: r.fixedCode,
    createdBy: r.createdBy,
    createdAt: iso(r.createdAt),
  };
}

function toValidationRecordDto(r: PhoneValidationRow): PhoneValidationRecordDto {
  return {
    id: r.id,
    phoneNumber: r.phoneNumber,
    status: r.status,
    lineType: r.lineType,
    country: r.country,
    requestedBy: r.requestedBy,
    createdAt: iso(r.createdAt),
  };
}

function describeTtl(seconds: number): string {
  if (seconds % 60 === 0) {
    const m = seconds / 60;
    return `${m} minute${m === 1 ? '' : 's'}`;
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** Phone login by texted code, phone validation and the phone whitelist. */
export class PhoneService {
  readonly repo: PhoneRepository;
  /** SEC-CODE-1: wrong codes count per number across its codes (a new code does not reset it). */
  private readonly attempts: AttemptLimiter;

  constructor(private readonly accounts: AccountService) {
    this.repo = new PhoneRepository(accounts.platform.db);
    this.attempts = new AttemptLimiter(
      accounts.platform.counters,
      accounts.platform.config,
      'phone-code',
    );
  }

  private get config() {
    return this.accounts.platform.config;
  }

  // --- validation ---

  /** Classifies the number and records the call in the recents list. */
  async validate(
    input: string,
    country: string | undefined,
    requestedBy: string | null,
  ): Promise<PhoneValidationDto> {
    const c = classifyPhone(input, country);
    await this.repo.recordValidation({
      phoneNumber: c.phoneNumber,
      status: c.status,
      lineType: c.lineType,
      country: c.country,
      requestedBy,
    });
    return {
      phoneNumber: c.phoneNumber,
      status: c.status,
      lineType: c.lineType,
      country: c.country,
    };
  }

  async recents(limit: number, offset: number) {
    const { rows, total } = await this.repo.recentValidations(limit, offset);
    return { data: rows.map(toValidationRecordDto), total };
  }

  async clearRecents(): Promise<{ deleted: number }> {
    return { deleted: await this.repo.clearValidations() };
  }

  fraudConstants(): PhoneFraudConstantsDto {
    return {
      allowedLineTypes: [...ALLOWED_LINE_TYPES],
      blockedLineTypes: [...BLOCKED_LINE_TYPES],
      codeTtlSeconds: this.config.PHONE_CODE_TTL,
      maxAttempts: this.config.PHONE_CODE_MAX_ATTEMPTS,
      resendIntervalSeconds: PHONE_CODE_RESEND_INTERVAL_SECONDS,
    };
  }

  // --- login by texted code ---

  /** Creates a login code for the number and texts it (whitelisted fixed codes are not sent). */
  async sendCode(
    input: string,
    country?: string,
  ): Promise<{ success: true; expiresInSeconds: number }> {
    const c = classifyPhone(input, country);
    if (!c.e164) throw fail('INVALID_PHONE');
    const listed = await this.repo.whitelistByPhone(c.e164);
    if (!listed && c.status !== 'VALID') throw fail('INVALID_PHONE');

    const ttl = this.config.PHONE_CODE_TTL;
    const expiresAt = new Date(Date.now() + ttl * 1000);
    if (listed?.fixedCode) {
      // Reviewers and test devices: the fixed code works, nothing is texted.
      await this.repo.addCode({
        phoneNumber: c.e164,
        codeHash: sha256(listed.fixedCode),
        expiresAt,
      });
      return { success: true, expiresInSeconds: ttl };
    }

    const { counters, sms, log } = this.accounts.platform;
    const resendKey = `phone-code-sent:${c.e164}`;
    if ((await counters.hit(resendKey, PHONE_CODE_RESEND_INTERVAL_SECONDS)) > 1) {
      throw fail('PHONE_CODE_RESEND_TOO_SOON');
    }
    const code = sixDigitCode();
    const row = await this.repo.addCode({ phoneNumber: c.e164, codeHash: sha256(code), expiresAt });
    try {
      await sms.send(
        c.e164,
        `Your Turntable LIVE login code is ${code}. It expires in ${describeTtl(ttl)}. Do not share it.`,
      );
    } catch (err) {
      // The code never reached the phone: forget it and let the person try again at once.
      log.warn({ err, to: c.e164 }, 'login code not sent');
      await this.repo.deleteCode(row.id);
      await counters.reset(resendKey);
      throw fail('SMS_SEND_FAILED');
    }
    return { success: true, expiresInSeconds: ttl };
  }

  /**
   * Checks the newest code of the number; logs in (creating the account on first login). A code
   * allows PHONE_CODE_MAX_ATTEMPTS tries; the number as a whole is limited by SEC-CODE-1.
   */
  async verifyCode(
    input: { phoneNumber: string; code: string; country?: string },
    ip: string,
  ): Promise<{ accessToken: string; isNewUser: boolean }> {
    const c = classifyPhone(input.phoneNumber, input.country);
    if (!c.e164) throw fail('INVALID_PHONE');
    const max = this.config.PHONE_CODE_MAX_ATTEMPTS;
    const row = await this.repo.newestOpenCode(c.e164);
    if (!row) throw fail('PHONE_CODE_NOT_FOUND');
    if (row.attempts >= max) throw fail('PHONE_CODE_TOO_MANY_ATTEMPTS');
    if (row.expiresAt.getTime() <= Date.now()) throw fail('PHONE_CODE_EXPIRED');
    const subject = { target: `phone:${c.e164}`, ip };
    await this.attempts.begin(subject);
    if (sha256(input.code.trim()) !== row.codeHash) {
      await this.attempts.failed(subject);
      const attempts = await this.repo.countWrongAttempt(row.id, max);
      if (attempts === null || attempts >= max) throw fail('PHONE_CODE_TOO_MANY_ATTEMPTS');
      throw fail('PHONE_CODE_INCORRECT');
    }
    await this.attempts.succeeded(subject);
    if (!(await this.repo.consumeCode(row.id, max))) throw fail('PHONE_CODE_NOT_FOUND');

    const { user, isNewUser } = await this.accountFor(c.e164);
    this.accounts.assertMayLogIn(user);
    await this.accounts.rememberClient(user.id, ip);
    const updated = await this.accounts.repo.update(user.id, { lastLoginAt: new Date() });
    return { accessToken: await this.accounts.issueToken(updated), isNewUser };
  }

  /** The account holding the number, or a new one (no e-mail, no password). */
  private async accountFor(phoneNumber: string): Promise<{ user: UserRow; isNewUser: boolean }> {
    const existing = await this.accounts.repo.byPhone(phoneNumber);
    if (existing) return { user: existing, isNewUser: false };
    const { outbox } = this.accounts.platform;
    let user: UserRow;
    try {
      user = await this.accounts.repo.transaction(async (repo, tx) => {
        const created = await repo.create({
          nickname: `listener-${randomInt(1000, 10_000)}`,
          passwordHash: null,
          roles: ['user'],
          phoneNumber,
        });
        await outbox.add(tx, 'user.created', {
          uuid: created.uuid,
          nickname: created.nickname,
          isBot: false,
        });
        return created;
      });
    } catch (err) {
      // Two logins racing for one number: the unique index decides, the loser reads the winner.
      const again = await this.accounts.repo.byPhone(phoneNumber);
      if (again) return { user: again, isNewUser: false };
      throw err;
    }
    outbox.kick();
    return { user, isNewUser: true };
  }

  // --- whitelist ---

  async addToWhitelist(
    input: { phoneNumber: string; country?: string; note?: string; fixedCode?: string },
    createdBy: string | null,
  ): Promise<PhoneWhitelistEntryDto> {
    const c = classifyPhone(input.phoneNumber, input.country);
    if (!c.e164 || !c.possible) throw fail('PHONE_NOT_A_NUMBER');
    const row = await this.repo.addWhitelist({
      phoneNumber: c.e164,
      note: input.note ?? '',
      fixedCode: input.fixedCode ?? null,
      createdBy,
    });
    if (!row) throw fail('PHONE_ALREADY_WHITELISTED');
    return toWhitelistDto(row);
  }

  async removeFromWhitelist(id: number): Promise<{ success: true }> {
    if (!(await this.repo.deleteWhitelist(id))) throw fail('PHONE_WHITELIST_NOT_FOUND');
    return { success: true };
  }

  async whitelistEntry(id: number): Promise<PhoneWhitelistEntryDto> {
    const row = await this.repo.whitelistById(id);
    if (!row) throw fail('PHONE_WHITELIST_NOT_FOUND');
    return toWhitelistDto(row);
  }

  async listWhitelist(q: { limit: number; offset: number; search?: string }) {
    const { rows, total } = await this.repo.listWhitelist(q);
    return {
      data: rows.map(toWhitelistDto),
      count: rows.length,
      total,
      page: Math.floor(q.offset / q.limit) + 1,
      pageCount: Math.ceil(total / q.limit),
    };
  }
}
