import type { FastifyRequest } from 'fastify';
import { paymentEndpoints as e } from '@tt/protocol';
import { caller } from '../../platform/auth';
import { headerOf, withRawJsonBody } from '../../platform/raw-body';
import { route } from '../../platform/route';
import type { ServiceModule } from '../../platform/service';
import { Subscriptions } from './subscriptions';
import { StripeWebhook } from './webhook';

/**
 * Where the browser comes back to after Checkout or the portal: the page's own origin when it
 * is this server (same host), else PUBLIC_URL.
 */
function originOf(request: FastifyRequest, publicUrl: string): string {
  const origin = request.headers.origin;
  try {
    if (origin && new URL(origin).host === request.headers.host) return origin;
  } catch {
    // not a URL: fall back
  }
  return publicUrl;
}

/** The payment service: plans, Stripe Checkout and portal, subscriptions, Stripe's webhook. */
export const paymentService: ServiceModule = {
  name: 'payment',
  version: '1.3.5',
  provides: ['subscriptions'],
  requires: [],
  optional: {
    users: 'Pro members do not get the PLATINUM badge (SUB-PERKS-4 is skipped)',
  },
  async register(app, platform) {
    const subs = new Subscriptions(platform);
    const webhook = new StripeWebhook(platform, subs);
    const publicUrl = platform.config.publicUrl;
    platform.ports.subscriptions = { levelOf: async (uuid) => (await subs.of(uuid)).level };
    // SUB-PERKS-4: Pro members wear the PLATINUM badge, for as long as the subscription lasts.
    platform.outbox.consume('subscription.changed', 'payment.pro-badge', async ({ userUuid }) => {
      const pro = (await subs.of(userUuid)).level === 'PRO';
      await platform.ports.users?.changeBadges(userUuid, ['PLATINUM'], pro);
    });

    // SUB-STATUS-1: says whether payments are on, so the apps never ask a switched-off service.
    route(app, e.status, () => ({ enabled: subs.stripe !== null }));
    route(app, e.products, () => subs.listProducts());
    route(app, e.checkout, ({ request, params }) =>
      subs.checkout(caller(request).uuid, params.id, originOf(request, publicUrl)),
    );
    route(app, e.portal, ({ request }) =>
      subs.portal(caller(request).uuid, originOf(request, publicUrl)),
    );
    route(app, e.mine, ({ request }) => subs.of(caller(request).uuid));
    route(app, e.ofUser, ({ params }) => subs.of(params.id));
    route(app, e.count, ({ query }) => {
      subs.configured();
      return subs.count(query);
    });

    // SUB-WEBHOOK-1: the signature covers the exact bytes Stripe sent: the body stays a string.
    withRawJsonBody(app, (scope) => {
      route(scope, e.webhook, ({ request }) =>
        webhook.receive(
          request.body as string | undefined,
          headerOf(request.headers['stripe-signature']),
        ),
      );
    });
  },
};
