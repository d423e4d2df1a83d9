import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * WORK-OUTBOX-1: events for work delivery, written in the same transaction as the change they
 * describe. The relay hands each one to the job queue and stamps `relayed_at`.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The idempotency key every consumer sees. */
    eventId: uuid('event_id').notNull().unique(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** WORK-ORDER-1: events of one topic and key reach each consumer in id order. */
    orderKey: text('order_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    relayedAt: ts('relayed_at'),
  },
  (t) => [
    index('outbox_events_pending_idx').on(t.id).where(sqlIsNull('relayed_at')),
    index('outbox_events_order_idx')
      .on(t.topic, t.orderKey, t.id)
      .where(sql.raw('order_key is not null')),
  ],
);

/**
 * WORK-DELIVERY-2: one row per event and consumer once the consumer is finished with it: `done`,
 * or `failed` after its last attempt (with the error). A delivery that finds `done` does nothing.
 */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    eventId: uuid('event_id').notNull(),
    consumer: text('consumer').notNull(),
    status: text('status').$type<'done' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull(),
    error: text('error'),
    finishedAt: ts('finished_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.consumer] })],
);

/**
 * WORK-OUTBOX-4: who consumes what, across every process of the deployment. Each process upserts
 * the consumers it defines (with the retry policy of their definition) when it starts and every
 * hour after; a relay with the durable queue (BullMQ) enqueues a job for every consumer of the
 * topic listed here, not only its own. A consumer not seen for a week is dropped.
 */
export const outboxConsumers = pgTable(
  'outbox_consumers',
  {
    topic: text('topic').notNull(),
    consumer: text('consumer').notNull(),
    /** The consumer's retry policy (ConsumerOptions), so another process enqueues it alike. */
    attempts: integer('attempts').notNull(),
    backoffMs: integer('backoff_ms').notNull(),
    /** The last time a process that defines the consumer recorded it (the database's clock). */
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.topic, t.consumer] })],
);

export type OutboxEventRow = typeof outboxEvents.$inferSelect;
export type NewOutboxEventRow = typeof outboxEvents.$inferInsert;

function sqlIsNull(column: string) {
  return sql.raw(`${column} is null`);
}
