import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryCounters, RedisCounters, type Counters } from './counters';

const REDIS_URL = process.env.REDIS_URL;

/** What every counter promises: a count per key within a window that starts at the first hit. */
function behaves(make: () => Counters) {
  it('counts hits per key and forgets a key on reset', async () => {
    const c = make();
    const k = `k-${randomUUID()}`;
    expect(await c.hit(k, 60)).toBe(1);
    expect(await c.hit(k, 60)).toBe(2);
    expect(await c.hit(`${k}-other`, 60)).toBe(1);
    expect(await c.get(k)).toBe(2);
    await c.reset(k);
    expect(await c.get(k)).toBe(0);
    expect(await c.hit(k, 60)).toBe(1);
  });

  it('adds to several keys at once and answers their counts', async () => {
    const c = make();
    const k = `m-${randomUUID()}`;
    expect(await c.addMany([], 60)).toEqual([]);
    expect(
      await c.addMany(
        [
          { key: `${k}-a`, by: 2 },
          { key: `${k}-b`, by: 5 },
        ],
        60,
      ),
    ).toEqual([2, 5]);
    expect(await c.addMany([{ key: `${k}-a`, by: 1 }], 60)).toEqual([3]);
    expect(await c.hit(`${k}-b`, 60)).toBe(6);
  });
}

describe('in-process counters', () => behaves(() => new MemoryCounters()));

if (!REDIS_URL) console.log('Redis counter tests skipped: REDIS_URL is not set');

describe.skipIf(!REDIS_URL)('Redis counters (REDIS_URL)', () => {
  const prefix = `tt:test:${randomUUID()}:`;
  const made: RedisCounters[] = [];
  const probe = REDIS_URL ? new Redis(REDIS_URL) : null;
  afterAll(async () => {
    await Promise.all(made.map((c) => c.close()));
    const keys = (await probe?.keys(`${prefix}*`)) ?? [];
    if (keys.length) await probe?.del(...keys);
    probe?.disconnect();
  });
  const make = () => {
    const c = new RedisCounters(new Redis(REDIS_URL!), prefix);
    made.push(c);
    return c;
  };
  const ttl = (key: string) => probe!.ttl(prefix + key);
  behaves(make);

  it('starts the window at the first hit and never stretches it', async () => {
    const c = make();
    const k = `w-${randomUUID()}`;
    await c.hit(k, 60);
    const first = await ttl(k);
    expect(first).toBeGreaterThan(55);
    expect(first).toBeLessThanOrEqual(60);
    await c.hit(k, 600);
    expect(await ttl(k)).toBeLessThanOrEqual(60);
  });

  it('gives a key left without a window (an older release) one on its next hit', async () => {
    const c = make();
    await probe!.set(`${prefix}bare`, '3');
    expect(await c.hit('bare', 30)).toBe(4);
    expect(await probe!.ttl(`${prefix}bare`)).toBeGreaterThan(0);
  });
});
