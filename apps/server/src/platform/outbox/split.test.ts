import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { chatTokenEndpoints, moderationEndpoints } from '@tt/protocol';
import { freshDatabase, startTestServer, type TestServer } from '../../../test/harness';
import { v3 } from '../../services/chat/testing';
import type { Db } from '../db/index';
import { createJobQueue } from '../jobs';
import { deliveredBy, metric } from './crash.testing';
import { Outbox } from './outbox';
import { outboxConsumers, outboxDeliveries, outboxEvents } from './schema';

/**
 * WORK-OUTBOX-4: processes that run different services (SERVICES) on one database and one Redis
 * deliver every work event to every consumer, wherever it is defined. Needs REDIS_URL: with the
 * in-process queue one process holds every consumer.
 */
const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) {
  console.log('split.test.ts skipped: consumers in other processes need BullMQ (REDIS_URL)');
}

const log = pino({ level: 'silent' });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const recorded = async (db: Db) =>
  (await db.select().from(outboxConsumers)).map((r) => r.consumer).sort();

describe.skipIf(!REDIS_URL)('WORK-OUTBOX-4: consumers defined in other processes', () => {
  it('a ban relayed by the user,room process revokes the chat token once, in the chat process', async () => {
    // The process of the user and room services relays; the chat's process only consumes.
    const users = await startTestServer({ SERVICES: 'user,room', OUTBOX_POLL_MS: '100' });
    cleanups.push(() => users.close());
    const chat = await startTestServer(
      { SERVICES: 'chat', OUTBOX_RELAY: 'false' },
      { share: users },
    );
    cleanups.push(() => chat.close());
    const db = users.app.platform.db;
    await until(async () => (await recorded(db)).includes('chat.tokens-banned'), 'the registry');
    // The relay's copy of the registry is at most a poll old.
    await new Promise((r) => setTimeout(r, 300));

    const mod = await users.createUser({ roles: ['user', 'globalModerator'] });
    const bad = await users.createUser();
    const { authToken } = await users.as(bad.token).call(chatTokenEndpoints.userToken, {});
    const conversations = () =>
      v3({ url: chat.url } as TestServer, 'GET', '/conversations', { token: authToken });
    expect((await conversations()).status).toBe(200);

    await users
      .as(mod.token)
      .call(moderationEndpoints.ban, { body: { userUuid: bad.uuid, reason: 'spam' } });
    const [ban] = (
      await db.select().from(outboxEvents).where(eq(outboxEvents.topic, 'user.banned'))
    ).filter((e) => (e.payload as { uuid: string }).uuid === bad.uuid);
    expect(ban).toBeDefined();
    const runs = () =>
      db.select().from(outboxDeliveries).where(eq(outboxDeliveries.eventId, ban!.eventId));
    await until(async () => (await runs()).length > 0, 'the revocation');

    // Relayed by the first process, run by the second, once.
    expect((await runs()).map((r) => [r.consumer, r.status, r.attempts])).toEqual([
      ['chat.tokens-banned', 'done', 1],
    ]);
    expect((await conversations()).status).toBe(401);
    await until(async () => (await users.app.platform.outbox.backlog()) === 0, 'the relay');
    await new Promise((r) => setTimeout(r, 500));
    expect(await metric(chat.url, deliveredBy('chat.tokens-banned'))).toBe(1);
    expect(await metric(users.url, deliveredBy('chat.tokens-banned'))).toBe(0);
    expect(await runs()).toHaveLength(1);
  }, 120_000);

  it('the jobs of a consumer whose process is gone wait in Redis for the next one; a consumer not recorded for a week leaves the registry', async () => {
    const { database, drop } = await freshDatabase();
    const db = database.db;
    const prefix = `tt-test-${randomBytes(4).toString('hex')}:jobs`;
    cleanups.push(async () => {
      await database.close();
      await drop();
    });
    /** One "process": its own job queue on the shared Redis, and its outbox. */
    const proc = (relay: boolean, consumer: string, seen: string[]) => {
      const jobs = createJobQueue(REDIS_URL, prefix, log);
      const outbox = new Outbox(db, jobs, log, { relay, pollMs: 50 });
      outbox.consume('user.created', consumer, async (e) => void seen.push(e.nickname));
      outbox.start();
      const close = async () => {
        await outbox.close();
        await jobs.close();
      };
      cleanups.push(close);
      return { jobs, outbox, close };
    };
    const created = (nickname: string) => ({
      uuid: crypto.randomUUID(),
      nickname,
      isBot: false,
    });

    const here: string[] = [];
    const there: string[] = [];
    const elsewhere = proc(false, 'test.there', there);
    await until(async () => (await recorded(db)).includes('test.there'), 'the registry');
    const relay = proc(true, 'test.here', here);
    await relay.outbox.emit('user.created', created('one'));
    await until(() => here.length === 1 && there.length === 1, 'both consumers');
    expect([here, there]).toEqual([['one'], ['one']]);

    // The other process stops: its consumer's job waits, and the relay does not.
    await elsewhere.close();
    await relay.outbox.emit('user.created', created('two'));
    await until(() => here.length === 2, 'the consumer here');
    await until(async () => (await relay.outbox.backlog()) === 0, 'the relay');
    await until(async () => (await relay.jobs.pending('work.test.there')) === 1, 'a waiting job');
    expect(there).toEqual(['one']);
    const again = proc(false, 'test.there', there);
    await until(() => there.length === 2, 'the next process');
    expect(there).toEqual(['one', 'two']);
    await again.close();

    // Nobody has recorded the consumer for eight days: the next relay's clean-up drops it, and
    // events no longer queue jobs for it.
    await db
      .update(outboxConsumers)
      .set({ lastSeenAt: sql`now() - interval '8 days'` })
      .where(eq(outboxConsumers.consumer, 'test.there'));
    proc(true, 'test.cleaner', []);
    await until(async () => !(await recorded(db)).includes('test.there'), 'the clean-up');
    await new Promise((r) => setTimeout(r, 200));
    await relay.outbox.emit('user.created', created('three'));
    await until(() => here.length === 3, 'the consumer here');
    await until(async () => (await relay.outbox.backlog()) === 0, 'the relay');
    expect(await relay.jobs.pending('work.test.there')).toBe(0);
    expect(there).toEqual(['one', 'two']);
  }, 120_000);
});
