import { describe, expect, it } from 'vitest';
import { MemoryBus, type BusTopics } from './bus';

/**
 * BUS-TYPES-1: topics and payloads of the bus are one map (BusTopics): publishing a wrong payload,
 * or to a topic nobody declared, does not compile (checked by `npm run typecheck`; the
 * `@ts-expect-error` lines fail it the day they compile).
 */
describe('typed bus', () => {
  it('BUS-TYPES-1: a declared topic carries its payload', async () => {
    const bus = new MemoryBus();
    const got: BusTopics['room.reset'][] = [];
    await bus.subscribe('room.reset', (p) => {
      got.push(p);
    });
    await bus.publish('room.reset', { roomUuid: 'r1' });
    // @ts-expect-error a room.reset needs roomUuid
    await bus.publish('room.reset', { room: 'r1' });
    // @ts-expect-error nobody declared this topic
    await bus.publish('room.nothing', { roomUuid: 'r1' });
    await new Promise((r) => setTimeout(r, 0));
    expect(got[0]).toEqual({ roomUuid: 'r1' });
    await bus.close();
  });
});
