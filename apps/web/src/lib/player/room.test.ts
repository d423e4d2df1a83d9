import { describe, expect, it, vi } from 'vitest';
import type { ClientNowPlaying } from '@tt/protocol';
import { PlayEventLog } from './analytics';
import { PlaybackEngine } from './engine';
import { RoomPlayer, type RoomSnapshot } from './room';
import { nowPlaying, song } from './testing';
import { PlayTracker } from './tracking';

function setup() {
  let now = 1_000_000;
  const clock = () => now;
  const engine = new PlaybackEngine({
    logger: { error: vi.fn() },
    clock,
    user: { loggedIn: true },
    resolveUrl: (_p, s) => `/hls/${s.musicProviders.uploadService}`,
  });
  const uploads = {
    name: 'uploadService' as const,
    play: vi.fn(),
    stop: vi.fn(),
    setVolume: vi.fn(),
  };
  engine.register(uploads);
  const log = new PlayEventLog({ clock, console: null });
  const tracker = new PlayTracker({ sink: log.sink, clock, newId: () => 'play-1' });
  const room = new RoomPlayer(engine, tracker, { clock });
  const snapshot = (np: ClientNowPlaying | null, offset = 0): RoomSnapshot => ({
    slug: 'late-night',
    serverTimeOffset: offset,
    state: {
      nowPlaying: np,
      djs: [{ uuid: 'dj-1' } as never],
      settings: { roomRoles: [{ userUuid: 'owner-1', role: 'owner' }] } as never,
    },
  });
  return { engine, uploads, log, room, snapshot, advance: (ms: number) => (now += ms) };
}

const upload = (id: string, duration = 200) =>
  song({ musicProviders: { uploadService: id }, songShortId: id, duration });

describe('RoomPlayer: the room drives the engine', () => {
  it('plays the now-playing song at the offset of the server clock (join or playSong)', async () => {
    const t = setup();
    t.room.update(t.snapshot(nowPlaying(upload('aaa'), 1_150_000), 5_000));
    await Promise.resolve();
    expect(t.uploads.play).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/hls/aaa', offsetSeconds: 55, endTime: 1_150_000 }),
    );
  });

  it('the same song again (a patch, a heartbeat) does not restart it; a different one replaces it', async () => {
    const t = setup();
    const np = nowPlaying(upload('aaa'), 1_150_000);
    t.room.update(t.snapshot(np));
    t.room.update(t.snapshot({ ...np, song: { ...np.song } }, 40));
    expect(t.uploads.play).toHaveBeenCalledTimes(1);
    t.room.update(t.snapshot(nowPlaying(upload('bbb'), 1_400_000)));
    expect(t.uploads.play).toHaveBeenCalledTimes(2);
    expect(t.uploads.play.mock.calls[1][0].url).toBe('/hls/bbb');
  });

  it('stops when nothing plays or the room is gone', () => {
    const t = setup();
    t.room.update(t.snapshot(nowPlaying(upload('aaa'), 1_150_000)));
    t.room.update(t.snapshot(null));
    expect(t.uploads.stop).toHaveBeenCalledTimes(1);
    expect(t.engine.getState().nowPlaying).toBeNull();
    t.room.update(t.snapshot(nowPlaying(upload('aaa'), 1_150_000)));
    t.room.update({ slug: null, state: null, serverTimeOffset: 0 });
    expect(t.uploads.stop).toHaveBeenCalledTimes(2);
  });
});

describe('RoomPlayer: play tracking from when the song is heard', () => {
  it('sends the 15 s and 30 s events once and the total when the song changes', () => {
    const t = setup();
    t.room.update(t.snapshot(nowPlaying(upload('aaa'), 1_150_000)));
    t.room.tick(); // not heard yet: nothing tracked
    t.room.heard();
    t.room.heard(); // once per song
    for (let s = 1; s <= 40; s++) {
      t.advance(1000);
      t.room.tick();
    }
    expect(t.log.list().map((e) => e.topic)).toEqual(['userSong30Seconds', 'userSong15Seconds']);
    t.room.update(t.snapshot(nowPlaying(upload('bbb'), 1_400_000)));
    const total = t.log.list()[0];
    expect(total).toMatchObject({
      topic: 'userSongTotalPlayed',
      secondsPlayed: 40,
      roomSlug: 'late-night',
    });
  });

  it('the record carries the room, its owner, the DJ and the provider', () => {
    const t = setup();
    const sink = vi.fn();
    const tracker = new PlayTracker({ sink, clock: () => 0, newId: () => 'p' });
    const room = new RoomPlayer(t.engine, tracker);
    room.update(t.snapshot(nowPlaying(upload('ccc'), 1_150_000)));
    room.heard();
    expect(tracker.record()).toMatchObject({
      roomSlug: 'late-night',
      roomOwnerUuid: 'owner-1',
      djUuid: 'dj-1',
      userProvider: 'uploadService',
      deviceData: { platform: 'web' },
    });
  });

  it('a song stopped before it was heard sends nothing', () => {
    const t = setup();
    t.room.update(t.snapshot(nowPlaying(upload('aaa'), 1_150_000)));
    t.advance(20_000);
    t.room.update(t.snapshot(null));
    expect(t.log.list()).toHaveLength(0);
  });
});
