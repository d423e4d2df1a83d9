import { lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/index';
import { outboxConsumers } from './schema';

/** A consumer as the registry knows it: its name, topic and retry policy. */
export interface RegisteredConsumer {
  topic: string;
  consumer: string;
  attempts: number;
  backoffMs: number;
}

export interface RegistryOptions {
  /** The relay re-reads the registry when its copy is older than this (the relay's poll). */
  refreshMs: number;
  /** How often a process records its consumers again (default an hour). */
  heartbeatMs?: number;
  /** A consumer no process has recorded for this long is dropped (default 7 days). */
  forgetMs?: number;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * WORK-OUTBOX-4: the work consumers of the whole deployment, in `outbox_consumers`. Every process
 * records the consumers it defines when it starts and every hour after (relaying or not); a relay
 * on the durable queue reads them all, so an event reaches a consumer defined only in another
 * process. A consumer no process has recorded for a week (removed from the code, or its service
 * no longer deployed) is dropped; until then its jobs wait in Redis for a process that defines it.
 */
export class ConsumerRegistry {
  private copy: Map<string, RegisteredConsumer[]> | null = null;
  private readAt = 0;
  private recordedAt = 0;
  private recording: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly opts: RegistryOptions,
  ) {}

  /**
   * Records this process's consumers (last seen now) when due: the first time, then every
   * `heartbeatMs`. One that fails is logged and tried again at the next call.
   */
  record(own: RegisteredConsumer[]): Promise<void> {
    if (this.recording) return this.recording;
    const due = Date.now() - this.recordedAt >= (this.opts.heartbeatMs ?? HOUR);
    if (own.length === 0 || !due) return Promise.resolve();
    this.recording = this.upsert(own)
      .then(
        () => {
          this.recordedAt = Date.now();
          this.copy = null;
        },
        (err: unknown) =>
          this.log.warn({ err }, 'outbox: could not record this process’s consumers'),
      )
      .finally(() => (this.recording = null));
    return this.recording;
  }

  private async upsert(own: RegisteredConsumer[]): Promise<void> {
    await this.db
      .insert(outboxConsumers)
      .values(own.map((c) => ({ ...c, lastSeenAt: sql`now()` })))
      .onConflictDoUpdate({
        target: [outboxConsumers.topic, outboxConsumers.consumer],
        set: {
          attempts: sql`excluded.attempts`,
          backoffMs: sql`excluded.backoff_ms`,
          lastSeenAt: sql`now()`,
        },
      });
  }

  /**
   * Every recorded consumer, by topic: the copy read at most `refreshMs` ago. A read that fails
   * throws, so the relay does not stamp events relayed having enqueued them for only some
   * consumers.
   */
  async byTopic(): Promise<Map<string, RegisteredConsumer[]>> {
    if (this.copy && Date.now() - this.readAt < this.opts.refreshMs) return this.copy;
    const rows = await this.db
      .select({
        topic: outboxConsumers.topic,
        consumer: outboxConsumers.consumer,
        attempts: outboxConsumers.attempts,
        backoffMs: outboxConsumers.backoffMs,
      })
      .from(outboxConsumers);
    const copy = new Map<string, RegisteredConsumer[]>();
    for (const row of rows) copy.set(row.topic, [...(copy.get(row.topic) ?? []), row]);
    this.copy = copy;
    this.readAt = Date.now();
    return copy;
  }

  /** Drops the consumers no process has recorded for `forgetMs`. */
  async forget(): Promise<void> {
    const before = new Date(Date.now() - (this.opts.forgetMs ?? 7 * DAY));
    await this.db.delete(outboxConsumers).where(lt(outboxConsumers.lastSeenAt, before));
  }

  /** Waits for a recording under way (closing). */
  async settled(): Promise<void> {
    await this.recording;
  }
}
