import { and, gt, isNotNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/index';
import type { JobQueue } from '../jobs';
import { outboxEvents } from './schema';

/*
 * How work survives its stores going away (docs/ARCHITECTURE.md): a database or queue that cannot
 * be reached for a while (WORK-DELIVERY-6), and a queue that comes back empty (WORK-OUTBOX-6).
 */

/** PostgreSQL's codes for "the server is going away or not there yet", and connection failures. */
const OUTAGE_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
const OUTAGE_MESSAGES = [
  /connection terminated/i,
  /connection is closed/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
];

/**
 * WORK-DELIVERY-6: the error says a store could not be reached (refused, reset, cut, shutting
 * down) rather than that the work is wrong. Wrapped errors (a query error's `cause`) are followed.
 */
export function isOutage(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && OUTAGE_CODES.has(code)) return true;
    if (typeof message === 'string' && OUTAGE_MESSAGES.some((m) => m.test(message))) return true;
    e = cause;
  }
  return false;
}

/** WORK-DELIVERY-6: the pause before the nth try after an outage: 1 s, doubling to 30 s. */
export const outageWaitMs = (n: number, firstMs = 1000) =>
  Math.min(firstMs * 2 ** (n - 1), 30 * firstMs);

/** WORK-DELIVERY-6: tries after outages before the run counts as an ordinary failure (≈ 1 hour). */
export const MAX_OUTAGE_WAITS = 125;

/** WORK-OUTBOX-6: how far back events are relayed again after the queue lost its jobs. */
export const QUEUE_LOSS_REPLAY_MS = 15 * 60 * 1000;

/**
 * WORK-OUTBOX-6: the events relayed in the last `windowMs` are stamped unrelayed, so the relay
 * hands them to the (emptied) queue again; consumers that finished them skip them. Answers how
 * many.
 */
export async function replayRecent(db: Db, windowMs: number): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const rows = await db
    .update(outboxEvents)
    .set({ relayedAt: sql`null` })
    .where(and(isNotNull(outboxEvents.relayedAt), gt(outboxEvents.relayedAt, since)))
    .returning({ id: outboxEvents.id });
  return rows.length;
}

/**
 * WORK-OUTBOX-6: when the durable queue lost its jobs, the events relayed in the last `replayMs`
 * are made unrelayed again; answers whether it found a loss. A failure to ask is logged (the
 * next poll asks again).
 */
export async function replayIfQueueLost(
  { db, jobs, log }: { db: Db; jobs: JobQueue; log: Logger },
  replayMs = QUEUE_LOSS_REPLAY_MS,
): Promise<boolean> {
  try {
    if (!(await jobs.lostSinceMarked?.())) return false;
    const n = await replayRecent(db, replayMs);
    if (n > 0) log.warn({ events: n }, 'outbox: the job queue lost its jobs; relaying again');
    return true;
  } catch (err) {
    log.warn({ err }, 'outbox: could not check the job queue for a loss');
    return false;
  }
}
