import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Each user's Stripe customer (made at their first checkout). */
export const paymentCustomers = pgTable('payment_customers', {
  userUuid: uuid('user_uuid').primaryKey(),
  customerId: text('customer_id').notNull().unique(),
  /** Country of the billing address (from Checkout), for counts by region. */
  region: text('region'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Subscriptions as Stripe's webhooks describe them (SUB-WEBHOOK-3): `eventCreated` is the time of
 * the newest event applied, so an older event that arrives late changes nothing.
 */
export const paymentSubscriptions = pgTable(
  'payment_subscriptions',
  {
    id: text('id').primaryKey(),
    userUuid: uuid('user_uuid').notNull(),
    customerId: text('customer_id').notNull(),
    status: text('status').notNull(),
    priceId: text('price_id').notNull(),
    level: text('level').notNull(),
    region: text('region'),
    currentPeriodEnd: ts('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    eventCreated: bigint('event_created', { mode: 'number' }).notNull(),
    startedAt: ts('started_at').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('payment_subscriptions_user_idx').on(t.userUuid)],
);

/** Stripe events already applied (SUB-WEBHOOK-2): an event id is applied once. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});
