import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import type { ReactionRow } from './present';
import { insertTurn, type PendingEvent } from './turn-write';
import {
  chatMessages,
  chatReactions,
  chatReads,
  chatReports,
  type ChatMessageRow,
  type NewChatMessageRow,
} from './schema';

/** Which page of a conversation (see ChatMessagesQuery). */
export interface PageOptions {
  limit: number;
  affix: 'append' | 'prepend';
  /** Messages after (append) or before (prepend) this id. */
  id?: number;
  /** Messages at or after (append) or before (prepend) this time. */
  sentAt?: Date;
  hideDeleted?: boolean;
  category?: string;
  type?: string;
  /** Senders the reader blocked (CHAT-BLOCK-1). */
  hiddenSenders?: string[];
  /** The reader: messages they reported are left out (CHAT-REPORT-1). */
  reader?: string;
  /** Only messages after this id from others (unread). */
  unreadAfter?: { id: number; reader: string };
}

const m = chatMessages;

/** SQL of chat messages, reactions, reports and read marks. */
export class ChatRepository {
  constructor(readonly db: Db) {}

  /**
   * CHAT-SEND-3: stores a turn's messages with their work events and read marks in one statement
   * (turn-write.ts); answers each row with whether this call created it (CHAT-IDEMP-1: a repeated
   * client id answers the stored message).
   */
  async insertTurn(
    rows: NewChatMessageRow[],
    events: PendingEvent[],
    topic: string,
  ): Promise<{ row: ChatMessageRow; created: boolean }[]> {
    const key = (r: { sender: string; clientId?: string | null }) => `${r.sender}|${r.clientId}`;
    const inserted = await insertTurn(this.db, rows, events, topic);
    const byKey = new Map(inserted.filter((r) => r.clientId !== null).map((r) => [key(r), r]));
    // Rows without a client id never conflict: they come back in the order they were given.
    const anonymous = inserted.filter((r) => r.clientId === null);
    const answers = rows.map((r) => {
      const row = r.clientId ? byKey.get(key(r)) : anonymous.shift();
      if (row) byKey.delete(key(r));
      return row ? { row, created: true } : null;
    });
    const missing = rows.filter((_, i) => !answers[i]);
    const existing = missing.length
      ? await this.db
          .select()
          .from(m)
          .where(
            or(...missing.map((r) => and(eq(m.sender, r.sender), eq(m.clientId, r.clientId!)))),
          )
      : [];
    const stored = new Map(existing.map((r) => [key(r), r]));
    return rows.map((r, i) => answers[i] ?? { row: stored.get(key(r))!, created: false });
  }

  async byId(id: number): Promise<ChatMessageRow | null> {
    const [row] = await this.db.select().from(m).where(eq(m.id, id));
    return row ?? null;
  }

  async update(id: number, patch: Partial<NewChatMessageRow>): Promise<ChatMessageRow> {
    const [row] = await this.db.update(m).set(patch).where(eq(m.id, id)).returning();
    return row;
  }

  /** A page of one conversation, in ascending id order. */
  async page(conversationId: string, o: PageOptions): Promise<ChatMessageRow[]> {
    const where: (SQL | undefined)[] = [eq(m.conversationId, conversationId)];
    const after = o.affix === 'append';
    if (o.id !== undefined) where.push(after ? gt(m.id, o.id) : lt(m.id, o.id));
    if (o.sentAt) where.push(after ? gte(m.sentAt, o.sentAt) : lt(m.sentAt, o.sentAt));
    if (o.hideDeleted) where.push(isNull(m.deletedAt));
    if (o.category) where.push(eq(m.category, o.category as 'message'));
    if (o.type) where.push(eq(m.type, o.type));
    if (o.hiddenSenders?.length) where.push(notInArray(m.sender, o.hiddenSenders));
    if (o.reader) {
      where.push(
        sql`not exists (select 1 from ${chatReports} r where r.message_id = ${m.id} and r.reporter = ${o.reader})`,
      );
    }
    if (o.unreadAfter) {
      where.push(gt(m.id, o.unreadAfter.id), ne(m.sender, o.unreadAfter.reader));
    }
    // No cursor: the latest messages (prepend from now).
    const rows = await this.db
      .select()
      .from(m)
      .where(and(...where))
      .orderBy(after ? asc(m.id) : desc(m.id))
      .limit(o.limit);
    return after ? rows : rows.reverse();
  }

  /** The newest message id of a conversation (0 when empty). */
  async latestId(conversationId: string): Promise<number> {
    const [r] = await this.db
      .select({ id: sql<number>`coalesce(max(${m.id}), 0)`.mapWith(Number) })
      .from(m)
      .where(eq(m.conversationId, conversationId));
    return r?.id ?? 0;
  }

  async lastMessages(conversationIds: string[]): Promise<Map<string, ChatMessageRow>> {
    if (conversationIds.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(m)
      .where(
        inArray(
          m.id,
          this.db
            .select({ id: sql`max(${m.id})` })
            .from(m)
            .where(inArray(m.conversationId, conversationIds))
            .groupBy(m.conversationId),
        ),
      );
    return new Map(rows.map((r) => [r.conversationId, r]));
  }

  /**
   * The caller's direct conversations and the room chats they joined, by latest message first:
   * ids with their last message id (0 for a room chat without messages), one page of them.
   */
  async conversationsOf(
    uid: string,
    type: 'user' | 'group' | undefined,
    limit: number,
    offset: number,
  ): Promise<{ total: number; items: { conversationId: string; lastId: number }[] }> {
    const direct = sql`select ${m.conversationId} as cid, max(${m.id}) as last_id from ${m}
      where ${m.receiverType} = 'user' and (${m.sender} = ${uid} or ${m.receiver} = ${uid})
      group by ${m.conversationId}`;
    const groups = sql`select 'group_' || g.guid as cid,
      coalesce((select max(c.id) from chat_messages c where c.conversation_id = 'group_' || g.guid), 0) as last_id
      from chat_group_members g where g.uid = ${uid}`;
    const union =
      type === 'user' ? direct : type === 'group' ? groups : sql`${direct} union all ${groups}`;
    const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
    const page = rowsOf<{ cid: string; last_id: string | number }>(
      await this.db.execute(
        sql`select cid, last_id from (${union}) x order by last_id desc, cid limit ${limit} offset ${offset}`,
      ),
    );
    const [count] = rowsOf<{ n: string | number }>(
      await this.db.execute(sql`select count(*) as n from (${union}) x`),
    );
    return {
      total: Number(count?.n ?? 0),
      items: page.map((r) => ({ conversationId: r.cid, lastId: Number(r.last_id) })),
    };
  }

  // --- reactions -------------------------------------------------------------------------

  async reactionsOf(messageIds: number[]): Promise<Map<number, ReactionRow[]>> {
    const out = new Map<number, ReactionRow[]>();
    if (messageIds.length === 0) return out;
    const rows = await this.db
      .select({
        messageId: chatReactions.messageId,
        userUuid: chatReactions.userUuid,
        reaction: chatReactions.reaction,
      })
      .from(chatReactions)
      .where(inArray(chatReactions.messageId, messageIds))
      .orderBy(asc(chatReactions.createdAt));
    for (const r of rows) {
      const list = out.get(r.messageId) ?? [];
      list.push(r);
      out.set(r.messageId, list);
    }
    return out;
  }

  /**
   * Adds (`add`) or takes off a reaction; false when that changed nothing. `onChanged` runs in the
   * same transaction when it did change.
   */
  async setReaction(
    messageId: number,
    userUuid: string,
    reaction: string,
    add: boolean,
    onChanged?: (tx: Db) => Promise<unknown>,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const mine = and(
        eq(chatReactions.messageId, messageId),
        eq(chatReactions.userUuid, userUuid),
        eq(chatReactions.reaction, reaction),
      );
      const rows = add
        ? await tx
            .insert(chatReactions)
            .values({ messageId, userUuid, reaction })
            .onConflictDoNothing()
            .returning()
        : await tx.delete(chatReactions).where(mine).returning();
      if (rows.length > 0) await onChanged?.(tx);
      return rows.length > 0;
    });
  }

  async reactionCount(messageId: number, userUuid: string): Promise<number> {
    const [r] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(chatReactions)
      .where(and(eq(chatReactions.messageId, messageId), eq(chatReactions.userUuid, userUuid)));
    return r?.n ?? 0;
  }

  async clearReactions(messageId: number): Promise<void> {
    await this.db.delete(chatReactions).where(eq(chatReactions.messageId, messageId));
  }

  // --- reports ---------------------------------------------------------------------------

  /** Records a report (once per reporter and message); answers the report row. */
  async report(messageId: number, reporter: string, reason: string) {
    await this.db.insert(chatReports).values({ messageId, reporter, reason }).onConflictDoNothing();
    const [row] = await this.db
      .select()
      .from(chatReports)
      .where(and(eq(chatReports.messageId, messageId), eq(chatReports.reporter, reporter)));
    return row;
  }

  async reports(limit: number, offset: number) {
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(chatReports);
    const rows = await this.db
      .select()
      .from(chatReports)
      .orderBy(desc(chatReports.createdAt), desc(chatReports.id))
      .limit(limit)
      .offset(offset);
    return { total: n, rows };
  }

  // --- read marks ------------------------------------------------------------------------

  /** Moves the read mark forward (never back); `db` may be a transaction. */
  async markRead(
    uid: string,
    conversationId: string,
    lastReadId: number,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .insert(chatReads)
      .values({ uid, conversationId, lastReadId })
      .onConflictDoUpdate({
        target: [chatReads.uid, chatReads.conversationId],
        set: {
          lastReadId: sql`greatest(${chatReads.lastReadId}, excluded.last_read_id)`,
          updatedAt: new Date(),
        },
      });
  }

  async lastRead(uid: string, conversationId: string): Promise<number> {
    const [r] = await this.db
      .select({ id: chatReads.lastReadId })
      .from(chatReads)
      .where(and(eq(chatReads.uid, uid), eq(chatReads.conversationId, conversationId)));
    return r?.id ?? 0;
  }

  /** Unread messages (from others, not deleted) per conversation for this user. */
  async unreadCounts(uid: string, conversationIds: string[]): Promise<Map<string, number>> {
    if (conversationIds.length === 0) return new Map();
    const rows = await this.db
      .select({ cid: m.conversationId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(m)
      .leftJoin(
        chatReads,
        and(eq(chatReads.uid, uid), eq(chatReads.conversationId, m.conversationId)),
      )
      .where(
        and(
          inArray(m.conversationId, conversationIds),
          ne(m.sender, uid),
          isNull(m.deletedAt),
          sql`${m.id} > coalesce(${chatReads.lastReadId}, 0)`,
        ),
      )
      .groupBy(m.conversationId);
    return new Map(rows.map((r) => [r.cid, r.n]));
  }
}
