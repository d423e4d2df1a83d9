import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import { expectInSync, joinedRoom, song, startRealtimeServer } from './test-kit';

/** docs/SYNC-RULES.md SYNC-7: the room's timeline has no gap between songs. */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer();
});
afterAll(async () => {
  await s?.close();
});

const roomOf = (n: number) => joinedRoom(s, n, { inSync: true });

describe('SYNC-7: the next song starts on the server timeline where the last one ended', () => {
  it('SYNC-7: a song that ends on time is followed by the next DJ’s song at exactly its endTime', async () => {
    const { room, clients, close } = await roomOf(3);
    const [ca, cb, cc] = clients;
    await ca.action('addDj', { song: song('First', 1) });
    await cb.action('addDj', { song: song('Second', 1) });
    await ca.action('updateNextSong', { song: song('Third', 300) });
    const first = cc.state.nowPlaying!;
    expect(first.song.trackName).toBe('First');
    await cc.waitFor('playedSong', (m) => JSON.stringify(m.statePatch).includes('Second'));
    const second = cc.state.nowPlaying!;
    expect(second.startTime).toBe(first.endTime);
    expect(second.endTime).toBe(second.startTime + 1000);
    // And again, from the second DJ back to the first: the seam holds song after song.
    await cc.waitFor('playedSong', (m) => JSON.stringify(m.statePatch).includes('Third'));
    expect(cc.state.nowPlaying!.startTime).toBe(second.endTime);
    await expectInSync(clients, room.uuid);
    close();
  });

  it('SYNC-7: a skip starts the next song at the moment of the skip, not at the old endTime', async () => {
    const { room, clients, close } = await roomOf(2);
    const [ca, cb] = clients;
    await ca.action('addDj', { song: song('Long', 300) });
    await cb.action('addDj', { song: song('Next', 300) });
    const first = cb.state.nowPlaying!;
    const before = Date.now();
    const mark = cb.mark();
    await ca.action('skipSong');
    await cb.waitFor('playedSong', undefined, mark);
    const next = cb.state.nowPlaying!;
    expect(next.song.trackName).toBe('Next');
    expect(next.startTime).toBeGreaterThanOrEqual(before);
    expect(next.startTime).toBeLessThan(first.endTime);
    await expectInSync(clients, room.uuid);
    close();
  });
});
