import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/index';
import type { WorkEvents, WorkTopic } from '../events';
import type { EnqueueOptions, JobInfo, JobQueue } from '../jobs';
import { MAX_ORDER_WAITS, orderKeyOf, orderWaitMs, waitsForEarlier } from './order';
import {
  isOutage,
  MAX_OUTAGE_WAITS,
  outageWaitMs,
  QUEUE_LOSS_REPLAY_MS,
  replayRecent,
} from './recovery';
import { ConsumerRegistry, type RegisteredConsumer } from './registry';
import { outboxDeliveries, outboxEvents, type OutboxEventRow } from './schema';

import type { ConsumerOptions, OutboxOptions, WorkHandler, WorkJob } from './types';

export type { ConsumerOptions, OutboxOptions, WorkHandler, WorkJob, WorkMeta } from './types';
export type { WorkTopic };

const BATCH = 100;

/**
 * WORK-OUTBOX-3: an event id named by what happened (a Stripe event, a song play), so writing the
 * same happening twice writes one event.
 */
export function eventIdOf(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
const DAY = 24 * 60 * 60 * 1000;

/**
 * Work delivery (WORK-OUTBOX-1, WORK-DELIVERY-1..3): each event reaches each consumer once as users
 * see it, even across crashes. The event is written in the transaction of the change it
 * describes; the relay hands it to the job queue (BullMQ on Redis, or the in-process queue) as one
 * job per consumer; the consumer's run is recorded, so a second delivery of a finished event does
 * nothing, and a run that keeps failing is retried with back-off and finally recorded as failed.
 *
 * With BullMQ the processes of a deployment may define different consumers (SERVICES): each one
 * records its own in the consumer registry, and a relay enqueues for every consumer recorded
 * there, so the process that defines it runs it (WORK-OUTBOX-4).
 *
 * Broadcast delivery (every process, for live fan-out) is the bus; this is the other kind.
 */
export class Outbox {
  private consumers = new Map<WorkTopic, string[]>();
  /** This process's consumers, by name. */
  private own = new Map<string, RegisteredConsumer>();
  private readonly registry: ConsumerRegistry;
  /** In-process queue only: events handed to the queue whose consumers have not all finished. */
  private inflight = new Map<string, { rowId: number; remaining: number }>();
  /** In-process queue only: finished events not yet marked relayed (WORK-OUTBOX-5). */
  private settled: number[] = [];
  /** WORK-DELIVERY-4: this process's consumers that take only some events of their topic. */
  private filters = new Map<string, (payload: unknown) => boolean>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private started = false;
  private closed = false;
  private lastPrune = 0;
  private checkingLoss = false;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly log: Logger,
    private readonly opts: OutboxOptions,
  ) {
    this.registry = new ConsumerRegistry(db, log, {
      refreshMs: opts.pollMs,
      forgetMs: opts.forgetConsumersMs,
    });
  }

  /** BullMQ keeps jobs across a crash, so an event counts as relayed once it is enqueued. */
  private get durable(): boolean {
    return this.jobs.kind === 'redis';
  }

  /**
   * WORK-OUTBOX-1: writes the event inside `tx`, the transaction of the change it describes, and
   * answers its id. Call `kick()` once the transaction has committed.
   */
  async add<K extends WorkTopic>(
    tx: Db,
    topic: K,
    payload: WorkEvents[K],
    eventId: string = randomUUID(),
  ): Promise<string> {
    const orderKey = orderKeyOf(topic, payload);
    await tx
      .insert(outboxEvents)
      .values({ eventId, topic, payload, orderKey })
      .onConflictDoNothing();
    return eventId;
  }

  /** An event that is a change of its own: committed at once and relayed soon. */
  async emit<K extends WorkTopic>(
    topic: K,
    payload: WorkEvents[K],
    eventId?: string,
  ): Promise<string> {
    const id = await this.add(this.db, topic, payload, eventId);
    this.kick();
    return id;
  }

  /**
   * Registers a consumer of `topic`. Its name is part of the idempotency record and the job name,
   * so it must stay the same across releases. Register every consumer before `start()`.
   */
  consume<K extends WorkTopic>(
    topic: K,
    consumer: string,
    handler: WorkHandler<K>,
    opts: ConsumerOptions<K> = {},
  ): void {
    if (!/^[a-z][\w.-]*$/i.test(consumer)) throw new Error(`bad consumer name "${consumer}"`);
    if (this.own.has(consumer)) throw new Error(`consumer ${consumer} is already registered`);
    const attempts = opts.attempts ?? 5;
    const backoffMs = opts.backoffMs ?? 1000;
    this.own.set(consumer, { topic, consumer, attempts, backoffMs });
    this.consumers.set(topic, [...(this.consumers.get(topic) ?? []), consumer]);
    const run = handler as WorkHandler<WorkTopic>;
    const when = opts.when as ((payload: unknown) => boolean) | undefined;
    if (when) this.filters.set(consumer, when);
    this.jobs.define(
      `work.${consumer}`,
      async (job, info) => {
        if (when && !when(job.payload)) return this.settle(job.eventId);
        try {
          if (!opts.keyedByEvent && (await this.isDone(job.eventId, consumer))) {
            this.opts.onDelivery?.(consumer, 'skipped');
            return this.settle(job.eventId);
          }
          if (await this.waitForTurn(job)) return;
          await run(job.payload as WorkEvents[WorkTopic], {
            eventId: job.eventId,
            topic: job.topic as WorkTopic,
            attempt: info.attempt,
            at: job.at ? new Date(job.at) : new Date(),
          });
          if (!opts.keyedByEvent) await this.record(job, 'done', info, null);
        } catch (err) {
          if (await this.afterOutage(job, err)) return;
          throw err;
        }
        this.opts.onDelivery?.(consumer, 'done');
        this.settle(job.eventId);
      },
      {
        attempts,
        backoffMs,
        concurrency: opts.concurrency ?? 4,
        onGiveUp: async (job, err, info) => {
          try {
            await this.record(job, 'failed', info, err);
            this.opts.onDelivery?.(consumer, 'failed');
          } finally {
            this.settle(job.eventId);
          }
        },
      },
    );
  }

  /**
   * WORK-ORDER-1: while an earlier event of the same topic and key is unfinished for this
   * consumer, the delivery is queued again a little later (without using up a run) and answers
   * true. It does not hold a worker while it waits, so the earlier event can run.
   */
  private async waitForTurn(job: WorkJob): Promise<boolean> {
    if (job.orderKey == null || job.seq == null) return false;
    const { topic, consumer, seq, orderKey } = job;
    if (!(await waitsForEarlier(this.db, { topic, consumer, seq, orderKey }))) return false;
    const waits = (job.waits ?? 0) + 1;
    if (waits > MAX_ORDER_WAITS) {
      this.log.warn({ eventId: job.eventId, consumer }, 'work: an earlier event never finished');
      return false;
    }
    await this.jobs.enqueue(
      `work.${consumer}`,
      { ...job, waits },
      { delayMs: orderWaitMs(waits), jobId: `${consumer}-${job.eventId}-w${waits}` },
    );
    return true;
  }

  /**
   * WORK-DELIVERY-6: a run cut by a store that could not be reached is queued again after a pause,
   * without using up one of its runs, and answers true; after about an hour of outages, or when
   * even the queue cannot take it, the run fails as any other (false).
   */
  private async afterOutage(job: WorkJob, err: unknown): Promise<boolean> {
    const outages = (job.outages ?? 0) + 1;
    if (this.closed || !isOutage(err) || outages > MAX_OUTAGE_WAITS) return false;
    try {
      await this.jobs.enqueue(
        `work.${job.consumer}`,
        { ...job, outages },
        {
          delayMs: outageWaitMs(outages, this.opts.outagePauseMs),
          jobId: `${job.consumer}-${job.eventId}-o${outages}`,
        },
      );
    } catch {
      return false;
    }
    this.log.warn({ err, eventId: job.eventId, consumer: job.consumer, outages }, 'work: outage');
    return true;
  }

  /**
   * WORK-OUTBOX-6: a durable queue that comes back without its jobs (Redis restarted with no
   * persistence) gets the events relayed in the last QUEUE_LOSS_REPLAY_MS again. One process per
   * loss does it; a store that cannot be asked is asked again at the next poll.
   */
  private async checkQueueLoss(): Promise<void> {
    if (this.checkingLoss || !this.jobs.lostSinceMarked) return;
    this.checkingLoss = true;
    try {
      if (!(await this.jobs.lostSinceMarked())) return;
      const n = await replayRecent(this.db, this.opts.queueLossReplayMs ?? QUEUE_LOSS_REPLAY_MS);
      if (n > 0)
        this.log.warn({ events: n }, 'outbox: the job queue lost its jobs; relaying again');
      this.kick();
    } catch (err) {
      this.log.warn({ err }, 'outbox: could not check the job queue for a loss');
    } finally {
      this.checkingLoss = false;
    }
  }

  /**
   * Starts relaying (when OUTBOX_RELAY is on): now, on every kick, and every `pollMs`. With
   * BullMQ, also records this process's consumers in the registry, relaying or not
   * (WORK-OUTBOX-4): now, then every hour.
   */
  start(): void {
    if (this.started) return;
    this.started = true;
    if (!this.opts.relay && !this.durable) return;
    this.timer = setInterval(() => this.tick(), this.opts.pollMs);
    this.timer.unref();
    this.tick();
  }

  private tick(): void {
    if (this.durable && !this.closed) {
      void this.registry.record([...this.own.values()]);
      if (this.opts.relay) void this.checkQueueLoss();
    }
    this.kick();
  }

  /** Relays soon (after a commit that wrote events). */
  kick(): void {
    if (!this.started || !this.opts.relay || this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => (this.running = null));
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        const n = await this.relayOnce();
        if (n === BATCH) this.again = true;
        await this.prune();
      } catch (err) {
        if (this.closed) return;
        this.log.warn({ err }, 'outbox relay failed; will try again');
        return;
      }
    } while (this.again && !this.closed);
  }

  /** One pass of the relay: hands up to one batch of committed events to the queue. */
  async relayOnce(): Promise<number> {
    if (this.durable) {
      // WORK-OUTBOX-4: the consumers other processes define get their jobs too.
      const registered = await this.registry.byTopic();
      // Several processes relay at once: each claims rows the others have not locked.
      return this.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(outboxEvents)
          .where(isNull(outboxEvents.relayedAt))
          .orderBy(asc(outboxEvents.id))
          .limit(BATCH)
          .for('update', { skipLocked: true });
        for (const row of rows) await this.enqueue(row, registered.get(row.topic) ?? []);
        if (rows.length)
          await this.markRelayed(
            tx,
            rows.map((r) => r.id),
          );
        return rows.length;
      });
    }
    // In-process queue: the event stays unrelayed until every consumer has finished, so a crash
    // before then relays it again at the next start (finished consumers skip it).
    const busy = [...this.inflight.values()].map((f) => f.rowId).concat(this.settled);
    const rows = await this.db
      .select()
      .from(outboxEvents)
      .where(
        busy.length
          ? and(isNull(outboxEvents.relayedAt), notInArray(outboxEvents.id, busy))
          : isNull(outboxEvents.relayedAt),
      )
      .orderBy(asc(outboxEvents.id))
      .limit(BATCH);
    const idle: number[] = [];
    for (const row of rows) {
      const count = this.ownConsumers(row).length;
      if (count === 0) {
        idle.push(row.id);
        continue;
      }
      this.inflight.set(row.eventId, { rowId: row.id, remaining: count });
      await this.enqueue(row);
    }
    if (idle.length) await this.markRelayed(this.db, idle);
    return rows.length;
  }

  /**
   * One job per consumer of the event: this process's own, and (BullMQ) those only other
   * processes define, enqueued with the retry policy they recorded.
   */
  private async enqueue(row: OutboxEventRow, elsewhere: RegisteredConsumer[] = []): Promise<void> {
    const targets: ({ consumer: string } & Pick<EnqueueOptions, 'definedElsewhere'>)[] = [
      ...this.ownConsumers(row).map((consumer) => ({ consumer })),
      // A name defined here is run here, for the topic it has here.
      ...elsewhere
        .filter((c) => !this.own.has(c.consumer))
        .map(({ consumer, attempts, backoffMs }) => ({
          consumer,
          definedElsewhere: { attempts, backoffMs },
        })),
    ];
    for (const { consumer, definedElsewhere } of targets) {
      const data: WorkJob = {
        eventId: row.eventId,
        topic: row.topic,
        consumer,
        payload: row.payload,
        seq: row.id,
        orderKey: row.orderKey,
        at: row.createdAt.toISOString(),
      };
      await this.jobs.enqueue(`work.${consumer}`, data, {
        jobId: `${consumer}-${row.eventId}`,
        definedElsewhere,
      });
    }
  }

  /**
   * This process's consumers of the event's topic that have work for it: one whose `when` refuses
   * the payload gets no job at all (WORK-DELIVERY-4; its worker checks again for jobs another
   * process's relay enqueued).
   */
  private ownConsumers(row: OutboxEventRow): string[] {
    const all = this.consumers.get(row.topic as WorkTopic) ?? [];
    return all.filter((c) => this.filters.get(c)?.(row.payload) ?? true);
  }

  private async markRelayed(db: Db, ids: number[]): Promise<void> {
    await db
      .update(outboxEvents)
      .set({ relayedAt: new Date() })
      .where(inArray(outboxEvents.id, ids));
  }

  /**
   * In-process queue only: one consumer finished the event; the last one marks it relayed.
   * WORK-OUTBOX-5: the events finished in one turn of the event loop are marked in one statement.
   */
  private settle(eventId: string): void {
    const flight = this.inflight.get(eventId);
    if (!flight) return;
    if (--flight.remaining > 0) return;
    this.inflight.delete(eventId);
    this.settled.push(flight.rowId);
    if (this.settled.length === 1) setImmediate(() => void this.flushSettled());
  }

  private async flushSettled(): Promise<void> {
    const ids = this.settled.splice(0);
    if (ids.length === 0) return;
    await this.markRelayed(this.db, ids).catch((err: unknown) =>
      this.log.warn({ err, count: ids.length }, 'outbox: could not mark events relayed'),
    );
  }

  private async isDone(eventId: string, consumer: string): Promise<boolean> {
    const [row] = await this.db
      .select({ status: outboxDeliveries.status })
      .from(outboxDeliveries)
      .where(and(eq(outboxDeliveries.eventId, eventId), eq(outboxDeliveries.consumer, consumer)));
    return row?.status === 'done';
  }

  private async record(
    job: WorkJob,
    status: 'done' | 'failed',
    info: JobInfo,
    err: unknown,
  ): Promise<void> {
    const error = err === null ? null : String((err as Error)?.stack ?? err).slice(0, 4000);
    const values = { status, attempts: info.attempt, error, finishedAt: new Date() };
    await this.db
      .insert(outboxDeliveries)
      .values({ eventId: job.eventId, consumer: job.consumer, ...values })
      .onConflictDoUpdate({
        target: [outboxDeliveries.eventId, outboxDeliveries.consumer],
        set: values,
      });
    if (status === 'failed') {
      this.log.error(
        { err, eventId: job.eventId, consumer: job.consumer },
        'work delivery failed for good',
      );
    }
  }

  /** Deletes events relayed more than `keepMs` ago, at most once an hour. */
  private async prune(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < 60 * 60 * 1000) return;
    this.lastPrune = now;
    const before = new Date(now - (this.opts.keepMs ?? 7 * DAY));
    await this.db.delete(outboxEvents).where(lt(outboxEvents.relayedAt, before));
    if (this.durable) await this.registry.forget();
  }

  /** Events committed and not yet relayed (for metrics and tests). */
  async backlog(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxEvents)
      .where(isNull(outboxEvents.relayedAt));
    return row?.n ?? 0;
  }

  /** Work deliveries waiting or running in the job queue, all consumers together. */
  async pendingJobs(): Promise<number> {
    const counts = await Promise.all(
      [...this.own.keys()].map((n) => this.jobs.pending(`work.${n}`)),
    );
    return counts.reduce((a, b) => a + b, 0);
  }

  /** Stops relaying; running deliveries finish when the job queue closes. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.flushSettled();
    await this.registry.settled();
  }
}
