import { and, eq, lte } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../platform/db/index';
import { fail } from '../../platform/errors';
import type { Platform } from '../../platform/service';
import { paymentCustomers, paymentEvents, paymentSubscriptions } from './schema';
import { eventIdOf } from '../../platform/outbox/outbox';
import { fromUnix, levelOf, WEBHOOK_TOLERANCE_SECONDS } from './stripe';
import type { Subscriptions } from './subscriptions';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The subscription id an invoice belongs to (older and newer API versions). */
function invoiceSubscription(inv: Stripe.Invoice): string | null {
  const old = (inv as unknown as { subscription?: string | { id: string } | null }).subscription;
  if (old) return typeof old === 'string' ? old : old.id;
  const parent = (
    inv as unknown as {
      parent?: { subscription_details?: { subscription?: string | { id: string } } };
    }
  ).parent?.subscription_details?.subscription;
  return parent ? (typeof parent === 'string' ? parent : parent.id) : null;
}

const idOf = (v: string | { id: string } | null | undefined) =>
  v ? (typeof v === 'string' ? v : v.id) : null;

/**
 * Stripe's webhook (SUB-WEBHOOK-1..3): the signature is checked on the raw body; each event id is
 * applied once (recorded in the same transaction as its effect, so ten deliveries at once have one
 * effect); a subscription only moves forward in event time, so a late, older event changes nothing.
 */
export class StripeWebhook {
  constructor(
    private readonly platform: Platform,
    private readonly subscriptions: Subscriptions,
  ) {}

  async receive(raw: string | Buffer | undefined, signature: string | undefined) {
    const stripe = this.subscriptions.configured();
    if (!raw || !signature) throw fail('WEBHOOK_SIGNATURE_INVALID');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(
        raw,
        signature,
        this.platform.config.STRIPE_WEBHOOK_SECRET!,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch {
      throw fail('WEBHOOK_SIGNATURE_INVALID');
    }
    await this.platform.db.transaction(async (tx) => {
      const fresh = await tx
        .insert(paymentEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (fresh.length === 0) return; // applied before
      const userUuid = await this.apply(tx, event);
      // SUB-PERKS-3: perks follow the subscription (once per Stripe event, WORK-OUTBOX-3).
      if (userUuid) {
        await this.platform.outbox.add(
          tx,
          'subscription.changed',
          { userUuid },
          eventIdOf(`stripe:${event.id}`),
        );
      }
    });
    this.platform.outbox.kick();
    return { received: true };
  }

  /** Applies the event; answers whose subscription it changed (if any). */
  private async apply(tx: Tx, event: Stripe.Event): Promise<string | null> {
    switch (event.type) {
      case 'checkout.session.completed':
        await this.checkoutCompleted(tx, event.data.object as Stripe.Checkout.Session);
        return null;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
        return this.subscriptionChanged(
          tx,
          event.data.object as Stripe.Subscription,
          event.created,
        );
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const id = invoiceSubscription(event.data.object as Stripe.Invoice);
        if (!id) return null;
        const status = event.type === 'invoice.paid' ? 'active' : 'past_due';
        const [row] = await tx
          .update(paymentSubscriptions)
          .set({ status, eventCreated: event.created, updatedAt: new Date() })
          .where(
            and(
              eq(paymentSubscriptions.id, id),
              lte(paymentSubscriptions.eventCreated, event.created),
            ),
          )
          .returning({ userUuid: paymentSubscriptions.userUuid });
        return row?.userUuid ?? null;
      }
      default:
        return null; // other events are acknowledged and ignored
    }
  }

  /** The customer is known from Checkout with their region (the billing address's country). */
  private async checkoutCompleted(tx: Tx, session: Stripe.Checkout.Session) {
    const customer = idOf(session.customer);
    const userUuid = session.client_reference_id ?? session.metadata?.userUuid;
    if (!customer || !userUuid) return;
    const region = session.customer_details?.address?.country?.toUpperCase() ?? null;
    await tx
      .insert(paymentCustomers)
      .values({ userUuid, customerId: customer, region })
      .onConflictDoUpdate({ target: paymentCustomers.userUuid, set: { region } });
    if (region) {
      await tx
        .update(paymentSubscriptions)
        .set({ region })
        .where(eq(paymentSubscriptions.customerId, customer));
    }
  }

  private async subscriptionChanged(tx: Tx, sub: Stripe.Subscription, created: number) {
    const customer = idOf(sub.customer)!;
    const [known] = await tx
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.customerId, customer));
    const userUuid = sub.metadata?.userUuid ?? known?.userUuid;
    if (!userUuid) {
      this.platform.log.warn({ subscription: sub.id }, 'a Stripe subscription of nobody we know');
      return null;
    }
    const item = sub.items?.data?.[0];
    const price = item?.price;
    const periodEnd =
      (item as unknown as { current_period_end?: number } | undefined)?.current_period_end ??
      (sub as unknown as { current_period_end?: number }).current_period_end;
    const values = {
      userUuid,
      customerId: customer,
      status: sub.status,
      priceId: price?.id ?? 'unknown',
      level: price ? levelOf(price, price.product as Stripe.Product | string) : 'PRO',
      region: known?.region ?? null,
      currentPeriodEnd: fromUnix(periodEnd),
      cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
      eventCreated: created,
      startedAt: fromUnix(sub.start_date ?? sub.created) ?? new Date(),
      updatedAt: new Date(),
    };
    await tx
      .insert(paymentSubscriptions)
      .values({ id: sub.id, ...values })
      .onConflictDoUpdate({
        target: paymentSubscriptions.id,
        set: values,
        // SUB-WEBHOOK-3: an event older than the one applied last changes nothing.
        setWhere: lte(paymentSubscriptions.eventCreated, created),
      });
    return userUuid;
  }
}
