import { and, asc, eq, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index';
import type { EmailRow } from '../repository';
import { emails, users } from '../schema';

/** SQL for the e-mail addresses area (list, add, delete, verification codes). */
export class EmailsRepository {
  constructor(private readonly db: Db) {}

  /** A live address of the account by id. */
  async ownLive(userId: number, id: number): Promise<EmailRow | undefined> {
    const [row] = await this.db
      .select()
      .from(emails)
      .where(and(eq(emails.id, id), eq(emails.userId, userId), ne(emails.status, 'DELETED')));
    return row;
  }

  /** Locks the account row until the end of the transaction (serialises e-mail changes). */
  async lockUser(userId: number): Promise<void> {
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  /** Marks an address DELETED; if it was primary, the best remaining address becomes primary. */
  async markDeleted(row: EmailRow, now: Date): Promise<EmailRow> {
    const [deleted] = await this.db
      .update(emails)
      .set({
        status: 'DELETED',
        deletedAt: now,
        isPrimary: false,
        verificationCode: null,
        verificationExpiresAt: null,
      })
      .where(eq(emails.id, row.id))
      .returning();
    if (row.isPrimary) {
      const live = await this.db
        .select()
        .from(emails)
        .where(and(eq(emails.userId, row.userId), ne(emails.status, 'DELETED')))
        .orderBy(asc(emails.id));
      // The oldest verified address, else the oldest pending one.
      const next = live.find((e) => e.status !== 'PENDING_VERIFICATION') ?? live[0];
      if (next) await this.db.update(emails).set({ isPrimary: true }).where(eq(emails.id, next.id));
    }
    return deleted;
  }

  /**
   * Stores a new code for a pending address unless one was sent less than `minInterval`
   * seconds ago; answers undefined when it was too soon (atomic: two racing resends send one mail).
   */
  async replaceCode(
    id: number,
    codeHash: string,
    now: Date,
    expiresAt: Date,
    minIntervalSeconds: number,
  ): Promise<EmailRow | undefined> {
    const cutoff = new Date(now.getTime() - minIntervalSeconds * 1000);
    const [row] = await this.db
      .update(emails)
      .set({
        verificationCode: codeHash,
        verificationExpiresAt: expiresAt,
        verificationSentAt: now,
      })
      .where(
        and(
          eq(emails.id, id),
          eq(emails.status, 'PENDING_VERIFICATION'),
          or(isNull(emails.verificationSentAt), lte(emails.verificationSentAt, cutoff)),
        ),
      )
      .returning();
    return row;
  }

  /** PENDING_VERIFICATION → VERIFIED; answers undefined if it was no longer pending. */
  async markVerified(id: number, now: Date): Promise<EmailRow | undefined> {
    const [row] = await this.db
      .update(emails)
      .set({
        status: 'VERIFIED',
        verifiedAt: now,
        verificationCode: null,
        verificationExpiresAt: null,
      })
      .where(and(eq(emails.id, id), eq(emails.status, 'PENDING_VERIFICATION')))
      .returning();
    return row;
  }
}
