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

/** How often a process adds its chat writes to the shared count (CHAT-FLOOD-1). */
const SHARE_EVERY_MS = 200;
const WINDOW_SECONDS = 60;

/**
 * CHAT-FLOOD-1: chat writes (send, edit, delete, react) per user. In each process a token bucket
 * (CHAT_RATE_LIMIT, burst then a steady rate), checked at once; across processes a shared
 * one-minute count bounds the total to what one bucket allows in a minute (burst + 60 × rate).
 * A write is checked against the shared count as this process last heard it plus its own writes
 * since; those are added to the store every SHARE_EVERY_MS, all users in one round trip, so a
 * write costs no round trip of its own.
 */
export class ChatFlood {
  private readonly users: Buckets;
  private readonly perMinute: number;
  /** Writes taken here and not yet added to the shared count, per user. */
  private unshared = new Map<string, number>();
  /** The shared count as last heard, per user, until its window ends. */
  private readonly shared = new Map<string, { count: number; until: number }>();
  private timer: NodeJS.Timeout | null = null;
  private sharing: Promise<void> | null = null;

  constructor(
    rule: RateRule,
    private readonly counters: Counters,
  ) {
    this.users = new Buckets(rule);
    this.perMinute = Math.ceil(rule.burst + 60 * rule.perSecond);
  }

  async take(uid: string): Promise<void> {
    if (!this.users.take(uid)) throw fail('CHAT_RATE_LIMITED');
    const heard = this.shared.get(uid);
    const known = heard && heard.until > Date.now() ? heard.count : 0;
    const mine = this.unshared.get(uid) ?? 0;
    if (known + mine + 1 > this.perMinute) throw fail('CHAT_RATE_LIMITED');
    this.unshared.set(uid, mine + 1);
    this.shareSoon();
  }

  /** The next share, SHARE_EVERY_MS from the first write not yet shared. */
  private shareSoon(): void {
    this.timer ??= setTimeout(() => void this.share(), SHARE_EVERY_MS).unref();
  }

  /** Adds this process's writes since the last time to the shared count (and hears it back). */
  share(): Promise<void> {
    this.sharing ??= this.shareNow().finally(() => (this.sharing = null));
    return this.sharing;
  }

  private async shareNow(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.unshared];
    this.unshared = new Map();
    if (batch.length === 0) return;
    try {
      const entries = batch.map(([uid, by]) => ({ key: `chat-writes:${uid}`, by }));
      const counts = await this.counters.addMany(entries, WINDOW_SECONDS);
      const until = Date.now() + WINDOW_SECONDS * 1000;
      batch.forEach(([uid], i) => this.shared.set(uid, { count: counts[i], until }));
      for (const [uid, h] of this.shared) if (h.until <= Date.now()) this.shared.delete(uid);
    } catch {
      // The store could not be reached: the writes are added the next time.
      for (const [uid, by] of batch) this.unshared.set(uid, (this.unshared.get(uid) ?? 0) + by);
      this.shareSoon();
    }
  }
}
