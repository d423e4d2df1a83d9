import { describe, expect, it } from 'vitest';
import { MemoryCounters } from '../../platform/counters';
import { ChatFlood } from './flood';

/** CHAT-FLOOD-1 across processes: two ChatFlood on one shared count stand for two processes. */
describe('chat flood limit across processes', () => {
  const refused = (p: Promise<void>) =>
    p.then(
      () => false,
      (err: { code?: string }) => err.code === 'CHAT_RATE_LIMITED',
    );

  it('CHAT-FLOOD-1: once the writes are shared, a process refuses a user whose total reached the minute’s cap, though its own bucket has room', async () => {
    const counters = new MemoryCounters();
    // Burst 3, then one a minute: at most ceil(3 + 60 × 1/60) = 4 writes a minute in all.
    const rule = { burst: 3, perSecond: 1 / 60 };
    const a = new ChatFlood(rule, counters);
    const b = new ChatFlood(rule, counters);
    for (let i = 0; i < 3; i++) await a.take('ana');
    expect(await refused(a.take('ana'))).toBe(true); // a's bucket is empty
    await a.share();
    expect(await counters.get('chat-writes:ana')).toBe(3);
    await b.take('ana'); // the fourth of the minute: b has not heard of a's three yet
    await b.share();
    expect(await counters.get('chat-writes:ana')).toBe(4);
    expect(await refused(b.take('ana'))).toBe(true); // b's bucket has two left, the cap is met
    expect(await refused(b.take('ben'))).toBe(false); // others are not touched
  });

  it('CHAT-FLOOD-1: writes the store could not take are added the next time', async () => {
    const counters = new MemoryCounters();
    let down = true;
    const flaky = Object.assign(Object.create(counters) as MemoryCounters, {
      addMany: (entries: { key: string; by: number }[], w: number) =>
        down ? Promise.reject(new Error('store down')) : counters.addMany(entries, w),
    });
    const a = new ChatFlood({ burst: 5, perSecond: 1 }, flaky);
    await a.take('cy');
    await a.take('cy');
    await a.share();
    expect(await counters.get('chat-writes:cy')).toBe(0);
    down = false;
    await a.take('cy');
    await a.share();
    expect(await counters.get('chat-writes:cy')).toBe(3);
  });
});
