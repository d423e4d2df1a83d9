/*
 * The vocabulary of work delivery (platform/outbox/outbox.ts): what a job carries, what a
 * consumer is told, and the options of consumers and of the outbox.
 */
import type { WorkEvents, WorkTopic } from '../events';
import type { RelayBatchHandler } from './in-relay';

/** What a work job carries: one event for one consumer. */
export interface WorkJob {
  eventId: string;
  topic: string;
  consumer: string;
  payload: unknown;
  /** The event's row id (WORK-ORDER-1; absent in jobs queued by older releases). */
  seq?: number;
  /** WORK-ORDER-1: the event's order key, when its topic is ordered. */
  orderKey?: string | null;
  /** When the change was written (the row's created_at, the database's clock). */
  at?: string;
  /** WORK-ORDER-1: how many times this delivery waited for an earlier event of its key. */
  waits?: number;
  /** WORK-DELIVERY-6: how many times this delivery was queued again after an outage. */
  outages?: number;
}

declare module '../jobs' {
  interface JobTypes {
    /** WORK-DELIVERY-1: one job name per consumer, so each consumer retries on its own. */
    [name: `work.${string}`]: WorkJob;
  }
}

export interface WorkMeta {
  /** The idempotency key: the same for every delivery of this event, to every consumer. */
  eventId: string;
  topic: WorkTopic;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /**
   * When the change was written, by the database's clock (the time of its transaction): effects
   * that must not reach what came after the change (tokens issued later) are cut there.
   */
  at: Date;
}

export type WorkHandler<K extends WorkTopic> = (
  payload: WorkEvents[K],
  meta: WorkMeta,
) => Promise<void>;

export interface ConsumerOptions<K extends WorkTopic = WorkTopic> {
  /** Runs in all before the delivery is recorded as failed (default 5). */
  attempts?: number;
  /** Wait before the first retry, doubled for each further one (default 1000 ms). */
  backoffMs?: number;
  /** Deliveries of this consumer running at once in one process (default 4). */
  concurrency?: number;
  /**
   * WORK-DELIVERY-4: the events this consumer has work for. A delivery of any other event ends
   * at once, with no idempotency read or record (nothing was done, so nothing can be done twice).
   * It must depend on the payload alone.
   */
  when?: (payload: WorkEvents[K]) => boolean;
  /**
   * WORK-DELIVERY-5: the consumer's effect is itself keyed by the event's id (a unique column
   * written with "on conflict do nothing"), so no `done` record is read or kept for it: a second
   * delivery repeats a write that changes nothing. A delivery given up is still recorded.
   */
  keyedByEvent?: boolean;
  /**
   * WORK-DELIVERY-7: the consumer also takes its events inside the relay's transaction, a batch
   * at a time, with no job (on a relay of a process that defines it). Needs `keyedByEvent`. The
   * handler given to `consume` still runs the events whose batch failed, and those relayed by a
   * process that does not define the consumer.
   */
  inRelay?: RelayBatchHandler<K>;
}

export interface OutboxOptions {
  /** Whether this process relays (OUTBOX_RELAY). */
  relay: boolean;
  /** How often to look for events nobody kicked the relay for (OUTBOX_POLL_MS). */
  pollMs: number;
  /**
   * WORK-OUTBOX-7: a kick relays after this long (OUTBOX_RELAY_DELAY_MS), so the events of the
   * commits in between share one relay pass (default 0: at once).
   */
  relayDelayMs?: number;
  /** Relayed events are deleted after this long (default 7 days). */
  keepMs?: number;
  /**
   * WORK-OUTBOX-4: a consumer no process has recorded for this long leaves the registry
   * (default 7 days).
   */
  forgetConsumersMs?: number;
  /** WORK-DELIVERY-6: the first pause after an outage, doubled up to 30 times it (default 1 s). */
  outagePauseMs?: number;
  /** WORK-OUTBOX-6: how far back events are relayed again after a queue loss (default 15 min). */
  queueLossReplayMs?: number;
  /** Told of every finished delivery (metrics); `count` of them at once from an in-relay batch. */
  onDelivery?: (consumer: string, outcome: 'done' | 'failed' | 'skipped', count?: number) => void;
}
