import { and, count, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type Stripe from 'stripe';
import type {
  SubscriptionDto,
  SubscriptionLevel,
  SubscriptionProductDto,
  SubscriptionStatus,
} from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { fail } from '../../platform/errors';
import type { Platform } from '../../platform/service';
import { paymentCustomers, paymentSubscriptions } from './schema';
import { callStripe, levelOf, stripeClient } from './stripe';

/** Statuses in which a subscription gives its level (SUB-LEVEL-2). */
export const IN_FORCE: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

const PRODUCTS_TTL_MS = 60_000;

/**
 * Plans, Checkout, the billing portal and what each person has (SUB-* in docs/PAYMENT-RULES.md).
 * Off (PAYMENTS_NOT_CONFIGURED) until STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set.
 */
export class Subscriptions {
  readonly stripe: Stripe | null;
  private products: { at: number; list: SubscriptionProductDto[] } | null = null;

  constructor(private readonly platform: Platform) {
    this.stripe = stripeClient(platform.config);
  }

  private get db(): Db {
    return this.platform.db;
  }

  configured(): Stripe {
    if (!this.stripe) throw fail('PAYMENTS_NOT_CONFIGURED');
    return this.stripe;
  }

  /** SUB-PLANS-1: the active recurring prices, cheapest first (kept a minute). */
  async listProducts(): Promise<SubscriptionProductDto[]> {
    const stripe = this.configured();
    if (this.products && Date.now() - this.products.at < PRODUCTS_TTL_MS) return this.products.list;
    const prices = await callStripe(() =>
      stripe.prices.list({ active: true, type: 'recurring', limit: 100, expand: ['data.product'] }),
    );
    const list = prices.data
      .filter((p) => p.recurring && typeof p.unit_amount === 'number')
      .map((p): SubscriptionProductDto => {
        const product = typeof p.product === 'object' ? (p.product as Stripe.Product) : null;
        return {
          id: p.id,
          productId: product?.id ?? String(p.product),
          name: product?.name ?? p.nickname ?? p.id,
          description: product?.description ?? null,
          level: levelOf(p, product),
          amount: p.unit_amount!,
          currency: p.currency,
          interval: p.recurring!.interval as SubscriptionProductDto['interval'],
        };
      })
      .sort((a, b) => a.amount - b.amount);
    this.products = { at: Date.now(), list };
    return list;
  }

  /** SUB-CHECKOUT-1: a Checkout session for one plan; one subscription in force at a time. */
  async checkout(userUuid: string, priceId: string, origin: string) {
    const stripe = this.configured();
    const plan = (await this.listProducts()).find((p) => p.id === priceId);
    if (!plan) throw fail('PAYMENT_PRODUCT_NOT_FOUND');
    if ((await this.current(userUuid)) !== null) throw fail('ALREADY_SUBSCRIBED');
    const customer = await this.customerOf(userUuid);
    const session = await callStripe(() =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: userUuid,
        line_items: [{ price: priceId, quantity: 1 }],
        success_url: `${origin}/subscription/return?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/plans?canceled=1`,
        billing_address_collection: 'required',
        subscription_data: { metadata: { userUuid } },
        metadata: { userUuid },
      }),
    );
    if (!session.url) throw fail('PAYMENT_PROVIDER_UNAVAILABLE');
    return { sessionId: session.id, url: session.url };
  }

  /** SUB-PORTAL-1: the billing portal of someone who has a Stripe customer. */
  async portal(userUuid: string, origin: string) {
    const stripe = this.configured();
    const [row] = await this.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userUuid, userUuid));
    if (!row) throw fail('NO_BILLING_ACCOUNT');
    const session = await callStripe(() =>
      stripe.billingPortal.sessions.create({
        customer: row.customerId,
        return_url: `${origin}/settings/account#plan`,
      }),
    );
    return { url: session.url };
  }

  private async customerOf(userUuid: string): Promise<string> {
    const [row] = await this.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userUuid, userUuid));
    if (row) return row.customerId;
    const made = await callStripe(() =>
      this.configured().customers.create({ metadata: { userUuid } }),
    );
    await this.db
      .insert(paymentCustomers)
      .values({ userUuid, customerId: made.id })
      .onConflictDoNothing();
    const [kept] = await this.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userUuid, userUuid));
    return kept!.customerId;
  }

  /** The newest subscription in force of a user, or null. */
  private async current(userUuid: string) {
    const [row] = await this.db
      .select()
      .from(paymentSubscriptions)
      .where(
        and(
          eq(paymentSubscriptions.userUuid, userUuid),
          inArray(paymentSubscriptions.status, [...IN_FORCE]),
        ),
      )
      .orderBy(desc(paymentSubscriptions.startedAt))
      .limit(1);
    return row ?? null;
  }

  /** SUB-LEVEL-2: what a person has now, and their latest subscription. */
  async of(userUuid: string): Promise<SubscriptionDto> {
    const inForce = await this.current(userUuid);
    const [latest] = inForce
      ? [inForce]
      : await this.db
          .select()
          .from(paymentSubscriptions)
          .where(eq(paymentSubscriptions.userUuid, userUuid))
          .orderBy(desc(paymentSubscriptions.updatedAt))
          .limit(1);
    const sub = latest ?? null;
    return {
      userUuid,
      level: inForce ? (inForce.level as SubscriptionLevel) : 'FREE',
      subscription: sub && {
        id: sub.id,
        status: sub.status as SubscriptionStatus,
        priceId: sub.priceId,
        level: sub.level as SubscriptionLevel,
        currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        updatedAt: sub.updatedAt.toISOString(),
      },
    };
  }

  /** SUB-COUNT-1: subscriptions in force that started in the window (region, level). */
  async count(q: { startDate?: string; endDate?: string; region?: string; level?: string }) {
    const s = paymentSubscriptions;
    const where = [inArray(s.status, [...IN_FORCE])];
    if (q.startDate) where.push(gte(s.startedAt, new Date(q.startDate)));
    if (q.endDate) where.push(lte(s.startedAt, new Date(q.endDate)));
    if (q.region) where.push(eq(s.region, q.region));
    if (q.level) where.push(eq(s.level, q.level));
    const [row] = await this.db
      .select({ n: count() })
      .from(s)
      .where(and(...where));
    return { count: Number(row?.n ?? 0) };
  }
}
