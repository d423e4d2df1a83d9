import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import {
  authEndpoints,
  paymentEndpoints as e,
  serviceBase,
  serviceStatusEndpoint,
} from '@tt/protocol';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../../test/fakes/stripe';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';

/** The payment service against a local Stripe (SUB-* in docs/PAYMENT-RULES.md). */
let stripe: FakeStripe;
let s: TestServer;
let bare: TestServer;

beforeAll(async () => {
  stripe = await startFakeStripe();
  s = await startTestServer(stripeEnv(stripe));
  stripe.webhookUrl = `${s.url}${serviceBase('payment')}/webhook`;
  bare = await startTestServer();
});
afterAll(async () => {
  await s?.close();
  await bare?.close();
  await stripe?.close();
});

/** A user who went through Checkout for the monthly plan; the events are answered, not sent. */
async function subscribed(country = 'US') {
  const u = await s.createUser();
  const [monthly] = await s.client.call(e.products, {});
  const { sessionId } = await s.as(u.token).call(e.checkout, { params: { id: monthly!.id } });
  const events = stripe.complete(sessionId, country);
  return { u, events, sub: events[0]!.data.object as Stripe.Subscription };
}

describe('plans and checkout', () => {
  it('SUB-PLANS-1: lists the recurring prices, cheapest first, with their level', async () => {
    const plans = await s.client.call(e.products, {});
    expect(plans.map((p) => [p.amount, p.interval, p.level, p.name])).toEqual([
      [499, 'month', 'PRO', 'Turntable Pro'],
      [4999, 'year', 'PRO', 'Turntable Pro'],
    ]);
  });

  it('SUB-CHECKOUT-1: a Checkout session for a plan, back to /subscription/return', async () => {
    const u = await s.createUser();
    const [plan] = await s.client.call(e.products, {});
    const res = await s.as(u.token).call(e.checkout, { params: { id: plan!.id } });
    expect(res.url).toBe(`${stripe.url}/checkout/${res.sessionId}`);
    const kept = stripe.sessions.get(res.sessionId)!;
    expect(kept.userUuid).toBe(u.uuid);
    expect(kept.successUrl).toMatch(/\/subscription\/return\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    // The customer is made once and kept.
    await s.as(u.token).call(e.checkout, { params: { id: plan!.id } });
    expect(
      [...stripe.customers.values()].filter((c) => c.metadata.userUuid === u.uuid),
    ).toHaveLength(1);
  });

  it('refuses an unknown plan, bad ids, no token, a guest; a subscriber cannot check out twice', async () => {
    const u = await s.createUser();
    await expectError(s.as(u.token).call(e.checkout, { params: { id: 'price_nope' } }), 404);
    await expectError(s.as(u.token).call(e.checkout, { params: { id: 'bad id!' } }), 400);
    await expectError(s.as(null).call(e.checkout, { params: { id: 'price_x' } }), 401);
    const guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
    await expectError(s.as(guest).call(e.checkout, { params: { id: 'price_x' } }), 403);
    const { u: sub, events } = await subscribed();
    for (const ev of events) expect(await stripe.send(ev)).toBe(200);
    const [plan] = await s.client.call(e.products, {});
    await expectError(
      s.as(sub.token).call(e.checkout, { params: { id: plan!.id } }),
      409,
      'You already have a subscription.',
    );
  });

  it('SUB-STATUS-1: the status says whether payments are on, to anyone (no token needed)', async () => {
    expect(await s.client.call(e.status, {})).toEqual({ enabled: true });
    expect(await bare.client.call(e.status, {})).toEqual({ enabled: false });
    const u = await bare.createUser();
    expect(await bare.as(u.token).call(e.status, {})).toEqual({ enabled: false });
  });

  it('without Stripe configured every route says so (a 400, like other providers), the webhook too', async () => {
    const u = await bare.createUser();
    await expectError(
      bare.client.call(e.products, {}),
      400,
      'Payments are not configured on this server.',
    );
    await expectError(bare.as(u.token).call(e.portal, {}), 400);
    const res = await fetch(`${bare.url}${serviceBase('payment')}/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      body: '{}',
    });
    expect(res.status).toBe(400);
  });
});

describe('webhooks', () => {
  it('SUB-WEBHOOK-1/SUB-LEVEL-2: signed events make the person PRO; the portal opens', async () => {
    const { u, events } = await subscribed('de');
    expect((await s.as(u.token).call(e.mine, {})).level).toBe('FREE');
    for (const ev of events) expect(await stripe.send(ev)).toBe(200);
    const mine = await s.as(u.token).call(e.mine, {});
    expect(mine.level).toBe('PRO');
    expect(mine.subscription).toMatchObject({
      status: 'active',
      level: 'PRO',
      cancelAtPeriodEnd: false,
    });
    const portal = await s.as(u.token).call(e.portal, {});
    expect(portal.url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
  });

  it('SUB-WEBHOOK-1: refuses a bad signature, another secret and a stale timestamp', async () => {
    const { u, events } = await subscribed();
    const created = events[0]!;
    expect(await stripe.send(created, { secret: 'whsec_not_ours' })).toBe(400);
    expect(await stripe.send(created, { timestamp: Math.floor(Date.now() / 1000) - 301 })).toBe(
      400,
    );
    const url = stripe.webhookUrl!;
    const bad = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
      body: JSON.stringify(created),
    });
    expect(bad.status).toBe(400);
    const none = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(created),
    });
    expect(none.status).toBe(400);
    expect((await s.as(u.token).call(e.mine, {})).subscription).toBeNull();
  });

  it('SUB-WEBHOOK-2: the same event ten times at once has one effect', async () => {
    const { u, events, sub } = await subscribed();
    for (const ev of events) await stripe.send(ev);
    const cancel = stripe.subscriptionEvent(
      'customer.subscription.updated',
      { ...sub, cancel_at_period_end: true } as Stripe.Subscription,
      events[0]!.created + 10,
    );
    const statuses = await Promise.all(Array.from({ length: 10 }, () => stripe.send(cancel)));
    expect(statuses.every((x) => x === 200)).toBe(true);
    const rows = await s.app.platform.db.execute(
      `select count(*)::int as n from payment_events where id = '${cancel.id}'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect((await s.as(u.token).call(e.mine, {})).subscription!.cancelAtPeriodEnd).toBe(true);
  });

  it('SUB-WEBHOOK-3: a late, older event does not undo a newer one; deletion ends the level', async () => {
    const { u, events, sub } = await subscribed();
    const t = events[0]!.created;
    const deleted = stripe.subscriptionEvent(
      'customer.subscription.deleted',
      { ...sub, status: 'canceled' } as Stripe.Subscription,
      t + 20,
    );
    const olderUpdate = stripe.subscriptionEvent(
      'customer.subscription.updated',
      { ...sub, status: 'active' } as Stripe.Subscription,
      t + 5,
    );
    // Out of order: the deletion first, then the creation and an older update.
    expect(await stripe.send(deleted)).toBe(200);
    for (const ev of events) await stripe.send(ev);
    await stripe.send(olderUpdate);
    const mine = await s.as(u.token).call(e.mine, {});
    expect(mine.subscription!.status).toBe('canceled');
    expect(mine.level).toBe('FREE');
  });
});

describe('staff reads', () => {
  it('SUB-COUNT-1: counts subscriptions in force by window, region and level; admins only', async () => {
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    const before = await s.as(admin.token).call(e.count, { query: { region: 'FR' } });
    const { events } = await subscribed('fr');
    for (const ev of events) await stripe.send(ev);
    const after = await s.as(admin.token).call(e.count, { query: { region: 'fr', level: 'PRO' } });
    expect(after.count).toBe(before.count + 1);
    const future = await s.as(admin.token).call(e.count, {
      query: { startDate: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(future.count).toBe(0);
    await expectError(s.as(admin.token).call(e.count, { query: { region: 'France' } }), 400);
    const user = await s.createUser();
    await expectError(s.as(user.token).call(e.count, { query: {} }), 403);
  });

  it("a user's subscription for services and admins, not for other users", async () => {
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    const { u, events } = await subscribed();
    for (const ev of events) await stripe.send(ev);
    const seen = await s.as(admin.token).call(e.ofUser, { params: { id: u.uuid } });
    expect(seen.level).toBe('PRO');
    const other = await s.createUser();
    await expectError(s.as(other.token).call(e.ofUser, { params: { id: u.uuid } }), 403);
    await expectError(s.as(admin.token).call(e.ofUser, { params: { id: 'nope' } }), 400);
  });
});

describe('status routes', () => {
  it('payment answers its published version; merch (no contract) claims none', async () => {
    const payment = await s.client.call(serviceStatusEndpoint('payment'), {});
    expect(payment.version).toBe('1.3.5');
    const merch = await s.client.call(serviceStatusEndpoint('merch'), {});
    expect(merch).toMatchObject({ service: 'merch-service', status: 'ok', version: null });
  });
});
