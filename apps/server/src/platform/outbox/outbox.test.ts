import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MinimalSongDto } from '@tt/protocol';
import { createBus } from '../bus';
import { afterTest, created, log, outboxSetup, until } from './fixture.testing';
import { Outbox } from './outbox';
import { outboxDeliveries, outboxEvents } from './schema';

/**
 * Work delivery, on whichever queue this run has (in-process, or BullMQ when REDIS_URL is set).
 * The crash between commit and delivery is in crash.test.ts.
 */

describe('work delivery', () => {
  it('WORK-OUTBOX-1: an event committed with its change reaches the consumer; one rolled back never does', async () => {
    const { db, outbox } = await outboxSetup();
    const seen: string[] = [];
    outbox.consume('user.created', 'test.welcome', async (e) => void seen.push(e.nickname));
    outbox.start();
    await db
      .transaction(async (tx) => {
        await outbox.add(tx, 'user.created', created('rolled back'));
        throw new Error('the change failed');
      })
      .catch(() => {});
    await db.transaction(async (tx) => {
      await outbox.add(tx, 'user.created', created('committed'));
    });
    outbox.kick();
    await until(() => seen.length > 0, 'the committed event');
    await until(async () => (await outbox.backlog()) === 0, 'the event to be relayed');
    expect(seen).toEqual(['committed']);
    expect(await db.select().from(outboxEvents)).toHaveLength(1);
  });

  it('WORK-DELIVERY-4: a consumer runs only for the events it has work for; the others end with no record, and every event is still relayed', async () => {
    const { db, outbox } = await outboxSetup();
    const seen: string[] = [];
    outbox.consume('user.created', 'test.only-bots', async (e) => void seen.push(e.nickname), {
      when: (e) => e.isBot,
    });
    outbox.start();
    await db.transaction(async (tx) => {
      await outbox.add(tx, 'user.created', created('a person'));
      await outbox.add(tx, 'user.created', { ...created('a bot'), isBot: true });
      await outbox.add(tx, 'user.created', created('another person'));
    });
    outbox.kick();
    await until(() => seen.length > 0, 'the bot event');
    await until(
      async () => (await outbox.backlog()) === 0,
      'every event to be relayed (WORK-OUTBOX-5)',
    );
    expect(seen).toEqual(['a bot']);
    const records = await db.select().from(outboxDeliveries);
    expect(records.map((r) => r.status)).toEqual(['done']);
  });

  it('WORK-DELIVERY-5: a consumer keyed by the event id keeps no done record; a second relay of the event runs its keyed write again', async () => {
    const { db, outbox } = await outboxSetup();
    const seen: string[] = [];
    outbox.consume('user.created', 'test.keyed', async (e) => void seen.push(e.nickname), {
      keyedByEvent: true,
    });
    outbox.start();
    await db.transaction(async (tx) => {
      await outbox.add(tx, 'user.created', created('keyed'));
    });
    outbox.kick();
    // Relayed (stamped), handled and its job gone: with BullMQ the delivery runs apart from the
    // relay, the in-process queue may run it before the relay stamps the event, and a job still
    // finishing would absorb the second relay's job of the same id.
    // A keyed consumer may legitimately run more than once (that is the point of this rule), so
    // the count after the first relay settles is the baseline the second relay must add to.
    await until(
      async () =>
        seen.length >= 1 && (await outbox.backlog()) === 0 && (await outbox.pendingJobs()) === 0,
      'the first delivery, relayed and handled',
    );
    const first = seen.length;
    expect(new Set(seen)).toEqual(new Set(['keyed']));
    expect(await db.select().from(outboxDeliveries)).toHaveLength(0);
    await db.update(outboxEvents).set({ relayedAt: null });
    outbox.kick();
    await until(() => seen.length > first, 'the second delivery');
    expect(new Set(seen)).toEqual(new Set(['keyed']));
    expect(await db.select().from(outboxDeliveries)).toHaveLength(0);
  });

  it('WORK-DELIVERY-1: every consumer of a topic gets the event, with its id; a second relay of a finished event runs nothing again', async () => {
    const { db, outbox } = await outboxSetup();
    const a: string[] = [];
    const b: string[] = [];
    outbox.consume('user.created', 'test.a', async (_e, meta) => void a.push(meta.eventId));
    outbox.consume('user.created', 'test.b', async (_e, meta) => void b.push(meta.eventId));
    outbox.start();
    const id = await outbox.emit('user.created', created('twice'));
    await until(async () => {
      const rows = await db.select().from(outboxDeliveries);
      return rows.length === 2 && (await outbox.backlog()) === 0;
    }, 'both consumers');
    // A relay that died after enqueueing and before stamping the event hands it over again.
    await db.update(outboxEvents).set({ relayedAt: null }).where(eq(outboxEvents.eventId, id));
    outbox.kick();
    await until(async () => (await outbox.backlog()) === 0, 'the second relay');
    await new Promise((r) => setTimeout(r, 300));
    expect(a).toEqual([id]);
    expect(b).toEqual([id]);
    const rows = await db.select().from(outboxDeliveries);
    expect(rows.map((r) => [r.consumer, r.status]).sort()).toEqual([
      ['test.a', 'done'],
      ['test.b', 'done'],
    ]);
  });

  it('WORK-DELIVERY-2: a failing consumer is retried with back-off, and one that never succeeds is recorded as failed — no unhandled rejection', async () => {
    const { db, outbox } = await outboxSetup();
    const flaky: number[] = [];
    outbox.consume(
      'user.created',
      'test.flaky',
      async (_e, meta) => {
        flaky.push(Date.now());
        if (meta.attempt < 3) throw new Error(`attempt ${meta.attempt} fails`);
      },
      { attempts: 5, backoffMs: 50 },
    );
    outbox.consume(
      'user.created',
      'test.broken',
      async () => {
        throw new Error('always broken');
      },
      { attempts: 2, backoffMs: 10 },
    );
    outbox.start();
    const id = await outbox.emit('user.created', created('flaky'));
    await until(async () => (await db.select().from(outboxDeliveries)).length === 2, 'both');
    const rows = await db.select().from(outboxDeliveries);
    const byConsumer = Object.fromEntries(rows.map((r) => [r.consumer, r]));
    expect(byConsumer['test.flaky']).toMatchObject({ eventId: id, status: 'done', attempts: 3 });
    expect(byConsumer['test.broken']).toMatchObject({ eventId: id, status: 'failed', attempts: 2 });
    expect(byConsumer['test.broken'].error).toContain('always broken');
    // Back-off: the second retry waited longer than the first (50 ms, then 100 ms).
    expect(flaky[1] - flaky[0]).toBeGreaterThanOrEqual(45);
    expect(flaky[2] - flaky[1]).toBeGreaterThanOrEqual(95);
    // Every consumer finished with it (one way or the other): the event counts as relayed.
    await until(async () => (await outbox.backlog()) === 0, 'the event to be relayed');
  });

  it('WORK-ORDER-1: events of one key reach a consumer in the order written, even when the first is retried; other keys do not wait', async () => {
    const { db, outbox } = await outboxSetup();
    const seen: string[] = [];
    const times: Date[] = [];
    let failed = false;
    outbox.consume(
      'room.songStarred',
      'test.stars',
      async (e, meta) => {
        const tag = `${e.userUuid}:${e.song.trackName}`;
        if (tag === 'ana:one' && !failed) {
          failed = true;
          throw new Error('the first star fails once');
        }
        seen.push(tag);
        times.push(meta.at);
      },
      { backoffMs: 300, concurrency: 4 },
    );
    outbox.start();
    const before = Date.now();
    const star = (userUuid: string, trackName: string) => ({
      roomUuid: crypto.randomUUID(),
      userUuid,
      song: { trackName } as MinimalSongDto,
      starred: true,
    });
    for (const [user, track] of [
      ['ana', 'one'],
      ['ana', 'two'],
      ['ben', 'one'],
      ['ana', 'three'],
    ]) {
      await outbox.emit('room.songStarred', star(user!, track!));
    }
    await until(() => seen.length === 4, 'all four stars');
    expect(seen.filter((t) => t.startsWith('ana'))).toEqual(['ana:one', 'ana:two', 'ana:three']);
    // Ben's star did not wait for Ana's retry.
    expect(seen.indexOf('ben:one')).toBeLessThan(seen.indexOf('ana:one'));
    // meta.at is when the change was written.
    for (const at of times) expect(Math.abs(at.getTime() - before)).toBeLessThan(10_000);
    // A delivery is recorded just after its handler returns.
    await until(async () => (await db.select().from(outboxDeliveries)).length === 4, 'records');
    const rows = await db.select().from(outboxDeliveries);
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done']);
    await until(async () => (await outbox.backlog()) === 0, 'every star relayed');
  });

  it('WORK-DELIVERY-3: a process with OUTBOX_RELAY off only writes; the events wait for a relaying process', async () => {
    const { db, jobs } = await outboxSetup();
    const quiet = new Outbox(db, jobs, log, { relay: false, pollMs: 100 });
    const seen: string[] = [];
    quiet.consume('user.created', 'test.quiet', async (e) => void seen.push(e.nickname));
    quiet.start();
    await quiet.emit('user.created', created('waiting'));
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([]);
    expect(await quiet.backlog()).toBe(1);
    await quiet.close();
  });

  it('BUS-ERRORS-1: a broadcast handler that throws or rejects is reported, not left unhandled', async () => {
    const errors: string[] = [];
    const bus = createBus(
      process.env.REDIS_URL,
      `tt-test-${randomBytes(4).toString('hex')}:`,
      (err, topic) => errors.push(`${topic}: ${(err as Error).message}`),
    );
    afterTest(() => bus.close());
    await bus.subscribe('room.reset', () => {
      throw new Error('thrown');
    });
    await bus.subscribe('room.reset', async () => {
      throw new Error('rejected');
    });
    await bus.publish('room.reset', { roomUuid: crypto.randomUUID() });
    await until(() => errors.length === 2, 'both errors');
    expect(errors.sort()).toEqual(['room.reset: rejected', 'room.reset: thrown']);
  });
});
