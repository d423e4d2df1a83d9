import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { startFakeServer, type FakeAnswer, type FakeRequest, type FakeServer } from './http';

/**
 * A local Stripe: the parts of its API this server calls, in Stripe's documented shapes —
 * `GET /v1/prices` (list, `expand[]=data.product`), `POST /v1/customers`,
 * `POST /v1/checkout/sessions`, `POST /v1/billing_portal/sessions` — with Bearer secret-key auth
 * and form-encoded bodies. It also plays the customer: `GET /checkout/{id}` is the hosted page,
 * which subscribes and sends the signed webhook events, then redirects to the success URL.
 */
export interface FakeStripe extends FakeServer {
  secretKey: string;
  webhookSecret: string;
  /** Where the hosted pages send events (the app's POST /webhook); set by the test. */
  webhookUrl: string | null;
  prices: Stripe.Price[];
  sessions: Map<string, { customer: string; price: string; successUrl: string; userUuid: string }>;
  customers: Map<string, { metadata: Record<string, string> }>;
  /** Completes a Checkout: a subscription and its events (created, checkout completed, paid). */
  complete(sessionId: string, country?: string): Stripe.Event[];
  /** A subscription event of `sub` at `created` (seconds). */
  subscriptionEvent(
    type: 'customer.subscription.updated' | 'customer.subscription.deleted',
    sub: Stripe.Subscription,
    created: number,
  ): Stripe.Event;
  subscriptions: Map<string, Stripe.Subscription>;
  /** Signs and posts an event to webhookUrl; answers the status. */
  send(event: Stripe.Event, opts?: { timestamp?: number; secret?: string }): Promise<number>;
  /** The Stripe-Signature header of a payload. */
  sign(payload: string, opts?: { timestamp?: number; secret?: string }): string;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

function product(name: string, level: string): Stripe.Product {
  return {
    id: id('prod'),
    object: 'product',
    name,
    description: `${name}: subscriber avatars, a badge and pro rooms`,
    metadata: { level },
  } as unknown as Stripe.Product;
}

function price(amount: number, interval: 'month' | 'year', prod: Stripe.Product): Stripe.Price {
  return {
    id: id('price'),
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: amount,
    type: 'recurring',
    recurring: { interval, interval_count: 1 },
    product: prod,
    metadata: {},
    nickname: null,
  } as unknown as Stripe.Price;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const pro = product('Turntable Pro', 'PRO');
  const state = {
    secretKey: `sk_test_${randomBytes(12).toString('hex')}`,
    webhookSecret: `whsec_${randomBytes(16).toString('hex')}`,
    webhookUrl: null as string | null,
    prices: [price(4999, 'year', pro), price(499, 'month', pro)],
    sessions: new Map() as FakeStripe['sessions'],
    customers: new Map() as FakeStripe['customers'],
    subscriptions: new Map<string, Stripe.Subscription>(),
  };
  const stripe = new Stripe('sk_test_signing_only');
  const error = (status: number, message: string, type = 'invalid_request_error'): FakeAnswer => ({
    status,
    body: { error: { type, message } },
  });

  const handle = (req: FakeRequest): FakeAnswer | Promise<FakeAnswer> => {
    if (req.method === 'GET' && req.path.startsWith('/checkout/')) return hosted(req);
    if (req.headers.authorization !== `Bearer ${state.secretKey}`) {
      return error(401, 'Invalid API Key provided', 'invalid_request_error');
    }
    const form = new URLSearchParams(req.body);
    if (req.method === 'GET' && req.path === '/v1/prices') {
      const expand = req.query.getAll('expand[]').concat(req.query.getAll('expand[0]'));
      const data = state.prices.map((p) =>
        expand.includes('data.product') ? p : { ...p, product: (p.product as Stripe.Product).id },
      );
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/prices' } };
    }
    if (req.method === 'POST' && req.path === '/v1/customers') {
      const cus = id('cus');
      const metadata = { userUuid: form.get('metadata[userUuid]') ?? '' };
      state.customers.set(cus, { metadata });
      return { status: 200, body: { id: cus, object: 'customer', metadata } };
    }
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      const priceId = form.get('line_items[0][price]');
      const customer = form.get('customer');
      if (!priceId || !state.prices.some((p) => p.id === priceId)) {
        return error(400, `No such price: '${priceId}'`);
      }
      if (!customer || !state.customers.has(customer)) return error(400, 'No such customer');
      const cs = id('cs_test');
      state.sessions.set(cs, {
        customer,
        price: priceId,
        successUrl: form.get('success_url') ?? '',
        userUuid: form.get('client_reference_id') ?? '',
      });
      return {
        status: 200,
        body: {
          id: cs,
          object: 'checkout.session',
          mode: 'subscription',
          url: `${server.url}/checkout/${cs}`,
        },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/billing_portal/sessions') {
      const customer = form.get('customer');
      if (!customer || !state.customers.has(customer)) return error(400, 'No such customer');
      const bps = id('bps');
      return {
        status: 200,
        body: {
          id: bps,
          object: 'billing_portal.session',
          customer,
          url: `${server.url}/portal/${bps}`,
        },
      };
    }
    return error(404, `Unrecognized request URL (${req.method}: ${req.path})`);
  };

  const event = (type: string, object: unknown, created = now()): Stripe.Event =>
    ({
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    }) as unknown as Stripe.Event;

  const complete = (sessionId: string, country = 'US'): Stripe.Event[] => {
    const s = state.sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    const p = state.prices.find((x) => x.id === s.price)!;
    const t = now();
    const sub = {
      id: id('sub'),
      object: 'subscription',
      customer: s.customer,
      status: 'active',
      cancel_at_period_end: false,
      created: t,
      start_date: t,
      metadata: { userUuid: s.userUuid },
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            price: { ...p, product: (p.product as Stripe.Product).id },
            current_period_end: t + 30 * 86400,
          },
        ],
      },
    } as unknown as Stripe.Subscription;
    state.subscriptions.set(sub.id, sub);
    const session = {
      id: sessionId,
      object: 'checkout.session',
      customer: s.customer,
      subscription: sub.id,
      client_reference_id: s.userUuid,
      metadata: { userUuid: s.userUuid },
      customer_details: { address: { country } },
    };
    const invoice = { id: id('in'), object: 'invoice', subscription: sub.id, customer: s.customer };
    return [
      event('customer.subscription.created', sub, t),
      event('checkout.session.completed', session, t),
      event('invoice.paid', invoice, t),
    ];
  };

  const sign = (payload: string, opts: { timestamp?: number; secret?: string } = {}) =>
    stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? state.webhookSecret,
      timestamp: opts.timestamp ?? now(),
    });

  const send = async (e: Stripe.Event, opts: { timestamp?: number; secret?: string } = {}) => {
    if (!state.webhookUrl) throw new Error('webhookUrl is not set');
    const payload = JSON.stringify(e);
    const res = await fetch(state.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload, opts) },
      body: payload,
    });
    await res.arrayBuffer();
    return res.status;
  };

  /** The hosted Checkout page: the customer pays at once; events go out; back to the app. */
  const hosted = async (req: FakeRequest): Promise<FakeAnswer> => {
    const sessionId = req.path.split('/').at(-1)!;
    const s = state.sessions.get(sessionId);
    if (!s) return error(404, 'No such checkout session');
    for (const e of complete(sessionId)) await send(e);
    return {
      status: 303,
      headers: { location: s.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId) },
    };
  };

  const server = await startFakeServer((req) => handle(req));
  return Object.assign(state, server, {
    complete,
    send,
    sign,
    subscriptionEvent: (
      type: 'customer.subscription.updated' | 'customer.subscription.deleted',
      sub: Stripe.Subscription,
      created: number,
    ) => event(type, sub, created),
  }) as unknown as FakeStripe;
}

/** The server variables that point the payment service at `f`. */
export const stripeEnv = (f: FakeStripe): Record<string, string> => ({
  STRIPE_SECRET_KEY: f.secretKey,
  STRIPE_WEBHOOK_SECRET: f.webhookSecret,
  STRIPE_API_BASE: f.url,
});
