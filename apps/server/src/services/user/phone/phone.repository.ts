import { and, count, desc, eq, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index';
import { phoneCodes, phoneValidations, phoneWhitelist } from '../schema';

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;
export type PhoneWhitelistRow = typeof phoneWhitelist.$inferSelect;
export type PhoneValidationRow = typeof phoneValidations.$inferSelect;

/** `%`, `_` and `\` matched literally inside an ILIKE pattern. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL for login codes, the phone whitelist and recorded validations. */
export class PhoneRepository {
  constructor(private readonly db: Db) {}

  // --- login codes ---

  async addCode(row: typeof phoneCodes.$inferInsert): Promise<PhoneCodeRow> {
    const [created] = await this.db.insert(phoneCodes).values(row).returning();
    return created;
  }

  async deleteCode(id: number): Promise<void> {
    await this.db.delete(phoneCodes).where(eq(phoneCodes.id, id));
  }

  /** The newest code of the number that was not used yet (it may have expired). */
  async newestOpenCode(phoneNumber: string): Promise<PhoneCodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phoneNumber, phoneNumber), isNull(phoneCodes.consumedAt)))
      .orderBy(desc(phoneCodes.createdAt), desc(phoneCodes.id))
      .limit(1);
    return row;
  }

  /** Counts one wrong try unless the code is already burnt; answers the new count, or null. */
  async countWrongAttempt(id: number, maxAttempts: number): Promise<number | null> {
    const [row] = await this.db
      .update(phoneCodes)
      .set({ attempts: sql`${phoneCodes.attempts} + 1` })
      .where(
        and(
          eq(phoneCodes.id, id),
          isNull(phoneCodes.consumedAt),
          lt(phoneCodes.attempts, maxAttempts),
        ),
      )
      .returning({ attempts: phoneCodes.attempts });
    return row ? row.attempts : null;
  }

  /** Marks the code used; false when another request used or burnt it first. */
  async consumeCode(id: number, maxAttempts: number): Promise<boolean> {
    const rows = await this.db
      .update(phoneCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(phoneCodes.id, id),
          isNull(phoneCodes.consumedAt),
          lt(phoneCodes.attempts, maxAttempts),
        ),
      )
      .returning({ id: phoneCodes.id });
    return rows.length === 1;
  }

  // --- whitelist ---

  async whitelistByPhone(phoneNumber: string): Promise<PhoneWhitelistRow | undefined> {
    const [row] = await this.db
      .select()
      .from(phoneWhitelist)
      .where(eq(phoneWhitelist.phoneNumber, phoneNumber));
    return row;
  }

  async whitelistById(id: number): Promise<PhoneWhitelistRow | undefined> {
    const [row] = await this.db.select().from(phoneWhitelist).where(eq(phoneWhitelist.id, id));
    return row;
  }

  /** Inserts the entry; undefined when the number is already listed. */
  async addWhitelist(
    row: typeof phoneWhitelist.$inferInsert,
  ): Promise<PhoneWhitelistRow | undefined> {
    const [created] = await this.db
      .insert(phoneWhitelist)
      .values(row)
      .onConflictDoNothing({ target: phoneWhitelist.phoneNumber })
      .returning();
    return created;
  }

  async deleteWhitelist(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(phoneWhitelist)
      .where(eq(phoneWhitelist.id, id))
      .returning({ id: phoneWhitelist.id });
    return rows.length === 1;
  }

  async listWhitelist(opts: {
    limit: number;
    offset: number;
    search?: string;
  }): Promise<{ rows: PhoneWhitelistRow[]; total: number }> {
    const term = opts.search?.trim();
    const digits = term?.replace(/\D/g, '');
    const where = term
      ? or(
          ilike(phoneWhitelist.note, `%${likeLiteral(term)}%`),
          digits ? ilike(phoneWhitelist.phoneNumber, `%${digits}%`) : undefined,
        )
      : undefined;
    const rows = await this.db
      .select()
      .from(phoneWhitelist)
      .where(where)
      .orderBy(desc(phoneWhitelist.createdAt), desc(phoneWhitelist.id))
      .limit(opts.limit)
      .offset(opts.offset);
    const [{ n }] = await this.db.select({ n: count() }).from(phoneWhitelist).where(where);
    return { rows, total: Number(n) };
  }

  // --- recorded validations ---

  async recordValidation(row: typeof phoneValidations.$inferInsert): Promise<void> {
    await this.db.insert(phoneValidations).values(row);
  }

  async recentValidations(
    limit: number,
    offset: number,
  ): Promise<{ rows: PhoneValidationRow[]; total: number }> {
    const rows = await this.db
      .select()
      .from(phoneValidations)
      .orderBy(desc(phoneValidations.createdAt), desc(phoneValidations.id))
      .limit(limit)
      .offset(offset);
    const [{ n }] = await this.db.select({ n: count() }).from(phoneValidations);
    return { rows, total: Number(n) };
  }

  async clearValidations(): Promise<number> {
    const rows = await this.db.delete(phoneValidations).returning({ id: phoneValidations.id });
    return rows.length;
  }
}
