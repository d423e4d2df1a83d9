import { and, eq, lt, notExists } from 'drizzle-orm';
import type { Db } from '../db/index';
import { WORK_ORDER, type WorkEvents, type WorkTopic } from '../events';
import { outboxDeliveries, outboxEvents } from './schema';

/** WORK-ORDER-1: the order key of an event of `topic` (null: its events are not ordered). */
export function orderKeyOf<K extends WorkTopic>(topic: K, payload: WorkEvents[K]): string | null {
  const key = WORK_ORDER[topic] as ((p: WorkEvents[K]) => string) | undefined;
  return key ? key(payload) : null;
}

/** What the ordering needs to know of one delivery. */
export interface OrderedDelivery {
  topic: string;
  consumer: string;
  /** The event's row id: earlier events of the key have smaller ones. */
  seq: number;
  orderKey: string;
}

/**
 * Is an earlier event of the same topic and key not finished (no `done` or `failed` record) for
 * this consumer? Then this one waits (WORK-ORDER-1). Events pruned after their week count as done.
 */
export async function waitsForEarlier(db: Db, d: OrderedDelivery): Promise<boolean> {
  const unfinished = await db
    .select({ id: outboxEvents.id })
    .from(outboxEvents)
    .where(
      and(
        eq(outboxEvents.topic, d.topic),
        eq(outboxEvents.orderKey, d.orderKey),
        lt(outboxEvents.id, d.seq),
        notExists(
          db
            .select({ one: outboxDeliveries.consumer })
            .from(outboxDeliveries)
            .where(
              and(
                eq(outboxDeliveries.eventId, outboxEvents.eventId),
                eq(outboxDeliveries.consumer, d.consumer),
              ),
            ),
        ),
      ),
    )
    .limit(1);
  return unfinished.length > 0;
}

/** How long the n-th wait for an earlier event lasts (50 ms, doubling, at most 2 s). */
export const orderWaitMs = (n: number) => Math.min(50 * 2 ** (n - 1), 2000);

/**
 * After this many waits (about five minutes) an event runs even though an earlier one of its key
 * is still unfinished (its consumer is not registered anywhere that relays, say): late, out of
 * order, and logged, rather than never.
 */
export const MAX_ORDER_WAITS = 160;
