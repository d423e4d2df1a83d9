import type { Logger } from 'pino';
import type { Db } from '../db/index';
import type { WorkEvents, WorkTopic } from '../events';
import type { OutboxEventRow } from './schema';
import type { WorkMeta } from './types';

/** One event as an in-relay consumer receives it. */
export interface RelayedEvent<K extends WorkTopic> {
  payload: WorkEvents[K];
  meta: WorkMeta;
}

/**
 * WORK-DELIVERY-7: the handler of a consumer that takes its events inside the relay's transaction,
 * a batch at a time. It may write only its own service's rows, through `tx`.
 */
export type RelayBatchHandler<K extends WorkTopic> = (
  tx: Db,
  events: RelayedEvent<K>[],
) => Promise<void>;

interface InRelay {
  consumer: string;
  handler: RelayBatchHandler<WorkTopic>;
  when?: (payload: unknown) => boolean;
}

/** One (consumer, event row) pair. */
const pair = (consumer: string, rowId: number) => `${consumer}#${rowId}`;

/** What one relay pass delivered in its transaction. */
export class Delivered {
  private readonly pairs = new Set<string>();
  /** Events each consumer's handler was given (for metrics, once the pass has committed). */
  readonly counts = new Map<string, number>();

  add(consumer: string, rowId: number): void {
    this.pairs.add(pair(consumer, rowId));
  }

  has(consumer: string, rowId: number): boolean {
    return this.pairs.has(pair(consumer, rowId));
  }
}

/**
 * WORK-DELIVERY-7: this process's consumers that take their events in the relay's transaction.
 * Each runs once per relay pass on all of its events in the pass, in the relay's transaction: its
 * rows commit with the stamp that marks the events relayed, so no job is queued and nothing is
 * read or kept per delivery. A batch that fails fails the pass (its transaction rolls back, and
 * the relay tries again); the next pass gives those events the consumer's ordinary jobs (retries,
 * and the `failed` record when given up) instead. Its effect must be keyed by the event's id
 * (WORK-DELIVERY-5): the in-process queue can relay an event again after a crash.
 */
export class InRelayConsumers {
  private readonly byTopic = new Map<string, InRelay[]>();
  /** (consumer, row) pairs whose batch failed: the next pass sends them to jobs. */
  private readonly failed = new Set<string>();

  constructor(private readonly log: Logger) {}

  add(
    topic: WorkTopic,
    consumer: string,
    handler: RelayBatchHandler<WorkTopic>,
    when?: (payload: unknown) => boolean,
  ): void {
    this.byTopic.set(topic, [...(this.byTopic.get(topic) ?? []), { consumer, handler, when }]);
  }

  /** Whether any of `rows` has an in-relay consumer here. */
  wants(rows: OutboxEventRow[]): boolean {
    return this.byTopic.size > 0 && rows.some((r) => this.byTopic.has(r.topic));
  }

  /**
   * Runs every in-relay consumer on its events among `rows`; answers the (consumer, row) pairs
   * delivered. Those the `when` of their consumer refuses count as delivered.
   */
  async run(tx: Db, rows: OutboxEventRow[]): Promise<Delivered> {
    const done = new Delivered();
    for (const [topic, consumers] of this.byTopic) {
      const mine = rows.filter((r) => r.topic === topic);
      if (mine.length === 0) continue;
      for (const { consumer, handler, when } of consumers) {
        const taken = when ? mine.filter((r) => when(r.payload)) : mine;
        if (taken.some((r) => this.failed.has(pair(consumer, r.id)))) {
          // Failed in an earlier pass: this time they go to the consumer's jobs.
          for (const r of taken) this.failed.delete(pair(consumer, r.id));
          continue;
        }
        const events = taken.map((r) => ({
          payload: r.payload as WorkEvents[WorkTopic],
          meta: { eventId: r.eventId, topic: topic as WorkTopic, attempt: 1, at: r.createdAt },
        }));
        try {
          if (events.length) await handler(tx, events);
        } catch (err) {
          for (const r of taken) this.failed.add(pair(consumer, r.id));
          this.log.warn(
            { err, consumer, events: events.length },
            'work: an in-relay batch failed; the next pass gives its events to the consumer’s jobs',
          );
          throw err;
        }
        for (const r of mine) done.add(consumer, r.id);
        if (events.length) done.counts.set(consumer, events.length);
      }
    }
    return done;
  }
}
