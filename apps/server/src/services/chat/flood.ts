import { TokenBucket, type RateRule } from '@tt/rules';
import type { Counters } from '../../platform/counters';
import { fail } from '../../platform/errors';

/** Buckets untouched this long are full again and forgotten. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A token bucket per key (a user, a socket connection): `burst` at once, then `perSecond`;
 * a write finding its bucket empty is refused at once, never queued.
 */
export class Buckets {
  private readonly buckets = new Map<string, TokenBucket>();
  private sweptAt = Date.now();

  constructor(readonly rule: RateRule) {}

  /** Takes a token; false (nothing taken) when the bucket is empty. */
  take(key: string, now = Date.now()): boolean {
    this.sweep(now);
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.rule, now);
      this.buckets.set(key, bucket);
    }
    if (!bucket.has(now)) return false;
    bucket.take(now);
    return true;
  }

  forget(key: string): void {
    this.buckets.delete(key);
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    for (const [k, b] of this.buckets) if (b.full(now)) this.buckets.delete(k);
  }
}

/**
 * CHAT-FLOOD-1: chat writes (send, edit, delete, react) per user. In each process a token bucket
 * (CHAT_RATE_LIMIT, burst then a steady rate); across processes a shared one-minute count bounds
 * the total to what one bucket allows in a minute (burst + 60 × rate).
 */
export class ChatFlood {
  private readonly users: Buckets;

  constructor(
    private readonly rule: RateRule,
    private readonly counters: Counters,
  ) {
    this.users = new Buckets(rule);
  }

  async take(uid: string): Promise<void> {
    if (!this.users.take(uid)) throw fail('CHAT_RATE_LIMITED');
    const perMinute = Math.ceil(this.rule.burst + 60 * this.rule.perSecond);
    if ((await this.counters.hit(`chat-writes:${uid}`, 60)) > perMinute) {
      throw fail('CHAT_RATE_LIMITED');
    }
  }
}
