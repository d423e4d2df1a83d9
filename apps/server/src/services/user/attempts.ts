import type { Counters } from '../../platform/counters';
import type { Config } from '../../platform/config';
import { fail } from '../../platform/errors';

/**
 * SEC-CODE-1/2: the one attempt counter of every code-checking path of the user service (e-mail
 * codes, phone codes, password-reset tokens, magic links, vouchers).
 *
 * - Per target (an account, a phone number): every check counts *before* the code is compared, so
 *   parallel guesses cannot slip past the limit, and a right code clears the count. After
 *   CODE_MAX_FAILURES wrong ones within CODE_FAILURE_WINDOW, or CODE_MAX_FAILURES_PER_DAY within
 *   24 hours, every further check of that target answers 429 CODE_ATTEMPTS_LOCKED — a right code
 *   too — until the window that started with the first failure has passed. Asking for a new
 *   code does not clear it.
 * - Per client IP, across all paths: CODE_MAX_FAILURES_PER_IP wrong ones within the window, then
 *   429. Only failures count here (a busy shared address logging in rightly is not locked).
 *
 * What that leaves an attacker (defaults: 5 per 15 minutes, 10 per day):
 * - 6-digit e-mail code (10⁶ values, lives EMAIL_CODE_TTL = 24 h): any 24 hours overlap at most two
 *   daily windows, so ≤ 20 guesses per code → chance ≤ 20·10⁻⁶ = 2·10⁻⁵.
 * - 6-digit phone code (lives PHONE_CODE_TTL = 10 min, PHONE_CODE_MAX_ATTEMPTS = 5 per code):
 *   ≤ 5 guesses per code → ≤ 5·10⁻⁶; per number ≤ 20 guesses a day → ≤ 2·10⁻⁵ a day.
 * - Voucher TT-XXXX-XXXX (31⁸ ≈ 8.5·10¹¹ codes): ≤ 20 guesses per account a day and ≤ 50 per IP
 *   per 15 minutes; with even 10⁴ pending vouchers a guess wins with ≤ 1.2·10⁻⁸.
 * - Reset tokens and magic links: 256 random bits (passwords.service newSecret), so guessing is
 *   out of reach; they name no target and count per IP only.
 */
export interface AttemptSubject {
  /** What the code belongs to (`account:12`, `phone:+4474…`); absent when the code names none. */
  target?: string;
  /** The caller's address (request.ip). */
  ip: string;
}

const DAY = 86_400;

export class AttemptLimiter {
  constructor(
    private readonly counters: Counters,
    private readonly config: Config,
    /** Which kind of code: keeps the counts of e-mail codes apart from phone codes and so on. */
    private readonly purpose: string,
  ) {}

  private tiers(target: string) {
    const c = this.config;
    return [
      {
        key: `code-fail:${this.purpose}:${target}`,
        max: c.CODE_MAX_FAILURES,
        window: c.CODE_FAILURE_WINDOW,
      },
      {
        key: `code-fail-day:${this.purpose}:${target}`,
        max: c.CODE_MAX_FAILURES_PER_DAY,
        window: DAY,
      },
    ];
  }

  private ipKey(ip: string) {
    return `code-fail-ip:${ip}`;
  }

  /**
   * Call right before comparing a code. Throws 429 CODE_ATTEMPTS_LOCKED while the IP or the target
   * is locked out; otherwise counts this check against the target.
   */
  async begin(s: AttemptSubject): Promise<void> {
    if ((await this.counters.get(this.ipKey(s.ip))) >= this.config.CODE_MAX_FAILURES_PER_IP) {
      throw fail('CODE_ATTEMPTS_LOCKED');
    }
    if (!s.target) return;
    // The daily tier only counts checks the short tier let through.
    for (const tier of this.tiers(s.target)) {
      if ((await this.counters.hit(tier.key, tier.window)) > tier.max) {
        throw fail('CODE_ATTEMPTS_LOCKED');
      }
    }
  }

  /** The code was wrong (or unknown, used, expired): counts against the IP. */
  async failed(s: AttemptSubject): Promise<void> {
    await this.counters.hit(this.ipKey(s.ip), this.config.CODE_FAILURE_WINDOW);
  }

  /** The code was right: the target's count starts again (the IP's failures stay). */
  async succeeded(s: AttemptSubject): Promise<void> {
    if (!s.target) return;
    for (const tier of this.tiers(s.target)) await this.counters.reset(tier.key);
  }

  /**
   * Runs a check between begin and failed/succeeded: `check` answers its value for a right code
   * and throws for a wrong one (the error is passed on after the failure is counted).
   */
  async guard<T>(s: AttemptSubject, check: () => Promise<T>): Promise<T> {
    await this.begin(s);
    let value: T;
    try {
      value = await check();
    } catch (err) {
      await this.failed(s);
      throw err;
    }
    await this.succeeded(s);
    return value;
  }
}
