import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryJobQueue, RedisJobQueue, STALL_DEFAULTS, type JobInfo, type JobQueue } from './jobs';
import './jobs.testing';

/**
 * SEC-JOBS-1: a job given up for good calls its definition's onGiveUp, so that its subject is
 * left in a final or retryable state — after its attempts, and (BullMQ) after stalling past the
 * limit because the processes running it died.
 */

const REDIS_URL = process.env.REDIS_URL;
const silent = pino({ level: 'silent' });

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function behaves(make: () => JobQueue) {
  const queues: JobQueue[] = [];
  const open = () => {
    const q = make();
    queues.push(q);
    return q;
  };

  it('SEC-JOBS-1: onGiveUp gets the data once the attempts are used up', async () => {
    const q = open();
    const given: [unknown, string, JobInfo][] = [];
    q.define(
      'doomed',
      async () => {
        throw new Error('storage down');
      },
      {
        attempts: 2,
        backoffMs: 10,
        onGiveUp: (data, err, job) => void given.push([data, (err as Error).message, job]),
      },
    );
    const id = await q.enqueue('doomed', { song: 'abc' });
    await until(() => given.length === 1, 'onGiveUp ran');
    expect(given[0][0]).toEqual({ song: 'abc' });
    expect(given[0][1]).toBe('storage down');
    expect(given[0][2]).toMatchObject({ id, name: 'doomed' });
  });

  it('SEC-JOBS-1: a job that succeeds on a retry is not given up; a failing hook is only logged', async () => {
    const q = open();
    let runs = 0;
    let hooks = 0;
    q.define(
      'flaky',
      async () => {
        if (++runs < 2) throw new Error('once');
      },
      {
        attempts: 3,
        backoffMs: 10,
        onGiveUp: () => {
          hooks++;
          throw new Error('hook broken');
        },
      },
    );
    await q.enqueue('flaky', {});
    await until(() => runs === 2, 'the retry ran');
    await until(async () => (await q.pending('flaky')) === 0, 'nothing pending');
    expect(hooks).toBe(0);

    let ok = 0;
    q.define('after', async () => void ok++, { onGiveUp: () => void hooks++ });
    await q.enqueue('after', {});
    await until(() => ok === 1, 'the queue still runs jobs');
  });

  return () => Promise.all(queues.map((q) => q.close()));
}

describe('in-process queue', () => {
  afterAll(behaves(() => new MemoryJobQueue(silent)));

  it('SEC-JOBS-1: a job failing while the queue closes is dropped, not given up', async () => {
    const q = new MemoryJobQueue(silent);
    let hooks = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    q.define(
      'closing',
      async () => {
        await gate;
        throw new Error('interrupted');
      },
      { attempts: 3, onGiveUp: () => void hooks++ },
    );
    await q.enqueue('closing', {});
    await until(async () => (await q.pending('closing')) === 1, 'running');
    const closed = q.close();
    release();
    await closed;
    expect(hooks).toBe(0);
  });
});

if (!REDIS_URL) console.log('BullMQ give-up tests skipped: REDIS_URL is not set');

describe.skipIf(!REDIS_URL)('BullMQ (REDIS_URL)', () => {
  const prefix = `tt-test-giveup-${randomBytes(4).toString('hex')}`;
  const closeAll = behaves(() => new RedisJobQueue(REDIS_URL!, prefix, silent));
  const connections: Redis[] = [];
  const connection = () => {
    const c = new Redis(REDIS_URL!, { maxRetriesPerRequest: null });
    connections.push(c);
    return c;
  };

  afterAll(async () => {
    await closeAll();
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    for (const c of connections) c.disconnect();
  });

  /** A worker of another process that takes the job and dies with it (never finishes it). */
  async function dyingWorker(name: string): Promise<void> {
    let took!: () => void;
    const taken = new Promise<void>((r) => (took = r));
    const worker = new Worker(
      name,
      () => {
        took();
        return new Promise<never>(() => {});
      },
      {
        connection: connection(),
        prefix,
        lockDuration: 500,
        stalledInterval: 200,
        maxStalledCount: STALL_DEFAULTS.maxStalledCount,
      },
    );
    worker.on('error', () => {});
    await taken;
    // The process is gone: its lock is no longer renewed; the job stays "active".
    await worker.close(true);
  }

  it('SEC-JOBS-1: a job whose processes died past maxStalledCount is failed by BullMQ, and onGiveUp runs', async () => {
    const name = 'crashing';
    const queue = new Queue(name, { connection: connection(), prefix });
    await queue.add(name, { song: 'xyz' }, { jobId: 'crash-1', attempts: 3 });
    // JOBS-STALL-1: the first STALL_DEFAULTS.maxStalledCount losses are run again elsewhere.
    for (let i = 0; i <= STALL_DEFAULTS.maxStalledCount; i++) await dyingWorker(name);
    await queue.close();

    const q = new RedisJobQueue(REDIS_URL!, prefix, silent, {
      lockDurationMs: 500,
      stalledIntervalMs: 200,
    });
    const given: unknown[] = [];
    let ran = 0;
    q.define(name, async () => void ran++, { onGiveUp: (data) => void given.push(data) });
    await until(() => given.length === 1, 'onGiveUp ran for the stalled job');
    expect(given[0]).toEqual({ song: 'xyz' });
    expect(ran).toBe(0);
    await q.close();
  }, 90_000);
});
