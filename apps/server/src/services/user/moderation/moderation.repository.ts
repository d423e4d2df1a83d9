import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index';
import { deactivationRequests, moderationComments, users } from '../schema';
import type { UserRow } from '../repository';

export type CommentRow = typeof moderationComments.$inferSelect & { authorNickname: string | null };
export type DeactivationRow = typeof deactivationRequests.$inferSelect;
export type NewDeactivation = typeof deactivationRequests.$inferInsert;

/** SQL for moderation comments and deactivation requests. */
export class ModerationRepository {
  constructor(private readonly db: Db) {}

  // --- moderation comments ---

  async addComment(row: typeof moderationComments.$inferInsert): Promise<number> {
    const [created] = await this.db
      .insert(moderationComments)
      .values(row)
      .returning({ id: moderationComments.id });
    return created.id;
  }

  /** Comments about an account (or one comment by id), newest first, with the author's nickname. */
  async comments(filter: { userUuid: string } | { id: number }): Promise<CommentRow[]> {
    return this.db
      .select({
        id: moderationComments.id,
        userUuid: moderationComments.userUuid,
        authorUuid: moderationComments.authorUuid,
        comment: moderationComments.comment,
        createdAt: moderationComments.createdAt,
        authorNickname: users.nickname,
      })
      .from(moderationComments)
      .leftJoin(users, eq(users.uuid, moderationComments.authorUuid))
      .where(
        'id' in filter
          ? eq(moderationComments.id, filter.id)
          : eq(moderationComments.userUuid, filter.userUuid),
      )
      .orderBy(desc(moderationComments.createdAt), desc(moderationComments.id));
  }

  // --- deactivation requests ---

  async addDeactivation(row: NewDeactivation): Promise<DeactivationRow> {
    const [created] = await this.db.insert(deactivationRequests).values(row).returning();
    return created;
  }

  async updateDeactivation(id: number, patch: Partial<NewDeactivation>): Promise<DeactivationRow> {
    const [row] = await this.db
      .update(deactivationRequests)
      .set(patch)
      .where(eq(deactivationRequests.id, id))
      .returning();
    return row;
  }

  /** The newest request of an account in `status`. */
  async latestDeactivation(
    userId: number,
    status: DeactivationRow['status'],
  ): Promise<DeactivationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(deactivationRequests)
      .where(and(eq(deactivationRequests.userId, userId), eq(deactivationRequests.status, status)))
      .orderBy(desc(deactivationRequests.createdAt), desc(deactivationRequests.id))
      .limit(1);
    return row;
  }

  /** Open (REQUESTED) requests with their accounts, oldest first. */
  async openDeactivations(
    limit: number,
    offset: number,
  ): Promise<{ rows: { request: DeactivationRow; user: UserRow }[]; total: number }> {
    const open = eq(deactivationRequests.status, 'REQUESTED');
    const rows = await this.db
      .select({ request: deactivationRequests, user: users })
      .from(deactivationRequests)
      .innerJoin(users, eq(users.id, deactivationRequests.userId))
      .where(open)
      .orderBy(asc(deactivationRequests.createdAt), asc(deactivationRequests.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = await this.db
      .select({ total: count() })
      .from(deactivationRequests)
      .where(open);
    return { rows, total: Number(total) };
  }

  /** Moves the account from `from` to `to`; false when it was not in `from` (a race lost). */
  async switchStatus(
    userId: number,
    from: UserRow['status'],
    to: UserRow['status'],
  ): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.status, from)))
      .returning({ id: users.id });
    return rows.length > 0;
  }
}
