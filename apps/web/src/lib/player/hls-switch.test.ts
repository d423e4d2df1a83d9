import { describe, expect, it, vi } from 'vitest';
import { HlsPlaybackProvider } from './hls';
import { fakeHls, FakeMedia } from './hls-fakes';
import { song } from './testing';

const flush = () => new Promise((r) => setTimeout(r, 0));
const URL_A = '/api/song-service/songs/aaaaaaaaaa/hls-playlist';
const URL_B = '/api/song-service/songs/bbbbbbbbbb/hls-playlist';

function setup() {
  let now = 1_000_000;
  const media = new FakeMedia();
  const spare = new FakeMedia();
  const { Hls, instances } = fakeHls();
  const timeouts: { at: number; fn: () => void }[] = [];
  const gaps: number[] = [];
  const swaps: unknown[] = [];
  const provider = new HlsPlaybackProvider({
    media,
    nextMedia: spare,
    loadHls: async () => Hls,
    token: () => 'tok',
    serverNow: () => now,
    origin: 'http://room.test',
    timers: {
      setInterval: () => 0,
      clearInterval: () => undefined,
      setTimeout: (fn, ms) => timeouts.push({ at: now + ms, fn }) - 1,
      clearTimeout: (id) => void (timeouts[id as number] = { at: Infinity, fn: () => {} }),
    },
    onGap: (ms) => gaps.push(ms),
    onMedia: (m) => swaps.push(m),
  });
  const run = (to: number) => {
    now = to;
    for (const t of timeouts) {
      if (t.at > now) continue;
      t.at = Infinity;
      t.fn();
    }
  };
  return { provider, media, spare, instances, gaps, swaps, run, now: () => now };
}

/** A song playing from 1_000_000 to 1_020_000 (20 s); the next one from 1_020_000. */
const current = {
  song: song({ duration: 20 }),
  offsetSeconds: 0,
  id: 'a',
  url: URL_A,
  endTime: 1_020_000,
};
const next = { url: URL_B, startTime: 1_020_000, endTime: 1_050_000, duration: 30 };

describe('SYNC-9/10: the next song is preloaded and started at its start time', () => {
  it('SYNC-9: a second hls.js instance loads the next song into the spare element, paused', async () => {
    const t = setup();
    await t.provider.play(current);
    t.instances[0].emit('manifestParsed');
    t.provider.preload(next);
    await flush();
    expect(t.instances).toHaveLength(2);
    expect(t.instances[1]).toMatchObject({ source: URL_B, media: t.spare });
    expect(t.instances[1].config.startPosition).toBe(0);
    expect(t.spare.play).not.toHaveBeenCalled();
  });

  it('SYNC-10: at the start time the spare plays from 0; the room’s playedSong keeps it playing', async () => {
    const t = setup();
    await t.provider.play(current);
    t.instances[0].emit('manifestParsed');
    t.provider.preload(next);
    await flush();
    t.run(1_019_999);
    expect(t.spare.play).not.toHaveBeenCalled();
    const paused = t.media.pause.mock.calls.length;
    t.run(1_020_000);
    expect(t.spare.play).toHaveBeenCalledTimes(1);
    expect(t.spare.currentTime).toBe(0);
    expect(t.swaps).toEqual([t.spare]);
    expect(t.provider.currentMedia()).toBe(t.spare);
    // The old element plays until its endTime (here: now), then is cut and emptied.
    expect(t.media.pause).toHaveBeenCalledTimes(paused + 1);
    expect(t.instances[0].destroyed).toBe(true);
    // playedSong for that song: no new instance, no restart.
    const req = {
      song: song({ duration: 30 }),
      offsetSeconds: 0.05,
      id: 'b',
      url: URL_B,
      endTime: 1_050_000,
    };
    await t.provider.play(req);
    expect(t.instances).toHaveLength(2);
    expect(t.spare.play).toHaveBeenCalledTimes(1);
  });

  it('SYNC-10: a room that plays something else replaces the guess the usual way', async () => {
    const t = setup();
    await t.provider.play(current);
    t.instances[0].emit('manifestParsed');
    t.provider.preload(next);
    await flush();
    t.run(1_005_000);
    const other = {
      ...current,
      url: '/api/song-service/songs/cccccccccc/hls-playlist',
      endTime: 1_100_000,
    };
    await t.provider.play(other);
    expect(t.instances).toHaveLength(3);
    expect(t.instances[2].source).toBe(other.url);
    expect(t.provider.currentMedia()).toBe(t.media);
  });

  it('SYNC-9: without a spare element nothing is preloaded', async () => {
    const media = new FakeMedia();
    const { Hls, instances } = fakeHls();
    const p = new HlsPlaybackProvider({
      media,
      loadHls: vi.fn(async () => Hls),
      token: () => null,
      serverNow: () => 0,
      origin: 'http://room.test',
      timers: { setInterval: () => 0, clearInterval: () => undefined },
    });
    p.preload(next);
    await flush();
    expect(instances).toHaveLength(0);
  });
});

describe('SYNC-8: the crossfade follows the server clock', () => {
  it('SYNC-8: the song fades in over the first half of the window and out over the last half', async () => {
    let now = 1_000_000;
    let fade = 4;
    const media = new FakeMedia();
    const { Hls, instances } = fakeHls();
    const intervals: (() => void)[] = [];
    const p = new HlsPlaybackProvider({
      media,
      loadHls: async () => Hls,
      token: () => null,
      serverNow: () => now,
      origin: 'http://room.test',
      timers: { setInterval: (fn) => intervals.push(fn), clearInterval: () => undefined },
      crossfadeSeconds: () => fade,
    });
    p.setVolume(0.8);
    await p.play(current);
    instances[0].emit('manifestParsed');
    const at = (t: number) => {
      now = t;
      intervals.forEach((fn) => fn());
      return media.volume;
    };
    expect(at(1_000_000)).toBe(0);
    expect(at(1_001_000)).toBeCloseTo(0.8 * Math.SQRT1_2, 5);
    expect(at(1_010_000)).toBe(0.8);
    expect(at(1_019_000)).toBeCloseTo(0.8 * Math.SQRT1_2, 5);
    fade = 0; // the room turned it off: a cut
    expect(at(1_019_500)).toBe(0.8);
  });
});
