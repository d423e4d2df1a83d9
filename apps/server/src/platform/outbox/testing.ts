import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import type { WorkEvents, WorkTopic } from '../events';
import { outboxEvents } from './schema';

/** Tests: the work events of `topic` written so far (after row `after`), oldest first. */
export async function workEvents<K extends WorkTopic>(
  db: Db,
  topic: K,
  after = 0,
): Promise<WorkEvents[K][]> {
  const rows = await db
    .select({ payload: outboxEvents.payload })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.topic, topic), gt(outboxEvents.id, after)))
    .orderBy(asc(outboxEvents.id));
  return rows.map((r) => r.payload as WorkEvents[K]);
}

/**
 * Tests: waits (generously) for the next work event of `topic` that matches, written after this
 * call answers (call it before acting), the way `bus.subscribe` waits for a live one.
 */
export async function nextWork<K extends WorkTopic>(
  db: Db,
  topic: K,
  match: (p: WorkEvents[K]) => boolean = () => true,
): Promise<{ received: Promise<WorkEvents[K]> }> {
  const [last] = await db.select({ id: sql<number>`coalesce(max(id), 0)::int` }).from(outboxEvents);
  const after = last?.id ?? 0;
  const received = (async () => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = (await workEvents(db, topic, after)).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${topic} work event within 10 s`);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  // Awaiting the set-up must not await the event; an unawaited failure is not unhandled.
  received.catch(() => {});
  return { received };
}
