import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CometMemberScope } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { chatGroupMembers as g, type ChatMemberRow } from './schema';

/** SQL of room chat members. */
export class ChatMembersRepository {
  constructor(private readonly db: Db) {}

  /** Adds the member (or leaves them as they are); answers the row and whether it is new. */
  async join(
    guid: string,
    uid: string,
    scope: CometMemberScope,
  ): Promise<{ row: ChatMemberRow; created: boolean }> {
    const [created] = await this.db
      .insert(g)
      .values({ guid, uid, scope })
      .onConflictDoNothing()
      .returning();
    if (created) return { row: created, created: true };
    return { row: (await this.get(guid, uid))!, created: false };
  }

  async get(guid: string, uid: string): Promise<ChatMemberRow | null> {
    const [row] = await this.db
      .select()
      .from(g)
      .where(and(eq(g.guid, guid), eq(g.uid, uid)));
    return row ?? null;
  }

  async page(guid: string, limit: number, offset: number) {
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(g)
      .where(eq(g.guid, guid));
    const rows = await this.db
      .select()
      .from(g)
      .where(eq(g.guid, guid))
      .orderBy(asc(g.joinedAt), asc(g.uid))
      .limit(limit)
      .offset(offset);
    return { total: n, rows };
  }

  async count(guid: string): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(g)
      .where(eq(g.guid, guid));
    return n;
  }

  /** Members among these uids (all members when `uids` is undefined). */
  async of(guid: string, uids?: string[]): Promise<ChatMemberRow[]> {
    if (uids && uids.length === 0) return [];
    return this.db
      .select()
      .from(g)
      .where(and(eq(g.guid, guid), uids ? inArray(g.uid, uids) : undefined))
      .orderBy(asc(g.joinedAt), asc(g.uid));
  }

  async setScope(guid: string, uid: string, scope: CometMemberScope): Promise<void> {
    await this.db
      .update(g)
      .set({ scope })
      .where(and(eq(g.guid, guid), eq(g.uid, uid)));
  }

  async remove(guid: string, uid: string): Promise<boolean> {
    const rows = await this.db
      .delete(g)
      .where(and(eq(g.guid, guid), eq(g.uid, uid)))
      .returning();
    return rows.length > 0;
  }

  async removeAll(guid: string): Promise<void> {
    await this.db.delete(g).where(eq(g.guid, guid));
  }
}
