import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import { workEvents } from '../platform/outbox/testing';
import { recentSongs } from '../services/room/schema';
import { createRoom, eventually, RoomClient, sleep, song, startRealtimeServer } from './test-kit';

/**
 * RR-TIMER-4 (docs/ROOM-RULES.md): the saved live state never moves past a song whose end is not
 * written. Found by the soak: a process killed just after a song ended had saved the next song
 * while the old one's end (its recent-songs entry; the play for points likewise) was still on its
 * way, so the next owner never wrote it. Here the database is slow to take the end, and the saved
 * state is watched as a next owner would load it.
 */
let running: { server: TestServer; client?: RoomClient } | null = null;
afterEach(async () => {
  running?.client?.disconnect();
  await running?.server.close();
  running = null;
});

describe('the end of a song', () => {
  it('RR-TIMER-4: when the saved state holds the next song, the last one is closed in the recent songs and announced as a play', async () => {
    const s = await startRealtimeServer({ realtime: { leaveGraceMs: 30_000 } });
    running = { server: s };
    const dj = await s.createUser();
    const room = await createRoom(s, dj.token);
    const rooms = s.app.platform.ports.rooms!;
    const outbox = s.app.platform.outbox;
    // Writes of a song's end take a while (a loaded database).
    const songEnded = rooms.songEnded.bind(rooms);
    rooms.songEnded = async (input) => {
      await sleep(1500);
      return songEnded(input);
    };
    const emit = outbox.emit.bind(outbox) as (...args: unknown[]) => Promise<unknown>;
    (outbox as unknown as { emit: typeof emit }).emit = async (...args) => {
      if (args[0] === 'room.songPlayed') await sleep(1500);
      return emit(...args);
    };
    const c = await RoomClient.join(s, dj, room.uuid);
    running.client = c;
    await c.action('addDj', { song: song('First', 2) });
    await c.action('updateNextSong', { song: song('Second', 30) });

    // The moment a next owner would find the second song playing…
    await eventually(async () => {
      const saved = (await rooms.loadLiveState(room.uuid)) as {
        nowPlaying?: { song: { trackName: string } } | null;
      } | null;
      expect(saved?.nowPlaying?.song.trackName).toBe('Second');
    }, 20_000);
    // …the first one's end is written: its recent-songs entry and its play.
    const entries = await s.app.platform.db
      .select({ song: recentSongs.song, playedSeconds: recentSongs.playedSeconds })
      .from(recentSongs)
      .where(eq(recentSongs.djUuid, dj.uuid));
    const first = entries.find((e) => e.song.trackName === 'First');
    expect(first?.playedSeconds).toBeGreaterThan(0);
    const plays = await workEvents(s.app.platform.db, 'room.songPlayed');
    expect(plays.filter((p) => p.roomUuid === room.uuid).map((p) => p.trackName)).toEqual([
      'First',
    ]);
  });

  it('RR-TIMER-3: a song whose start was not written is in the recent songs once it ends, once', async () => {
    const s = await startRealtimeServer();
    running = { server: s };
    const dj = await s.createUser();
    const fan = await s.createUser();
    const room = await createRoom(s, dj.token);
    const rooms = s.app.platform.ports.rooms!;
    // The first start's write fails (as if its process had been killed before it).
    const songStarted = rooms.songStarted.bind(rooms);
    let failed = 0;
    rooms.songStarted = async (input) => {
      if (input.song.trackName === 'Lost Start' && failed++ === 0) throw new Error('lost');
      return songStarted(input);
    };
    const c = await RoomClient.join(s, dj, room.uuid);
    running.client = c;
    await c.action('addDj', { song: song('Lost Start', 30) });
    await eventually(() => expect(failed).toBe(1));
    const listening = await RoomClient.join(s, fan, room.uuid);
    await listening.action('voteOnSong', { songVotes: { like: true } });
    await c.action('skipSong');
    listening.disconnect();
    const entries = async () =>
      s.app.platform.db
        .select({
          song: recentSongs.song,
          playedSeconds: recentSongs.playedSeconds,
          votes: recentSongs.voteCounts,
        })
        .from(recentSongs)
        .where(eq(recentSongs.djUuid, dj.uuid));
    await eventually(async () => {
      const lost = (await entries()).filter((e) => e.song.trackName === 'Lost Start');
      expect(lost).toHaveLength(1);
      expect(lost[0]!.votes).toMatchObject({ likes: 1 });
    });
    const plays = await workEvents(s.app.platform.db, 'room.songPlayed');
    expect(plays.filter((p) => p.roomUuid === room.uuid).map((p) => p.trackName)).toEqual([
      'Lost Start',
    ]);
  });

  it('PTS-DJ-5: after the room moves to another process, the song’s voters count at its end while they reconnect', async () => {
    const realtime = { leaveGraceMs: 30_000 };
    const first = await startRealtimeServer({ keep: true, realtime });
    running = { server: first };
    const dj = await first.createUser();
    const fan = await first.createUser();
    const room = await createRoom(first, dj.token);
    const onStage = await RoomClient.join(first, dj, room.uuid);
    await onStage.action('addDj', { song: song('Voted', 6) });
    const listening = await RoomClient.join(first, fan, room.uuid);
    await listening.action('voteOnSong', { songVotes: { like: true, star: true } });
    const rooms = first.app.platform.ports.rooms!;
    await eventually(async () =>
      expect(JSON.stringify(await rooms.loadLiveState(room.uuid))).toContain(fan.uuid),
    );
    onStage.disconnect();
    listening.disconnect();
    // The process goes; another one takes the room over, and the song ends before anyone is back.
    await first.close();
    const second = await startRealtimeServer({ reuse: first, realtime });
    running = { server: second };
    await eventually(async () => {
      const plays = await workEvents(second.app.platform.db, 'room.songPlayed');
      const play = plays.find((p) => p.roomUuid === room.uuid);
      expect(play).toBeDefined();
      expect(play!.likers).toEqual([fan.uuid]);
      expect(play!.starrers).toEqual([fan.uuid]);
      expect(play!.listeners).toEqual([fan.uuid]);
    }, 20_000);
  });
});
