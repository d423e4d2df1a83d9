import { Redis } from 'ioredis';

/**
 * Windowed counters for throttling (login failures per account and per IP, resend intervals).
 * In-process by default; Redis when REDIS_URL is set so every process shares the counts.
 */
export interface Counters {
  /** Adds one and answers the count within the window that started at the first hit. */
  hit(key: string, windowSeconds: number): Promise<number>;
  get(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryCounters implements Counters {
  private map = new Map<string, { count: number; expiresAt: number }>();

  private live(key: string) {
    const e = this.map.get(key);
    if (e && e.expiresAt <= Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }

  async hit(key: string, windowSeconds: number): Promise<number> {
    const e = this.live(key);
    if (e) return ++e.count;
    this.map.set(key, { count: 1, expiresAt: Date.now() + windowSeconds * 1000 });
    return 1;
  }

  async get(key: string): Promise<number> {
    return this.live(key)?.count ?? 0;
  }

  async reset(key: string): Promise<void> {
    this.map.delete(key);
  }

  async close(): Promise<void> {
    this.map.clear();
  }
}

export class RedisCounters implements Counters {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'tt:count:',
  ) {}

  async hit(key: string, windowSeconds: number): Promise<number> {
    const k = this.prefix + key;
    const [[, count]] = (await this.redis
      .multi()
      .incr(k)
      .expire(k, windowSeconds, 'NX')
      .exec()) as [[null, number], [null, number]];
    return count;
  }

  async get(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

export function createCounters(redisUrl: string | undefined, prefix?: string): Counters {
  return redisUrl ? new RedisCounters(new Redis(redisUrl), prefix) : new MemoryCounters();
}
