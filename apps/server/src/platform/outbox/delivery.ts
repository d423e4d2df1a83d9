import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/index';
import type { WorkEvents, WorkTopic } from '../events';
import type { JobInfo, JobQueue } from '../jobs';
import { MAX_ORDER_WAITS, orderWaitMs, waitsForEarlier } from './order';
import { isOutage, MAX_OUTAGE_WAITS, outageWaitMs } from './recovery';
import { outboxDeliveries } from './schema';
import type { OutboxOptions, WorkHandler, WorkJob } from './types';

/*
 * One work delivery's bookkeeping (platform/outbox/outbox.ts): its idempotency record, and the
 * two ways a run is queued again without using up a run.
 */

interface Deps {
  db: Db;
  jobs: JobQueue;
  log: Logger;
}

/** What a consumer's deliveries need of the outbox. */
export interface DeliveryContext extends Deps {
  opts: Pick<OutboxOptions, 'onDelivery' | 'outagePauseMs'>;
  isClosed(): boolean;
  /** In-process queue only: this consumer is finished with the event (WORK-OUTBOX-5). */
  settle(eventId: string): void;
}

/**
 * One consumer's job handler and give-up hook (WORK-DELIVERY-1..6, WORK-ORDER-1): skips an event
 * its `when` refuses or it already finished, waits its turn, runs the handler, records the run.
 */
export function deliveryHandlers(
  ctx: DeliveryContext,
  consumer: string,
  handler: WorkHandler<WorkTopic>,
  opts: { when?: (payload: unknown) => boolean; keyedByEvent?: boolean },
) {
  const { when, keyedByEvent } = opts;
  const run = async (job: WorkJob, info: JobInfo): Promise<void> => {
    if (when && !when(job.payload)) return ctx.settle(job.eventId);
    try {
      if (!keyedByEvent && (await isDone(ctx.db, job.eventId, consumer))) {
        ctx.opts.onDelivery?.(consumer, 'skipped');
        return ctx.settle(job.eventId);
      }
      if (await waitForTurn(ctx, job)) return;
      await handler(job.payload as WorkEvents[WorkTopic], {
        eventId: job.eventId,
        topic: job.topic as WorkTopic,
        attempt: info.attempt,
        at: job.at ? new Date(job.at) : new Date(),
      });
      if (!keyedByEvent) await recordDelivery(ctx, job, 'done', info, null);
    } catch (err) {
      if (!ctx.isClosed() && (await afterOutage(ctx, job, err, ctx.opts.outagePauseMs))) return;
      throw err;
    }
    ctx.opts.onDelivery?.(consumer, 'done');
    ctx.settle(job.eventId);
  };
  const onGiveUp = async (job: WorkJob, err: unknown, info: JobInfo): Promise<void> => {
    try {
      await recordDelivery(ctx, job, 'failed', info, err);
      ctx.opts.onDelivery?.(consumer, 'failed');
    } finally {
      ctx.settle(job.eventId);
    }
  };
  return { run, onGiveUp };
}

/**
 * WORK-ORDER-1: while an earlier event of the same topic and key is unfinished for this
 * consumer, the delivery is queued again a little later (without using up a run) and answers
 * true. It does not hold a worker while it waits, so the earlier event can run.
 */
async function waitForTurn({ db, jobs, log }: Deps, job: WorkJob): Promise<boolean> {
  if (job.orderKey == null || job.seq == null) return false;
  const { topic, consumer, seq, orderKey } = job;
  if (!(await waitsForEarlier(db, { topic, consumer, seq, orderKey }))) return false;
  const waits = (job.waits ?? 0) + 1;
  if (waits > MAX_ORDER_WAITS) {
    log.warn({ eventId: job.eventId, consumer }, 'work: an earlier event never finished');
    return false;
  }
  await jobs.enqueue(
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
async function afterOutage(
  { jobs, log }: Deps,
  job: WorkJob,
  err: unknown,
  pauseMs: number | undefined,
): Promise<boolean> {
  const outages = (job.outages ?? 0) + 1;
  if (!isOutage(err) || outages > MAX_OUTAGE_WAITS) return false;
  try {
    await jobs.enqueue(
      `work.${job.consumer}`,
      { ...job, outages },
      {
        delayMs: outageWaitMs(outages, pauseMs),
        jobId: `${job.consumer}-${job.eventId}-o${outages}`,
      },
    );
  } catch {
    return false;
  }
  log.warn({ err, eventId: job.eventId, consumer: job.consumer, outages }, 'work: outage');
  return true;
}

/** WORK-DELIVERY-1: whether the consumer has finished the event. */
async function isDone(db: Db, eventId: string, consumer: string): Promise<boolean> {
  const [row] = await db
    .select({ status: outboxDeliveries.status })
    .from(outboxDeliveries)
    .where(and(eq(outboxDeliveries.eventId, eventId), eq(outboxDeliveries.consumer, consumer)));
  return row?.status === 'done';
}

/** WORK-DELIVERY-1, -2: records a delivery finished or given up. */
async function recordDelivery(
  { db, log }: Pick<Deps, 'db' | 'log'>,
  job: WorkJob,
  status: 'done' | 'failed',
  info: JobInfo,
  err: unknown,
): Promise<void> {
  const error = err === null ? null : String((err as Error)?.stack ?? err).slice(0, 4000);
  const values = { status, attempts: info.attempt, error, finishedAt: new Date() };
  await db
    .insert(outboxDeliveries)
    .values({ eventId: job.eventId, consumer: job.consumer, ...values })
    .onConflictDoUpdate({
      target: [outboxDeliveries.eventId, outboxDeliveries.consumer],
      set: values,
    });
  if (status === 'failed') {
    log.error(
      { err, eventId: job.eventId, consumer: job.consumer },
      'work delivery failed for good',
    );
  }
}
