import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index';
import type { UserRow } from '../repository';
import { oneTimeTokens, users } from '../schema';

export type OneTimePurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;

/** Single-use secrets (password resets, magic links), stored as SHA-256 hashes. */
/** The secret with this hash and purpose, not used and not expired at `now`. */
const isLive = (tokenHash: string, purpose: OneTimePurpose, now: Date) =>
  and(
    eq(oneTimeTokens.tokenHash, tokenHash),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  );

export class OneTimeTokenRepository {
  constructor(private readonly db: Db) {}

  async create(row: {
    userId: number;
    purpose: OneTimePurpose;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<OneTimeTokenRow> {
    // Housekeeping: the account's expired secrets of this purpose are of no use any more.
    await this.db
      .delete(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, row.userId),
          eq(oneTimeTokens.purpose, row.purpose),
          lte(oneTimeTokens.expiresAt, new Date()),
        ),
      );
    const [created] = await this.db.insert(oneTimeTokens).values(row).returning();
    return created;
  }

  /** The unused, unexpired secret with this hash. */
  async findLive(
    tokenHash: string,
    purpose: OneTimePurpose,
    now: Date,
  ): Promise<OneTimeTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(oneTimeTokens)
      .where(isLive(tokenHash, purpose, now));
    return row;
  }

  /** Marks the secret used if it is still live; answers it, or undefined (single use, atomic). */
  async consume(
    tokenHash: string,
    purpose: OneTimePurpose,
    now: Date,
  ): Promise<OneTimeTokenRow | undefined> {
    const [row] = await this.db
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(isLive(tokenHash, purpose, now))
      .returning();
    return row;
  }

  /** Voids every unused secret of the account (of one purpose, or all). */
  async revokeAll(userId: number, now: Date, purpose?: OneTimePurpose): Promise<void> {
    await this.db
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          isNull(oneTimeTokens.usedAt),
          purpose ? eq(oneTimeTokens.purpose, purpose) : undefined,
        ),
      );
  }
}

/** Password columns of an account. */
export class PasswordsRepository {
  constructor(private readonly db: Db) {}

  /** Sets the hash only if the account has no password yet; answers undefined otherwise. */
  async setIfNone(userId: number, passwordHash: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.passwordHash)))
      .returning();
    return row;
  }
}
