import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { backoff, checkJobId, definition, giveUp, type Definition } from './jobs-definition';

/** What a handler learns about the job it runs. */
export interface JobInfo {
  id: string;
  name: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

/**
 * JOBS-TYPES-1: every job name and its data, in one registry. Each service adds its jobs by
 * declaration merging (`declare module '…/platform/jobs'`), so enqueueing wrong data, or a job
 * nobody declared, does not compile.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobTypes {}
export type JobName = keyof JobTypes & string;

export interface JobOptions<T = unknown> {
  /** Most jobs of this name running at once in one process (default 1). */
  concurrency?: number;
  /** Runs in all, the first included, before a failing job is given up (default 1). */
  attempts?: number;
  /** Wait before the first retry; each further retry waits twice as long (default 1000). */
  backoffMs?: number;
  /**
   * SEC-JOBS-1: called once when a job is given up for good — its attempts used up, or (BullMQ)
   * failed for stalling past the limit because the processes running it died. It must leave the
   * job's subject in a final or retryable state; an error it throws is logged.
   */
  onGiveUp?: (data: T, err: unknown, job: JobInfo) => Promise<void> | void;
}

export interface EnqueueOptions {
  /** Run no sooner than this many milliseconds from now. */
  delayMs?: number;
  /**
   * A job with this id that is still waiting, delayed or running makes this call a no-op.
   * Not all digits, and without `:` (BullMQ's rules, checked for both implementations).
   */
  jobId?: string;
  /**
   * BullMQ only: the job is defined in another process of the deployment, with this retry policy
   * (WORK-OUTBOX-4). It waits in Redis until a process that defines it runs it. The in-process
   * queue has no other process: it still refuses a job it has not defined.
   */
  definedElsewhere?: { attempts: number; backoffMs: number };
}

/**
 * Background jobs. In-process by default; BullMQ on Redis when REDIS_URL is set, so that jobs
 * outlive a restart and any process that defined the job may run it.
 *
 * A handler that throws is retried (`attempts`, exponential `backoffMs`); one that gives up for
 * good is logged. Define a job before enqueueing it: enqueueing an unknown name is a programming
 * error and throws (unless BullMQ is told it is defined elsewhere, `definedElsewhere`).
 */
export interface JobQueue {
  readonly kind: 'memory' | 'redis';
  define<K extends JobName>(
    name: K,
    handler: JobHandler<JobTypes[K]>,
    opts?: JobOptions<JobTypes[K]>,
  ): void;
  /** Adds a job; answers its id. */
  enqueue<K extends JobName>(name: K, data: JobTypes[K], opts?: EnqueueOptions): Promise<string>;
  /** Jobs of this name waiting to run or running (delayed ones are not counted). */
  pending(name: JobName): Promise<number>;
  /**
   * WORK-OUTBOX-6, durable queues only: answers true when the queue's store held no mark of its
   * own (its first start, or a store that lost its data, as Redis restarted without persistence
   * does) and leaves one, so that exactly one caller per loss hears true.
   */
  lostSinceMarked?(): Promise<boolean>;
  /**
   * Stops taking jobs and waits for the running ones (the in-process queue also runs the
   * waiting ones; its delayed jobs are dropped). Enqueueing afterwards throws.
   */
  close(): Promise<void>;
}

interface MemoryJob {
  id: string;
  name: string;
  data: unknown;
  /** Runs already started. */
  runs: number;
}

interface MemoryLane {
  def?: Definition;
  waiting: MemoryJob[];
  active: number;
}

/** The in-process queue: per-name concurrency, retries with backoff, delayed jobs. */
export class MemoryJobQueue implements JobQueue {
  readonly kind = 'memory' as const;
  private lanes = new Map<string, MemoryLane>();
  /** Ids of jobs waiting, delayed or running. */
  private live = new Set<string>();
  private timers = new Set<NodeJS.Timeout>();
  private running = new Set<Promise<void>>();
  private closed = false;
  private counter = 0;
  private idle: (() => void) | null = null;
  private closing?: Promise<void>;

  constructor(private readonly log: Logger) {}

  private lane(name: string): MemoryLane {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = { waiting: [], active: 0 };
      this.lanes.set(name, lane);
    }
    return lane;
  }

  define<K extends JobName>(
    name: K,
    handler: JobHandler<JobTypes[K]>,
    opts: JobOptions<JobTypes[K]> = {},
  ): void {
    const lane = this.lane(name);
    if (lane.def) throw new Error(`job ${name} is already defined`);
    lane.def = definition(handler as JobHandler<unknown>, opts as JobOptions);
  }

  async enqueue<K extends JobName>(
    name: K,
    data: JobTypes[K],
    opts: EnqueueOptions = {},
  ): Promise<string> {
    if (this.closed) throw new Error('the job queue is closed');
    const lane = this.lanes.get(name);
    if (!lane?.def) throw new Error(`job ${name} is not defined`);
    checkJobId(opts.jobId);
    const id = opts.jobId ?? `${name}-${++this.counter}`;
    if (this.live.has(id)) return id;
    this.live.add(id);
    // A copy, as a job stored in Redis would be.
    const job: MemoryJob = { id, name, data: structuredClone(data), runs: 0 };
    this.later(opts.delayMs ?? 0, job);
    return id;
  }

  async pending(name: JobName): Promise<number> {
    const lane = this.lanes.get(name);
    return lane ? lane.waiting.length + lane.active : 0;
  }

  /** Puts the job in its lane now, or after `delayMs`. */
  private later(delayMs: number, job: MemoryJob): void {
    if (delayMs <= 0) {
      this.lane(job.name).waiting.push(job);
      this.pump(job.name);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.lane(job.name).waiting.push(job);
      this.pump(job.name);
    }, delayMs);
    this.timers.add(timer);
  }

  private pump(name: string): void {
    const lane = this.lane(name);
    const def = lane.def;
    if (!def) return;
    while (lane.active < def.concurrency && lane.waiting.length > 0) {
      const job = lane.waiting.shift()!;
      lane.active++;
      const run = this.run(def, job).finally(() => {
        lane.active--;
        this.running.delete(run);
        this.pump(name);
        if (this.running.size === 0 && this.idle && this.nothingWaiting()) this.idle();
      });
      this.running.add(run);
    }
  }

  private nothingWaiting(): boolean {
    for (const lane of this.lanes.values()) if (lane.waiting.length > 0) return false;
    return true;
  }

  private async run(def: Definition, job: MemoryJob): Promise<void> {
    job.runs++;
    try {
      // Never inside the caller's tick: enqueue answers before the handler starts.
      await new Promise<void>((resolve) => setImmediate(resolve));
      await def.handler(job.data, { id: job.id, name: job.name, attempt: job.runs });
      this.live.delete(job.id);
    } catch (err) {
      if (job.runs < def.attempts && !this.closed) {
        const waitMs = backoff(def, job.runs);
        this.log.warn({ err, job: job.id, attempt: job.runs, waitMs }, 'job failed; will retry');
        this.later(waitMs, job);
      } else if (job.runs < def.attempts) {
        // Closing: not given up, only dropped (the owner's start-up sweep finds its subject).
        this.live.delete(job.id);
        this.log.warn({ err, job: job.id, attempt: job.runs }, 'job failed while closing; dropped');
      } else {
        this.live.delete(job.id);
        const info = { id: job.id, name: job.name, attempt: job.runs };
        await giveUp(def, this.log, job.data, err, info);
      }
    }
  }

  close(): Promise<void> {
    this.closing ??= this.drain();
    return this.closing;
  }

  private async drain(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    if (this.timers.size > 0) {
      this.log.info({ dropped: this.timers.size }, 'job queue closed with delayed jobs');
    }
    this.timers.clear();
    if (this.running.size > 0 || !this.nothingWaiting()) {
      await new Promise<void>((resolve) => (this.idle = resolve));
    }
    this.idle = null;
  }
}

/**
 * JOBS-STALL-1: how BullMQ tells a dead worker's job (its lock no longer renewed) and runs it
 * again. A running job's lock lasts `lockDurationMs` and is renewed every half of it; every
 * `stalledIntervalMs` one worker of the deployment moves the jobs whose lock is gone back to
 * waiting. A job whose process died is thus run again by another process (or the restarted one)
 * at most lockDurationMs + stalledIntervalMs (30 s) after the loss; its lost run counts as no
 * attempt. The run after the `maxStalledCount`th loss is failed instead (SEC-JOBS-1: a job that
 * kills every process running it is not retried for ever). Tests shorten the times.
 */
export interface StallOptions {
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  maxStalledCount?: number;
}
export const STALL_DEFAULTS: Required<StallOptions> = {
  lockDurationMs: 20_000,
  stalledIntervalMs: 10_000,
  maxStalledCount: 2,
};

/** BullMQ on Redis: one Queue and (once defined) one Worker per job name. */
export class RedisJobQueue implements JobQueue {
  readonly kind = 'redis' as const;
  private redis: Redis;
  private queues = new Map<string, Queue>();
  private workers = new Map<string, Worker>();
  private defs = new Map<string, Definition>();
  private closed = false;
  private closing?: Promise<void>;
  /** onGiveUp calls under way (close waits for them). */
  private hooks = new Set<Promise<void>>();

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log: Logger,
    private readonly stall: StallOptions = {},
  ) {
    // BullMQ's blocking commands need maxRetriesPerRequest null.
    this.redis = new Redis(url, { maxRetriesPerRequest: null });
    this.redis.on('error', (err) => this.log.warn({ err }, 'job queue: redis error'));
  }

  async lostSinceMarked(): Promise<boolean> {
    const set = await this.redis.set(`${this.prefix}:queue-mark`, String(Date.now()), 'NX');
    return set === 'OK';
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.redis, prefix: this.prefix });
      queue.on('error', (err) => this.log.warn({ err, queue: name }, 'job queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  define<K extends JobName>(
    name: K,
    handler: JobHandler<JobTypes[K]>,
    opts: JobOptions<JobTypes[K]> = {},
  ): void {
    if (this.defs.has(name)) throw new Error(`job ${name} is already defined`);
    if (this.closed) throw new Error('the job queue is closed');
    const def = definition(handler as JobHandler<unknown>, opts as JobOptions);
    this.defs.set(name, def);
    const stall = { ...STALL_DEFAULTS, ...this.stall };
    const worker = new Worker(
      name,
      async (job: Job) =>
        def.handler(job.data, { id: String(job.id), name, attempt: job.attemptsMade + 1 }),
      {
        connection: this.redis,
        prefix: this.prefix,
        concurrency: def.concurrency,
        // JOBS-STALL-1: explicit, not BullMQ's defaults (30 s + 30 s, failed after one loss).
        lockDuration: stall.lockDurationMs,
        stalledInterval: stall.stalledIntervalMs,
        maxStalledCount: stall.maxStalledCount,
      },
    );
    worker.on('error', (err) => this.log.warn({ err, queue: name }, 'job worker error'));
    worker.on('failed', (job, err) => {
      if (!job) return;
      // finishedOn is set only when the job failed for good: attempts used up, or stalled past
      // the limit (then failed by whichever worker picks it up, attempts left or not).
      const info = { id: String(job.id), name, attempt: job.attemptsMade };
      if (job.finishedOn === undefined) {
        this.log.warn({ err, job: job.id, attempt: job.attemptsMade }, 'job failed; will retry');
        return;
      }
      this.tracked(giveUp(def, this.log, job.data, err, info));
    });
    this.workers.set(name, worker);
  }

  async enqueue<K extends JobName>(
    name: K,
    data: JobTypes[K],
    opts: EnqueueOptions = {},
  ): Promise<string> {
    if (this.closed) throw new Error('the job queue is closed');
    const def = this.defs.get(name) ?? opts.definedElsewhere;
    if (!def) throw new Error(`job ${name} is not defined`);
    checkJobId(opts.jobId);
    const job = await this.queue(name).add(name, data, {
      jobId: opts.jobId,
      delay: opts.delayMs && opts.delayMs > 0 ? opts.delayMs : undefined,
      attempts: def.attempts,
      backoff: { type: 'exponential', delay: def.backoffMs },
      // Finished jobs leave Redis, so their ids may be used again.
      removeOnComplete: true,
      removeOnFail: true,
    });
    return String(job.id);
  }

  async pending(name: JobName): Promise<number> {
    const counts = await this.queue(name).getJobCounts('waiting', 'active', 'prioritized');
    return (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.prioritized ?? 0);
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private tracked(p: Promise<void>): void {
    this.hooks.add(p);
    void p.finally(() => this.hooks.delete(p));
  }

  private async shutdown(): Promise<void> {
    this.closed = true;
    // Waits for the running jobs; waiting and delayed ones stay in Redis for the next start.
    await Promise.all([...this.workers.values()].map((w) => w.close()));
    await Promise.all([...this.hooks]);
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export function createJobQueue(
  redisUrl: string | undefined,
  prefix: string,
  log: Logger,
): JobQueue {
  return redisUrl ? new RedisJobQueue(redisUrl, prefix, log) : new MemoryJobQueue(log);
}
