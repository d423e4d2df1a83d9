import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestServer } from '../../test/harness';
import { createRoom, RoomClient, song, startRealtimeServer } from './test-kit';

/**
 * docs/ROOM-RULES.md ROOM-SAVE-1: the save interval is timed on the monotonic clock, and shutdown
 * does not wait out an interval. Both were found when a test that moves only Date forward (the AFK
 * rule's) restored it: the next write waited the half hour the clock went back, and so did close.
 */
const MIN = 60_000;
const servers: TestServer[] = [];
const clients: RoomClient[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const c of clients.splice(0)) c.disconnect();
  for (const s of servers.splice(0)) await s.close();
});

async function started(saveIntervalMs: number) {
  const s = await startRealtimeServer({ realtime: { saveIntervalMs } });
  servers.push(s);
  return s;
}

async function joined(s: TestServer, roomUuid: string) {
  const person = await s.createUser();
  const client = await RoomClient.join(s, person, roomUuid);
  clients.push(client);
  return { person, client };
}

const saved = async (s: TestServer, roomUuid: string) =>
  JSON.stringify(await s.app.platform.ports.rooms!.loadLiveState(roomUuid));

describe('ROOM-SAVE-1: live state writes and the clocks', () => {
  it('a wall clock stepped back does not hold the next write back by the step', async () => {
    const s = await started(250);
    const owner = await s.createUser();
    const room = await createRoom(s, owner.token, { numberOfDjs: 5 });
    const first = await joined(s, room.uuid);
    await first.client.action('addDj', { song: song('First', 300) });
    await expect.poll(() => saved(s, room.uuid)).toContain(first.person.uuid);

    // Half an hour on (only Date moves), a write; then the clock steps back, and another.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30 * MIN });
    const second = await joined(s, room.uuid);
    await second.client.action('addDj', { song: song('Second', 300) });
    await expect.poll(() => saved(s, room.uuid)).toContain(second.person.uuid);
    vi.useRealTimers();
    const third = await joined(s, room.uuid);
    await third.client.action('addDj', { song: song('Third', 300) });
    await expect.poll(() => saved(s, room.uuid), { timeout: 20_000 }).toContain(third.person.uuid);
  });

  it('shutdown writes what is pending at once instead of waiting out the interval', async () => {
    const s = await started(10 * MIN);
    const owner = await s.createUser();
    const room = await createRoom(s, owner.token, { numberOfDjs: 5 });
    const first = await joined(s, room.uuid);
    await first.client.action('addDj', { song: song('First', 300) });
    await expect.poll(() => saved(s, room.uuid)).toContain(first.person.uuid);
    // This change's write waits for the interval (ten minutes); closing must not.
    const second = await joined(s, room.uuid);
    await second.client.action('addDj', { song: song('Second', 300) });
    for (const c of clients.splice(0)) c.disconnect();
    await servers.splice(0)[0]!.close();
  });
});
