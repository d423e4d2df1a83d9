import { createHash } from 'node:crypto';
import { and, asc, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import { outboxEvents, type NewOutboxEventRow, type OutboxEventRow } from './schema';

/**
 * WORK-OUTBOX-3: an event id named by what happened (a Stripe event, a song play), so writing the
 * same happening twice writes one event.
 */
export function eventIdOf(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Writes events (inside the transaction of their change); an event id already written is kept. */
export async function insertEvents(tx: Db, rows: NewOutboxEventRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(outboxEvents).values(rows).onConflictDoNothing();
}

/**
 * WORK-OUTBOX-1 inside a caller's own statement: the INSERT of the events a SELECT gives, as
 * (event_id, topic, payload, order_key) — for a change and its events written by one statement
 * (CHAT-SEND-3). Like `insertEvents`, an event id already stored is left as it is.
 */
export function insertEventsFrom(select: string): string {
  return `insert into outbox_events (event_id, topic, payload, order_key) ${select} on conflict do nothing`;
}

/**
 * The relay's statements on the outbox table. With BullMQ several processes relay at once: each
 * claims rows the others have not locked, and stamps them in the same statement (the stamp
 * commits with the jobs' enqueueing).
 */
export async function claimUnrelayed(tx: Db, limit: number): Promise<OutboxEventRow[]> {
  const claimed = tx
    .select({ id: outboxEvents.id })
    .from(outboxEvents)
    .where(isNull(outboxEvents.relayedAt))
    .orderBy(asc(outboxEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(outboxEvents)
    .set({ relayedAt: new Date() })
    .where(inArray(outboxEvents.id, claimed))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** Events not relayed yet, oldest first, leaving out the rows in `busy` (in-process queue). */
export function unrelayed(db: Db, busy: number[], limit: number): Promise<OutboxEventRow[]> {
  return db
    .select()
    .from(outboxEvents)
    .where(
      busy.length
        ? and(isNull(outboxEvents.relayedAt), notInArray(outboxEvents.id, busy))
        : isNull(outboxEvents.relayedAt),
    )
    .orderBy(asc(outboxEvents.id))
    .limit(limit);
}

export async function markRelayed(db: Db, ids: number[]): Promise<void> {
  await db.update(outboxEvents).set({ relayedAt: new Date() }).where(inArray(outboxEvents.id, ids));
}

/** Deletes the events relayed before `before`. */
export async function pruneRelayed(db: Db, before: Date): Promise<void> {
  await db.delete(outboxEvents).where(lt(outboxEvents.relayedAt, before));
}

/** Events committed and not yet relayed. */
export async function countUnrelayed(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outboxEvents)
    .where(isNull(outboxEvents.relayedAt));
  return row?.n ?? 0;
}
