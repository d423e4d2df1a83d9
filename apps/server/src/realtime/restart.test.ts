import { afterEach, describe, expect, it } from 'vitest';
import { roomEndpoints } from '@tt/protocol';
import type { TestServer } from '../../test/harness';
import { createRoom, roomState, RoomClient, sleep, song, startRealtimeServer } from './test-kit';

/**
 * RR-TIMER-2: the live state is persisted on every change; a new process on the same database
 * brings the room back and re-arms the end-of-song timer from the stored endTime.
 */
const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0).reverse()) await s.close();
});

async function start(reuse?: TestServer): Promise<TestServer> {
  const s = await startRealtimeServer({
    reuse,
    keep: !reuse,
    realtime: { leaveGraceMs: 30_000 },
  });
  servers.push(s);
  return s;
}

describe('restart', () => {
  it('RR-TIMER-2: after a restart the next song plays at the stored endTime, with no client acting', async () => {
    const first = await start();
    const owner = await first.createUser();
    const listener = await first.createUser();
    const room = await createRoom(first, owner.token);
    const dj = await RoomClient.join(first, owner, room.uuid);
    await dj.action('addDj', { song: song('Before restart', 8) });
    await dj.action('updateNextSong', { song: song('After restart', 2) });
    await dj.waitFor('updatedNextSong');
    const playing = (await roomState(first, owner.token, room.uuid)).nowPlaying!;
    expect(playing.song.trackName).toBe('Before restart');
    dj.disconnect();
    await first.close();

    const second = await start(first);
    // The room is back as it was: the DJ in their seat (no connection yet), the song with its times.
    const restored = await roomState(second, owner.token, room.uuid);
    expect(restored.nowPlaying).toEqual(playing);
    expect(restored.djs.map((d) => [d.uuid, d.nextSong?.trackName])).toEqual([
      [owner.uuid, 'After restart'],
    ]);
    // A listener connects to the new process and only waits: the timer plays the next song.
    const l = await RoomClient.join(second, listener, room.uuid);
    expect(l.joinResult.didCreate).toBe(false);
    expect(l.state.nowPlaying).toEqual(playing);
    const played = await l.waitFor('playedSong', undefined, 0, 20_000);
    expect(l.patchErrors).toEqual([]);
    expect(l.state.nowPlaying?.song.trackName).toBe('After restart');
    expect(l.state.nowPlaying!.startTime).toBeGreaterThanOrEqual(playing.endTime);
    expect(played.statePatch?.some((op) => op.path === '/nowPlaying')).toBe(true);
    // Both plays are in the recent songs, newest first.
    const recent = await second.client.call(roomEndpoints.recentSongs, {
      params: { slug: room.slug },
      query: { limit: 10, offset: 0 },
    });
    expect(recent.songs.map((r) => r.song.trackName)).toEqual(['After restart', 'Before restart']);
    l.disconnect();
  });

  it('RR-TIMER-2: a song that ended while the server was down is followed at once by the next', async () => {
    const first = await start();
    const owner = await first.createUser();
    const room = await createRoom(first, owner.token);
    const dj = await RoomClient.join(first, owner, room.uuid);
    await dj.action('addDj', { song: song('Short', 1) });
    await dj.action('updateNextSong', { song: song('Next', 120) });
    await dj.waitFor('updatedNextSong');
    const playing = (await roomState(first, owner.token, room.uuid)).nowPlaying!;
    dj.disconnect();
    await first.close();
    await sleep(Math.max(0, playing.endTime - Date.now()) + 100);

    const second = await start(first);
    const restored = await roomState(second, owner.token, room.uuid);
    expect(restored.nowPlaying?.song.trackName).toBe('Next');
    expect(restored.nowPlaying!.startTime).toBeGreaterThanOrEqual(playing.endTime);
    // The DJ reconnects within the grace period and keeps the seat.
    const back = await RoomClient.join(second, owner, room.uuid);
    expect(back.state.djs.map((d) => d.uuid)).toEqual([owner.uuid]);
    back.disconnect();
  });
});
