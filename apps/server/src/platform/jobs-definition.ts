import type { Logger } from 'pino';
import type { JobHandler, JobInfo, JobOptions } from './jobs';

/** A job name's handler and retry policy, checked once when it is defined (both queues). */
export interface Definition {
  handler: JobHandler<unknown>;
  concurrency: number;
  attempts: number;
  backoffMs: number;
  onGiveUp?: JobOptions['onGiveUp'];
}

export function definition(handler: JobHandler<unknown>, opts: JobOptions): Definition {
  const concurrency = opts.concurrency ?? 1;
  const attempts = opts.attempts ?? 1;
  const backoffMs = opts.backoffMs ?? 1000;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be ≥ 1');
  if (!Number.isInteger(attempts) || attempts < 1) throw new Error('attempts must be ≥ 1');
  if (!(backoffMs >= 0)) throw new Error('backoffMs must be ≥ 0');
  return { handler, concurrency, attempts, backoffMs, onGiveUp: opts.onGiveUp };
}

/** Runs the definition's onGiveUp for a job given up for good; its failure is only logged. */
export async function giveUp(
  def: Definition,
  log: Logger,
  data: unknown,
  err: unknown,
  job: JobInfo,
) {
  log.error({ err, job: job.id, attempts: job.attempt }, 'job failed; giving up');
  if (!def.onGiveUp) return;
  try {
    await def.onGiveUp(data, err, job);
  } catch (hookErr) {
    log.error({ err: hookErr, job: job.id }, 'job given up: its onGiveUp failed');
  }
}

export function checkJobId(jobId: string | undefined): void {
  if (jobId === undefined) return;
  if (jobId.length === 0 || /^\d+$/.test(jobId) || jobId.includes(':')) {
    throw new Error(`invalid job id "${jobId}": not empty, not all digits, no ":"`);
  }
}

/** Wait before retry number `retry` (1-based). */
export const backoff = (def: Definition, retry: number) => def.backoffMs * 2 ** (retry - 1);
