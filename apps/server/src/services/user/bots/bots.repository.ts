import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index';
import { users } from '../schema';

/** SQL for bot accounts. */
export class BotsRepository {
  constructor(private readonly db: Db) {}

  /** How many bots the account owns. */
  async countOwnedBy(ownerUuid: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.isBot, true), eq(users.botOwnerUuid, ownerUuid)));
    return Number(row?.n ?? 0);
  }
}
