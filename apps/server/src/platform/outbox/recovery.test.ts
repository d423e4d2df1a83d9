import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { created, outboxSetup, until } from './fixture.testing';
import { isOutage } from './recovery';
import { outboxDeliveries } from './schema';

/**
 * Work that outlives its stores (docs/ARCHITECTURE.md): WORK-DELIVERY-6, a run cut by an outage
 * does not use up its runs; WORK-OUTBOX-6, a queue that lost its jobs gets recent events again.
 */
const REDIS_URL = process.env.REDIS_URL;
const cut = () =>
  Object.assign(new Error('Connection terminated unexpectedly'), { cause: undefined });

describe('work that outlives its stores', () => {
  it('WORK-DELIVERY-6: outages are told from wrong work, through wrapped causes', () => {
    expect(isOutage(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isOutage(new Error('query failed', { cause: { code: 'ECONNREFUSED' } }))).toBe(true);
    expect(isOutage(cut())).toBe(true);
    expect(isOutage(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isOutage(new Error('a bug'))).toBe(false);
    expect(isOutage(undefined)).toBe(false);
  });

  it('WORK-DELIVERY-6: a run cut by outages more often than its runs allow is still done once, never failed', async () => {
    const { db, outbox } = await outboxSetup({ outagePauseMs: 20 });
    let runs = 0;
    const done: string[] = [];
    outbox.consume(
      'user.created',
      'test.outage',
      async (e) => {
        runs++;
        if (runs <= 4) throw cut();
        done.push(e.nickname);
      },
      { attempts: 2, backoffMs: 20 },
    );
    outbox.start();
    await outbox.emit('user.created', created('patient'));
    await until(async () => (await db.select().from(outboxDeliveries)).length === 1, 'a record');
    const [row] = await db.select().from(outboxDeliveries);
    expect(row.status).toBe('done');
    expect(done).toEqual(['patient']);
    expect(runs).toBe(5);
  });

  it('WORK-DELIVERY-6: wrong work still fails after its runs', async () => {
    const { db, outbox } = await outboxSetup({ outagePauseMs: 20 });
    let runs = 0;
    outbox.consume(
      'user.created',
      'test.wrong',
      async () => {
        runs++;
        throw new Error('a bug');
      },
      { attempts: 2, backoffMs: 20 },
    );
    outbox.start();
    await outbox.emit('user.created', created('doomed'));
    await until(async () => (await db.select().from(outboxDeliveries)).length === 1, 'a record');
    const [row] = await db.select().from(outboxDeliveries);
    expect(row.status).toBe('failed');
    expect(runs).toBe(2);
  });
});

describe.skipIf(!REDIS_URL)('BullMQ (REDIS_URL)', () => {
  it('WORK-OUTBOX-6: a queue that lost its jobs (Redis restarted empty) gets the recent events again; finished work is not repeated', async () => {
    const { db, outbox, prefix } = await outboxSetup();
    const seen: string[] = [];
    let failFirst = true;
    outbox.consume('user.created', 'test.finished', async (e) => void seen.push(`f:${e.nickname}`));
    // The lost job: its retry waits in Redis far longer than the test.
    outbox.consume(
      'user.created',
      'test.lost',
      async (e) => {
        if (failFirst) {
          failFirst = false;
          throw new Error('first run fails');
        }
        seen.push(`l:${e.nickname}`);
      },
      { attempts: 2, backoffMs: 3_600_000 },
    );
    outbox.start();
    await outbox.emit('user.created', created('ana'));
    await until(() => seen.includes('f:ana') && !failFirst, 'the first runs');
    await until(async () => (await outbox.backlog()) === 0, 'the event relayed');
    // Redis loses everything of this deployment's queue, as a restart without persistence does.
    const redis = new Redis(REDIS_URL!);
    try {
      const keys = await redis.keys(`${prefix}:*`);
      expect(keys.length).toBeGreaterThan(0);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    await until(() => seen.includes('l:ana'), 'the lost delivery run again');
    await until(async () => (await db.select().from(outboxDeliveries)).length === 2, 'records');
    const rows = await db.select().from(outboxDeliveries);
    expect(rows.map((r) => `${r.consumer} ${r.status}`).sort()).toEqual([
      'test.finished done',
      'test.lost done',
    ]);
    // The consumer that had finished skipped the replayed event.
    expect(seen.filter((s) => s === 'f:ana')).toHaveLength(1);
  });
});
