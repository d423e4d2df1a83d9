import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createBus, type EventBus } from './bus';

/** The bus of this run: Redis pub/sub when REDIS_URL is set, the in-process bus otherwise. */
const buses: EventBus[] = [];
const bus = () => {
  const b = createBus(process.env.REDIS_URL, `tt-test-${randomBytes(4).toString('hex')}:`);
  buses.push(b);
  return b;
};
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});

describe('BUS-LOCAL-1: a publish resolves once this process has been given the event', () => {
  it('every handler here saw each event when its publish resolved, in order', async () => {
    const b = bus();
    const seen: string[] = [];
    const also: string[] = [];
    await b.subscribe('room.reset', ({ roomUuid }) => void seen.push(roomUuid));
    await b.subscribe('room.reset', ({ roomUuid }) => void also.push(roomUuid));
    for (const id of ['a', 'b', 'c']) {
      await b.publish('room.reset', { roomUuid: id });
      expect(seen.at(-1)).toBe(id);
      expect(also.at(-1)).toBe(id);
    }
    // The same event published twice at once: both publishes resolve, both deliveries happen.
    await Promise.all([
      b.publish('room.reset', { roomUuid: 'twice' }),
      b.publish('room.reset', { roomUuid: 'twice' }),
    ]);
    expect(seen).toEqual(['a', 'b', 'c', 'twice', 'twice']);
  });

  it.skipIf(!process.env.REDIS_URL)(
    'on Redis, the publish waits for its own echo even when the subscriber connection lags (runs only when REDIS_URL is set)',
    async () => {
      const b = bus();
      const seen: string[] = [];
      await b.subscribe('room.reset', ({ roomUuid }) => void seen.push(roomUuid));
      // Hold this process's subscriber connection back, as a loaded machine can.
      const stream = (b as unknown as { sub: { stream: NodeJS.ReadableStream } }).sub.stream;
      stream.pause();
      let resolved = false;
      const published = b.publish('room.reset', { roomUuid: 'late' }).then(() => {
        resolved = true;
        return [...seen];
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(resolved).toBe(false);
      stream.resume();
      expect(await published).toEqual(['late']);
    },
  );

  it('a topic nobody here follows is published without waiting; another bus receives it', async () => {
    const a = bus();
    const other = bus();
    // Two buses with their own prefixes do not share events: this one only publishes.
    await a.publish('room.reset', { roomUuid: 'nobody' });
    const got: string[] = [];
    await other.subscribe('room.reset', ({ roomUuid }) => void got.push(roomUuid));
    await other.publish('room.reset', { roomUuid: 'self' });
    expect(got).toEqual(['self']);
  });

  it('closing the bus lets a publish still waiting end', async () => {
    const b = bus();
    await b.subscribe('room.reset', () => undefined);
    const pending = b.publish('room.reset', { roomUuid: 'closing' }).catch(() => 'refused');
    await b.close();
    buses.splice(buses.indexOf(b), 1);
    // Either delivered before the close (undefined) or cut by it (refused): it does not hang.
    expect([undefined, 'refused']).toContain(await pending);
  });
});
