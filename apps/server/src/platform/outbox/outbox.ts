import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../db/index';
import type { WorkEvents, WorkTopic } from '../events';
import type { EnqueueOptions, JobQueue } from '../jobs';
import { deliveryHandlers, type DeliveryContext } from './delivery';
import { InRelayConsumers, type Delivered, type RelayBatchHandler } from './in-relay';
import { orderKeyOf } from './order';
import { replayIfQueueLost } from './recovery';
import { ConsumerRegistry, type RegisteredConsumer } from './registry';
import {
  claimUnrelayed,
  countUnrelayed,
  insertEvents,
  markRelayed,
  pruneRelayed,
  unrelayed,
} from './rows';
import type { OutboxEventRow } from './schema';
import type { ConsumerOptions, OutboxOptions, WorkHandler, WorkJob } from './types';

export type { ConsumerOptions, OutboxOptions, WorkHandler, WorkJob, WorkMeta } from './types';
export type { RelayBatchHandler, RelayedEvent } from './in-relay';
export type { WorkTopic };
export { eventIdOf } from './rows';

const BATCH = 100;

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
  /** WORK-DELIVERY-7: this process's consumers that take their events in the relay. */
  private readonly inRelay: InRelayConsumers;
  private timer: NodeJS.Timeout | null = null;
  private delayed: NodeJS.Timeout | null = null;
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
    this.inRelay = new InRelayConsumers(log);
    this.registry = new ConsumerRegistry(db, log, {
      refreshMs: opts.pollMs,
      forgetMs: opts.forgetConsumersMs,
    });
  }

  /** What a consumer's deliveries need of the outbox (delivery.ts). */
  private get context(): DeliveryContext {
    return {
      db: this.db,
      jobs: this.jobs,
      log: this.log,
      opts: this.opts,
      isClosed: () => this.closed,
      settle: (eventId) => this.settle(eventId),
    };
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
    await insertEvents(tx, [{ eventId, topic, payload, orderKey: orderKeyOf(topic, payload) }]);
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
    const when = opts.when as ((payload: unknown) => boolean) | undefined;
    if (when) this.filters.set(consumer, when);
    if (opts.inRelay) {
      if (!opts.keyedByEvent) throw new Error(`in-relay consumer ${consumer} needs keyedByEvent`);
      this.inRelay.add(topic, consumer, opts.inRelay as RelayBatchHandler<WorkTopic>, when);
    }
    const deliver = deliveryHandlers(this.context, consumer, handler as WorkHandler<WorkTopic>, {
      when,
      keyedByEvent: opts.keyedByEvent,
    });
    this.jobs.define(`work.${consumer}`, deliver.run, {
      attempts,
      backoffMs,
      concurrency: opts.concurrency ?? 4,
      onGiveUp: deliver.onGiveUp,
    });
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
      if (await replayIfQueueLost(this.context, this.opts.queueLossReplayMs)) this.kick();
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
    if (this.opts.relay) this.relayNow();
  }

  /**
   * Relays soon (after a commit that wrote events): after `relayDelayMs`, so the commits of that
   * while share one pass (WORK-OUTBOX-7).
   */
  kick(): void {
    if (!this.started || !this.opts.relay || this.closed) return;
    const delay = this.opts.relayDelayMs ?? 0;
    if (delay > 0) {
      this.delayed ??= setTimeout(() => {
        this.delayed = null;
        this.relayNow();
      }, delay);
      return;
    }
    this.relayNow();
  }

  private relayNow(): void {
    if (this.closed) return;
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
      let delivered: Delivered | null = null;
      const n = await this.db.transaction(async (tx) => {
        const rows = await claimUnrelayed(tx, BATCH);
        delivered = this.inRelay.wants(rows) ? await this.inRelay.run(tx, rows) : null;
        for (const row of rows) await this.enqueue(row, registered.get(row.topic) ?? [], delivered);
        return rows.length;
      });
      this.countInRelay(delivered);
      return n;
    }
    // In-process queue: the event stays unrelayed until every consumer has finished, so a crash
    // before then relays it again at the next start (finished consumers skip it).
    const busy = [...this.inflight.values()].map((f) => f.rowId).concat(this.settled);
    const rows = await unrelayed(this.db, busy, BATCH);
    // WORK-DELIVERY-7: the in-relay batches and the stamp of the events they finish commit
    // together; the jobs are queued only once that has committed.
    let delivered: Delivered | null = null;
    const busyRows: { row: OutboxEventRow; count: number }[] = [];
    const relay = async (db: Db) => {
      delivered = this.inRelay.wants(rows) ? await this.inRelay.run(db, rows) : null;
      const idle: number[] = [];
      for (const row of rows) {
        const count = this.ownConsumers(row, delivered).length;
        if (count === 0) idle.push(row.id);
        else busyRows.push({ row, count });
      }
      if (idle.length) await markRelayed(db, idle);
    };
    if (this.inRelay.wants(rows)) await this.db.transaction(relay);
    else await relay(this.db);
    for (const { row, count } of busyRows) {
      this.inflight.set(row.eventId, { rowId: row.id, remaining: count });
      await this.enqueue(row, [], delivered);
    }
    this.countInRelay(delivered);
    return rows.length;
  }

  /** WORK-DELIVERY-7: the in-relay deliveries of a pass that committed, for the metrics. */
  private countInRelay(delivered: Delivered | null): void {
    for (const [consumer, n] of delivered?.counts ?? [])
      this.opts.onDelivery?.(consumer, 'done', n);
  }

  /** Answers once the relay pass under way, if any, has finished. */
  async whenIdle(): Promise<void> {
    await this.running;
  }

  /**
   * One job per consumer of the event: this process's own, and (BullMQ) those only other
   * processes define, enqueued with the retry policy they recorded.
   */
  private async enqueue(
    row: OutboxEventRow,
    elsewhere: RegisteredConsumer[],
    delivered: Delivered | null,
  ): Promise<void> {
    const targets: ({ consumer: string } & Pick<EnqueueOptions, 'definedElsewhere'>)[] = [
      ...this.ownConsumers(row, delivered).map((consumer) => ({ consumer })),
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
   * process's relay enqueued), nor one that took it in the relay (WORK-DELIVERY-7).
   */
  private ownConsumers(row: OutboxEventRow, delivered: Delivered | null = null): string[] {
    const all = this.consumers.get(row.topic as WorkTopic) ?? [];
    return all.filter(
      (c) => (this.filters.get(c)?.(row.payload) ?? true) && !delivered?.has(c, row.id),
    );
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
    await markRelayed(this.db, ids).catch((err: unknown) =>
      this.log.warn({ err, count: ids.length }, 'outbox: could not mark events relayed'),
    );
  }

  /** Deletes events relayed more than `keepMs` ago, at most once an hour. */
  private async prune(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < 60 * 60 * 1000) return;
    this.lastPrune = now;
    const before = new Date(now - (this.opts.keepMs ?? 7 * DAY));
    await pruneRelayed(this.db, before);
    if (this.durable) await this.registry.forget();
  }

  /** Events committed and not yet relayed (for metrics and tests). */
  backlog(): Promise<number> {
    return countUnrelayed(this.db);
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
    if (this.delayed) clearTimeout(this.delayed);
    await this.running;
    await this.flushSettled();
    await this.registry.settled();
  }
}
