import Stripe from 'stripe';
import type { SubscriptionLevel } from '@tt/protocol';
import type { Config } from '../../platform/config';
import { AppError, fail } from '../../platform/errors';

/** Stripe's webhook tolerance: a signature older than this is refused (SUB-WEBHOOK-1). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The Stripe SDK as this server uses it: the secret key and webhook secret from the environment,
 * and `STRIPE_API_BASE` (e.g. http://127.0.0.1:12111) for a local fake of Stripe's API.
 */
export function stripeClient(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** A plan's level: the price's `level` metadata, else its product's, else PRO (SUB-LEVEL-1). */
export function levelOf(
  price: { metadata?: Record<string, string> | null },
  product?: { metadata?: Record<string, string> | null } | string | null,
): SubscriptionLevel {
  const fromProduct = product && typeof product === 'object' ? product.metadata?.level : undefined;
  const level = (price.metadata?.level ?? fromProduct ?? 'PRO').toUpperCase();
  return level === 'FREE' ? 'FREE' : 'PRO';
}

/** Stripe's own errors become ours: refusals it explains, outages as 502. */
export async function callStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const e = err as { type?: string; statusCode?: number; code?: string };
    if (e.statusCode === 404 || e.code === 'resource_missing')
      throw fail('PAYMENT_PRODUCT_NOT_FOUND');
    throw fail('PAYMENT_PROVIDER_UNAVAILABLE');
  }
}

/** Seconds (Stripe's timestamps) to a Date, or null. */
export const fromUnix = (s: number | null | undefined) =>
  typeof s === 'number' ? new Date(s * 1000) : null;
