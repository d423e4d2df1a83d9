import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryJobQueue, RedisJobQueue, type JobInfo, type JobQueue } from './jobs';
import './jobs.testing';

const REDIS_URL = process.env.REDIS_URL;
/** Timers may fire a millisecond or two early against Date.now(). */
const CLOCK_SLACK_MS = 5;

/** Polls `check` every 10 ms until it holds; gives up (and fails) after 30 s. */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A logger that keeps the messages it is given. */
function recordingLogger() {
  const messages: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      messages.push((JSON.parse(String(chunk)) as { msg: string }).msg);
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), messages };
}

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** The same behaviour, whichever implementation. */
function behaves(
  kind: 'memory' | 'redis',
  make: (log: pino.Logger) => JobQueue,
): () => Promise<void> {
  const queues: JobQueue[] = [];
  const open = (log = pino({ level: 'silent' })) => {
    const q = make(log);
    queues.push(q);
    return q;
  };
  it(`is the ${kind} implementation`, () => {
    expect(open().kind).toBe(kind);
  });

  it('runs a job with its data, and tells the handler its id, name and attempt', async () => {
    const q = open();
    const seen: [unknown, JobInfo][] = [];
    q.define('greet', async (data, job) => void seen.push([data, job]));
    const id = await q.enqueue('greet', { n: 7 });
    await until(() => seen.length === 1, 'the job ran');
    expect(seen[0]).toEqual([{ n: 7 }, { id, name: 'greet', attempt: 1 }]);
  });

  it('runs at most `concurrency` jobs at once, and counts waiting and running jobs', async () => {
    const q = open();
    const gates = Array.from({ length: 5 }, gate);
    let active = 0;
    let most = 0;
    let done = 0;
    q.define(
      'work',
      async ({ i }) => {
        active++;
        most = Math.max(most, active);
        await gates[i].promise;
        active--;
        done++;
      },
      { concurrency: 2 },
    );
    for (let i = 0; i < 5; i++) await q.enqueue('work', { i });
    await until(() => active === 2, 'two jobs running');
    expect(await q.pending('work')).toBe(5);
    for (const g of gates) g.open();
    await until(() => done === 5, 'every job ran');
    expect(most).toBe(2);
    await until(async () => (await q.pending('work')) === 0, 'nothing pending');
  });

  it('retries a failing job with exponential backoff', async () => {
    const q = open();
    const runs: { attempt: number; at: number }[] = [];
    q.define(
      'flaky',
      async (_data, job) => {
        runs.push({ attempt: job.attempt, at: Date.now() });
        if (job.attempt < 3) throw new Error(`failure ${job.attempt}`);
      },
      { attempts: 3, backoffMs: 60 },
    );
    await q.enqueue('flaky', {});
    await until(() => runs.length === 3, 'three runs');
    expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
    expect(runs[1].at - runs[0].at).toBeGreaterThanOrEqual(60 - CLOCK_SLACK_MS);
    expect(runs[2].at - runs[1].at).toBeGreaterThanOrEqual(120 - CLOCK_SLACK_MS);
  });

  it('gives a job up after its attempts, and says so', async () => {
    const { log, messages } = recordingLogger();
    const q = open(log);
    let runs = 0;
    q.define(
      'doomed',
      async () => {
        runs++;
        throw new Error('always');
      },
      { attempts: 2, backoffMs: 10 },
    );
    await q.enqueue('doomed', {});
    await until(() => messages.includes('job failed; giving up'), 'the queue gave up');
    expect(runs).toBe(2);
    expect(messages.filter((m) => m === 'job failed; will retry')).toHaveLength(1);
  });

  it('runs a delayed job no sooner than asked, after the jobs that were not delayed', async () => {
    const q = open();
    const order: string[] = [];
    let ranAt = 0;
    q.define('tick', async ({ tag }) => {
      order.push(tag);
      if (tag === 'later') ranAt = Date.now();
    });
    const start = Date.now();
    await q.enqueue('tick', { tag: 'later' }, { delayMs: 250 });
    await q.enqueue('tick', { tag: 'now' });
    expect(await q.pending('tick')).toBeLessThanOrEqual(1); // the delayed one is not pending
    await until(() => order.length === 2, 'both ran');
    expect(order).toEqual(['now', 'later']);
    expect(ranAt - start).toBeGreaterThanOrEqual(250 - CLOCK_SLACK_MS);
  });

  it('ignores a job id that is still waiting, and takes it again once the job is done', async () => {
    const q = open();
    const seen: number[] = [];
    q.define('once', async ({ n }) => void seen.push(n));
    const a = await q.enqueue('once', { n: 1 }, { jobId: 'song-abc', delayMs: 100 });
    const b = await q.enqueue('once', { n: 2 }, { jobId: 'song-abc' });
    expect(b).toBe(a);
    await until(() => seen.length === 1, 'the job ran');
    await until(async () => (await q.pending('once')) === 0, 'nothing pending');
    // Not pending any more: the finished job is gone, so its id is free.
    await q.enqueue('once', { n: 3 }, { jobId: 'song-abc' });
    await until(() => seen.length === 2, 'the id was taken again');
    expect(seen).toEqual([1, 3]);
  });

  it('refuses an unknown job, a second definition and job ids BullMQ cannot store', async () => {
    const q = open();
    q.define('known', async () => {});
    expect(() => q.define('known', async () => {})).toThrow(/already defined/);
    // Never called: JOBS-TYPES-1 makes wrong data for a declared job a compile error.
    // @ts-expect-error greet takes { n: number }
    void (() => q.enqueue('greet', { n: 'seven' }));
    // @ts-expect-error JOBS-TYPES-1: a job nobody declared does not compile (and throws at run time)
    await expect(q.enqueue('unknown', {})).rejects.toThrow(/not defined/);
    await expect(q.enqueue('known', {}, { jobId: '12345' })).rejects.toThrow(/invalid job id/);
    await expect(q.enqueue('known', {}, { jobId: 'a:b' })).rejects.toThrow(/invalid job id/);
    expect(() => q.define('bad', async () => {}, { concurrency: 0 })).toThrow(/concurrency/);
  });

  it('waits for running jobs on close, and refuses jobs afterwards', async () => {
    const q = open();
    let started = 0;
    let finished = 0;
    q.define(
      'slow',
      async () => {
        started++;
        await new Promise((r) => setTimeout(r, 50));
        finished++;
      },
      { concurrency: 1 },
    );
    for (let i = 0; i < 3; i++) await q.enqueue('slow', {});
    await until(() => started >= 1, 'a job started');
    await Promise.all([q.close(), q.close()]); // a second close waits just the same
    expect(finished).toBe(started);
    // The in-process queue also runs what was waiting; Redis keeps it for the next start.
    if (kind === 'memory') expect(finished).toBe(3);
    await expect(q.enqueue('slow', {})).rejects.toThrow(/closed/);
  });

  return async () => {
    await Promise.all(queues.map((q) => q.close()));
  };
}

describe('in-process job queue', () => {
  afterAll(behaves('memory', (log) => new MemoryJobQueue(log)));

  it('drops delayed jobs on close instead of waiting for them', async () => {
    const q = new MemoryJobQueue(pino({ level: 'silent' }));
    let ran = false;
    q.define('far', async () => void (ran = true));
    await q.enqueue('far', {}, { delayMs: 60_000 });
    await q.close();
    expect(ran).toBe(false);
  });
});

if (!REDIS_URL) console.log('BullMQ job queue tests skipped: REDIS_URL is not set');

describe.skipIf(!REDIS_URL)('BullMQ job queue (REDIS_URL)', () => {
  const prefix = `tt-test-jobs-${randomBytes(4).toString('hex')}`;
  const closeAll = behaves('redis', (log) => new RedisJobQueue(REDIS_URL!, prefix, log));

  afterAll(async () => {
    await closeAll();
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
});
