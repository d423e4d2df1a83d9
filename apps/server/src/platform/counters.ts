import { Redis } from 'ioredis';

/**
 * Windowed counters for throttling (login failures per account and per IP, resend intervals).
 * In-process by default; Redis when REDIS_URL is set so every process shares the counts.
 */
export interface Counters {
  /** Adds one and answers the count within the window that started at the first hit. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** Adds `by` to each key (one round trip); answers each key's count, in order. */
  addMany(entries: { key: string; by: number }[], windowSeconds: number): Promise<number[]>;
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
    return this.add(key, 1, windowSeconds);
  }

  async addMany(entries: { key: string; by: number }[], windowSeconds: number) {
    return entries.map(({ key, by }) => this.add(key, by, windowSeconds));
  }

  private add(key: string, by: number, windowSeconds: number): number {
    const e = this.live(key);
    if (e) return (e.count += by);
    this.map.set(key, { count: by, expiresAt: Date.now() + windowSeconds * 1000 });
    return by;
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

/**
 * Adds ARGV[i + 1] to each KEYS[i] and starts a key's window (ARGV[1] seconds) when it has none,
 * in one round trip (EVALSHA); answers the counts.
 */
const ADD = `local out = {}
for i, key in ipairs(KEYS) do
  out[i] = redis.call('INCRBY', key, ARGV[i + 1])
  if redis.call('TTL', key) < 0 then redis.call('EXPIRE', key, ARGV[1]) end
end
return out`;

type AddCommand = { ttAdd(...keysThenArgs: (string | number)[]): Promise<number[]> };

export class RedisCounters implements Counters {
  private readonly scripted: Redis & AddCommand;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'tt:count:',
  ) {
    if (!('ttAdd' in redis)) redis.defineCommand('ttAdd', { lua: ADD });
    this.scripted = redis as Redis & AddCommand;
  }

  async hit(key: string, windowSeconds: number): Promise<number> {
    const [count] = await this.addMany([{ key, by: 1 }], windowSeconds);
    return count;
  }

  async addMany(entries: { key: string; by: number }[], windowSeconds: number) {
    if (entries.length === 0) return [];
    const counts = await this.scripted.ttAdd(
      entries.length,
      ...entries.map((e) => this.prefix + e.key),
      windowSeconds,
      ...entries.map((e) => e.by),
    );
    return counts.map(Number);
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
