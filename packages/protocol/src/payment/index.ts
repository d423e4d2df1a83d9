import { z } from 'zod';
import { endpoint } from '../contract';

const S = 'payment' as const;

/** What a subscription gives (SUB-LEVEL-1 in docs/PAYMENT-RULES.md); FREE without one. */
export const SubscriptionLevel = z.enum(['FREE', 'PRO']);
export type SubscriptionLevel = z.infer<typeof SubscriptionLevel>;

/** A plan on sale: one recurring Stripe price of a product. */
export const SubscriptionProductDto = z.object({
  /** The Stripe price id: what POST /subscription/checkout/{id} takes. */
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  level: SubscriptionLevel,
  /** In the currency's smallest unit (cents). */
  amount: z.number().int(),
  currency: z.string(),
  interval: z.enum(['day', 'week', 'month', 'year']),
});
export type SubscriptionProductDto = z.infer<typeof SubscriptionProductDto>;

export const SubscriptionStatus = z.enum([
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** Someone's subscription as we keep it (in step with Stripe's webhooks). */
export const SubscriptionDto = z.object({
  userUuid: z.string(),
  /** What the person has now: FREE when there is no subscription in force. */
  level: SubscriptionLevel,
  subscription: z
    .object({
      id: z.string(),
      status: SubscriptionStatus,
      priceId: z.string(),
      level: SubscriptionLevel,
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type SubscriptionDto = z.infer<typeof SubscriptionDto>;

export const CheckoutDto = z.object({ sessionId: z.string(), url: z.string() });
export const PortalDto = z.object({ url: z.string() });

export const SubscriptionCountQuery = z.object({
  startDate: z.iso.datetime({ offset: true }).optional(),
  endDate: z.iso.datetime({ offset: true }).optional(),
  /** Two-letter country of the billing address, as Stripe reports it. */
  region: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .transform((v) => v.toUpperCase())
    .optional(),
  level: SubscriptionLevel.optional(),
});

export const PriceIdParam = z.object({
  id: z.string().regex(/^[A-Za-z0-9_]{3,100}$/, 'must be a plan (price) id'),
});
export const SubscriberParam = z.object({ id: z.string().uuid('must be a user uuid') });

/** The payment service: plans, Stripe Checkout and the billing portal, webhooks. */
export const paymentEndpoints = {
  status: endpoint({
    service: S,
    method: 'GET',
    path: '/subscription/status',
    auth: 'public',
    summary:
      'Whether payments are on (SUB-STATUS-1): the apps ask for plans and subscriptions only then',
    response: z.object({ enabled: z.boolean() }),
  }),
  products: endpoint({
    service: S,
    method: 'GET',
    path: '/subscription/products',
    auth: 'public',
    summary: 'The plans on sale (recurring Stripe prices), cheapest first',
    response: z.array(SubscriptionProductDto),
  }),
  checkout: endpoint({
    service: S,
    method: 'POST',
    path: '/subscription/checkout/{id}',
    auth: 'user',
    summary:
      'A Stripe Checkout session for the plan (id = price id); the browser goes to its url and comes back to /subscription/return',
    params: PriceIdParam,
    response: CheckoutDto,
    status: 201,
    rateLimitPerMinute: 20,
  }),
  portal: endpoint({
    service: S,
    method: 'POST',
    path: '/subscription/portal',
    auth: 'user',
    summary: "A Stripe customer-portal session for the caller's billing (cancel, card, invoices)",
    response: PortalDto,
    status: 201,
    rateLimitPerMinute: 20,
  }),
  mine: endpoint({
    service: S,
    method: 'GET',
    path: '/subscription',
    auth: 'user',
    summary: "The caller's subscription and level",
    response: SubscriptionDto,
  }),
  ofUser: endpoint({
    service: S,
    method: 'GET',
    path: '/subscription/user/{id}',
    auth: 'subscription.other.read',
    summary: "A user's subscription and level (services and admins)",
    params: SubscriberParam,
    response: SubscriptionDto,
  }),
  count: endpoint({
    service: S,
    method: 'GET',
    path: '/subscription/count',
    auth: 'admin.payments',
    summary:
      'Subscriptions in force started between startDate and endDate, optionally of one region and level',
    query: SubscriptionCountQuery,
    response: z.object({ count: z.number().int() }),
  }),
  webhook: endpoint({
    service: S,
    method: 'POST',
    path: '/webhook',
    auth: 'public',
    summary:
      'Stripe events (raw JSON body, Stripe-Signature header checked with STRIPE_WEBHOOK_SECRET, 300 s tolerance); each event applies once',
    response: z.object({ received: z.boolean() }),
  }),
};
