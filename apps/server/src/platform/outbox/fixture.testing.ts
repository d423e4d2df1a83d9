import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterEach } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import { createJobQueue } from '../jobs';
import { Outbox } from './outbox';
import type { OutboxOptions } from './types';

/**
 * Tests of work delivery: an outbox on a fresh database and whichever queue this run has
 * (in-process, or BullMQ when REDIS_URL is set), closed after each test.
 */
export const log = pino({ level: 'silent' });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Runs `fn` after the current test. */
export const afterTest = (fn: () => Promise<void>) => void cleanups.push(fn);

export async function outboxSetup(opts: Partial<OutboxOptions> = {}) {
  const { database, drop } = await freshDatabase();
  const prefix = `tt-test-${randomBytes(4).toString('hex')}:jobs`;
  const jobs = createJobQueue(process.env.REDIS_URL, prefix, log);
  const outbox = new Outbox(database.db, jobs, log, { relay: true, pollMs: 100, ...opts });
  cleanups.push(async () => {
    await outbox.close();
    await jobs.close();
    await database.close();
    await drop();
  });
  return { db: database.db, jobs, outbox, prefix };
}

/** Waits (generously, for a loaded machine) until `check` holds. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 60_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A `user.created` payload. */
export const created = (nickname: string) => ({
  uuid: crypto.randomUUID(),
  nickname,
  isBot: false,
});
