import { describe, expect, expectTypeOf, it } from 'vitest';
import { MemoryBus, type BusTopic, type BusTopics } from './bus';
import type { LiveEvents, WorkTopic } from './events';

/**
 * BUS-TYPES-1: topics and payloads of the bus are one map (BusTopics): publishing a wrong payload,
 * to a topic nobody declared, or a work event (it goes through the outbox) does not compile
 * (checked by `npm run typecheck`; the `@ts-expect-error` lines fail it the day they compile).
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

  it('BUS-TYPES-1: work events do not compile on the bus; their live twins do (BUS-TWIN-1)', async () => {
    const bus = new MemoryBus();
    const banned = { uuid: 'u1', until: null, reason: '', by: 'm1' };
    // @ts-expect-error user.banned is work: it is written to the outbox with the ban
    await bus.publish('user.banned', banned);
    // @ts-expect-error nobody may listen for work on the bus either
    await bus.subscribe('room.songStarred', () => {});
    // @ts-expect-error user.created is work
    await bus.publish('user.created', { uuid: 'u1', nickname: 'n', isBot: false });
    const twins: string[] = [];
    await bus.subscribe('live.user.banned', (p) => {
      twins.push(p.uuid);
    });
    await bus.publish('live.user.banned', banned);
    await new Promise((r) => setTimeout(r, 0));
    expect(twins).toEqual(['u1']);
    // No work topic is a bus topic, and no live domain event is work.
    expectTypeOf<Extract<WorkTopic, BusTopic>>().toEqualTypeOf<never>();
    expectTypeOf<Extract<keyof LiveEvents, WorkTopic>>().toEqualTypeOf<never>();
    await bus.close();
  });
});
