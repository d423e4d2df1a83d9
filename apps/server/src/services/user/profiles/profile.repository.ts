import { count, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index';
import type { UserRow } from '../repository';
import { users } from '../schema';

/** SQL for profile reads that the core UserRepository does not cover. */
export class ProfileRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page of accounts (deactivated included) and the total.
   * `order: 'id'` lists oldest first; `'updated'` lists the most recently updated first.
   */
  async page(opts: {
    take: number;
    skip: number;
    order: 'id' | 'updated';
    since?: Date;
  }): Promise<{ rows: UserRow[]; total: number }> {
    const where: SQL | undefined = opts.since ? gte(users.updatedAt, opts.since) : undefined;
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(...(opts.order === 'id' ? [users.id] : [desc(users.updatedAt), desc(users.id)]))
      .limit(opts.take)
      .offset(opts.skip);
    const [{ n }] = await this.db.select({ n: count() }).from(users).where(where);
    return { rows, total: Number(n) };
  }

  /** Replaces the client settings; does not count as a profile update (updatedAt is kept). */
  async setUserData(id: number, data: Record<string, unknown>): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ userData: data })
      .where(eq(users.id, id))
      .returning();
    return row;
  }
}
