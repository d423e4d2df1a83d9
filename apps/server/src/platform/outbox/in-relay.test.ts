import { describe, expect, it } from 'vitest';
import { created, outboxSetup as freshOutbox, until } from './fixture.testing';
import { outboxDeliveries, outboxEvents } from './schema';
import type { OutboxOptions } from './types';

/**
 * An outbox whose queue already holds its mark. On a new BullMQ prefix the first relay tick
 * takes the queue for one that lost its jobs (WORK-OUTBOX-6) and relays the last minutes' events
 * again; when that check ran after a test's first commit, the in-relay handler (which keeps no
 * record, being keyed by the event) saw the batch twice (CI, PostgreSQL + Redis).
 */
async function outboxSetup(opts: Partial<OutboxOptions> = {}) {
  const setup = await freshOutbox(opts);
  await setup.jobs.lostSinceMarked?.();
  return setup;
}

/**
 * WORK-DELIVERY-7 (a consumer that takes its events in the relay's transaction) and WORK-OUTBOX-7
 * (the commits made while a kick waits share one relay pass), on whichever queue this run has.
 */
describe('work delivery inside the relay', () => {
  it('WORK-DELIVERY-7: the events reach the in-relay handler in the relay pass, no job runs, and a later pass does not repeat them', async () => {
    const { db, outbox } = await outboxSetup();
    const batches: string[][] = [];
    const jobRuns: string[] = [];
    outbox.consume('user.created', 'test.in-relay', async (e) => void jobRuns.push(e.nickname), {
      keyedByEvent: true,
      inRelay: async (_tx, events) => void batches.push(events.map((e) => e.payload.nickname)),
    });
    outbox.start();
    await db.transaction(async (tx) => {
      for (const n of ['ann', 'bo', 'cy']) await outbox.add(tx, 'user.created', created(n));
    });
    outbox.kick();
    await until(async () => (await outbox.backlog()) === 0, 'the events relayed');
    expect(batches).toEqual([['ann', 'bo', 'cy']]);
    await outbox.emit('user.created', created('dee'));
    await until(async () => (await outbox.backlog()) === 0, 'the fourth event relayed');
    expect(batches).toEqual([['ann', 'bo', 'cy'], ['dee']]);
    expect(jobRuns).toEqual([]);
    // Nothing is read or kept per delivery.
    expect(await db.select().from(outboxDeliveries)).toEqual([]);
  });

  it('WORK-DELIVERY-7: a batch that fails writes nothing, and the next pass gives its events to the consumer’s jobs', async () => {
    const { db, outbox } = await outboxSetup();
    const jobRuns: string[] = [];
    let tries = 0;
    outbox.consume(
      'user.created',
      'test.in-relay-fails',
      async (e) => void jobRuns.push(e.nickname),
      {
        keyedByEvent: true,
        inRelay: async (tx) => {
          tries++;
          // A write made before the failure is rolled back with the relay's pass.
          await tx
            .insert(outboxEvents)
            .values({ eventId: crypto.randomUUID(), topic: 'x', payload: {} });
          throw new Error('the batch failed');
        },
      },
    );
    outbox.start();
    await outbox.emit('user.created', created('eve'));
    await outbox.emit('user.created', created('fay'));
    await until(() => jobRuns.length === 2, 'both events through the jobs');
    await until(async () => (await outbox.backlog()) === 0, 'the events relayed');
    expect(jobRuns.sort()).toEqual(['eve', 'fay']);
    expect(tries).toBeGreaterThan(0);
    const topics = (await db.select().from(outboxEvents)).map((r) => r.topic);
    expect(topics).toEqual(['user.created', 'user.created']);
  });

  it('WORK-DELIVERY-7: an in-relay consumer must be keyed by the event', async () => {
    const { outbox } = await outboxSetup();
    expect(() =>
      outbox.consume('user.created', 'test.not-keyed', async () => {}, {
        inRelay: async () => {},
      }),
    ).toThrow(/keyedByEvent/);
  });

  it('WORK-OUTBOX-7: the commits made while a kick waits are relayed in one pass', async () => {
    // The first kick relays after 2 s; the three commits take far less, even on a loaded machine.
    const { db, outbox } = await outboxSetup({ relayDelayMs: 2000, pollMs: 600_000 });
    const batches: number[] = [];
    outbox.consume('user.created', 'test.shared-pass', async () => {}, {
      keyedByEvent: true,
      inRelay: async (_tx, events) => void batches.push(events.length),
    });
    outbox.start();
    // The pass at start-up finds nothing; it must not take the first commit on its own.
    await outbox.whenIdle();
    for (const n of ['gus', 'hal', 'ivy']) {
      await db.transaction((tx) => outbox.add(tx, 'user.created', created(n)));
      outbox.kick();
    }
    await until(async () => (await outbox.backlog()) === 0, 'the events relayed');
    expect(batches).toEqual([3]);
  });
});
