import type { MinimalSongDto } from '@tt/protocol';
import { MIN_SAMPLE_GAP_MS, songKey, SyncPlanner, type SyncInput } from './sync-plan';

const song = (id: string, duration = 200): MinimalSongDto => ({
  artistName: 'Artist',
  trackName: `Track ${id}`,
  genre: null,
  duration,
  isrc: null,
  musicProviders: { uploadService: id },
  playbackToken: null,
  thumbnails: {},
  songShortId: id,
});

const T0 = 1_000_000;
/** A song that started at T0 (server clock) and lasts 200 s. */
const np = (id = 'a', start = T0) => ({
  song: song(id),
  startTime: start,
  endTime: start + 200_000,
});

function input(over: Partial<SyncInput>): SyncInput {
  return {
    nowPlaying: np(),
    serverNow: T0,
    position: null,
    ready: true,
    listening: true,
    playable: true,
    ...over,
  };
}

describe('SyncPlanner', () => {
  it('loads a song at its start when the room starts it', () => {
    const p = new SyncPlanner();
    expect(p.plan('tick', input({}))).toEqual({ kind: 'load', key: songKey(np()), startAt: 0 });
    expect(p.current()).toBe(songKey(np()));
  });

  it('late join: loads at the server position', () => {
    const p = new SyncPlanner();
    const step = p.plan('tick', input({ serverNow: T0 + 42_500 }));
    expect(step).toMatchObject({ kind: 'load', startAt: 42.5 });
  });

  it('does nothing below the threshold and seeks beyond it', () => {
    const p = new SyncPlanner({ alignSeeks: 0, maxNudge: 0 });
    p.plan('tick', input({}));
    // The first position read after the load is where the player is seen from.
    expect(p.plan('tick', input({ serverNow: T0 + 9_000, position: 9.2 }))).toMatchObject({
      kind: 'none',
      drift: null,
    });
    expect(p.plan('tick', input({ serverNow: T0 + 10_000, position: 10.2 }))).toMatchObject({
      kind: 'none',
      drift: expect.closeTo(0.2, 5),
    });
    const step = p.plan('tick', input({ serverNow: T0 + 12_000, position: 11.5 }));
    expect(step).toMatchObject({ kind: 'seek', drift: expect.closeTo(-0.5, 5) });
    if (step.kind === 'seek') expect(step.to).toBeGreaterThanOrEqual(12);
  });

  it('nudges the rate for small drift', () => {
    const p = new SyncPlanner({ alignSeeks: 0 });
    p.plan('tick', input({}));
    p.plan('tick', input({ serverNow: T0 + 9_000, position: 9.2 }));
    const step = p.plan('tick', input({ serverNow: T0 + 10_000, position: 10.2 }));
    expect(step.kind).toBe('rate');
    if (step.kind === 'rate') expect(step.rate).toBeLessThan(1);
  });

  it('does not measure a player that has not started: its position stands still, no seek loop', () => {
    // The web export's <video> stayed at readyState 1: each second the planner found it further
    // behind and seeked it again, and every seek restarted the loading it was waiting for.
    const p = new SyncPlanner();
    expect(p.plan('tick', input({ serverNow: T0 + 20_000 }))).toMatchObject({ kind: 'load' });
    for (let s = 21; s < 40; s++) {
      // Its flags may even say ready (left from the song before); its position does not move.
      expect(p.plan('tick', input({ serverNow: T0 + s * 1000, position: 20 }))).toEqual({
        kind: 'none',
        drift: null,
      });
    }
    // It plays: one more reading that shows it moving, then it is measured.
    expect(p.plan('tick', input({ serverNow: T0 + 40_000, position: 20.9 }))).toMatchObject({
      kind: 'seek',
      to: expect.closeTo(40, 0),
    });
  });

  it('does not measure while the player is loading or paused', () => {
    const p = new SyncPlanner();
    p.plan('tick', input({}));
    for (let s = 1; s < 6; s++) {
      const step = p.plan(
        'tick',
        input({ serverNow: T0 + s * 1000, position: s - 3, ready: false }),
      );
      expect(step).toEqual({ kind: 'none', drift: null });
    }
  });

  it('compares positions at least MIN_SAMPLE_GAP_MS apart (the room store changes often)', () => {
    const p = new SyncPlanner({ alignSeeks: 0 });
    p.plan('tick', input({}));
    p.plan('tick', input({ serverNow: T0 + 9_000, position: 9 }));
    // 100 ms later (a store change), 2 s behind: not compared yet.
    expect(p.plan('tick', input({ serverNow: T0 + 9_100, position: 7.1 }))).toEqual({
      kind: 'none',
      drift: null,
    });
    expect(
      p.plan('tick', input({ serverNow: T0 + 9_000 + MIN_SAMPLE_GAP_MS, position: 7.5 })),
    ).toEqual({ kind: 'none', drift: null });
    expect(p.plan('tick', input({ serverNow: T0 + 11_000, position: 9.5 }))).toMatchObject({
      kind: 'seek',
    });
  });

  it('after its own seek it waits for the player to move again, and ignores the stall it causes', () => {
    const p = new SyncPlanner({ alignSeeks: 0 });
    p.plan('tick', input({}));
    p.plan('tick', input({ serverNow: T0 + 9_000, position: 8 }));
    expect(p.plan('tick', input({ serverNow: T0 + 10_000, position: 9 }))).toMatchObject({
      kind: 'seek',
    });
    // The seek makes the player buffer: the stall it reports then is that seek's.
    expect(p.plan('stalled', input({ serverNow: T0 + 10_500, position: 10 }))).toEqual({
      kind: 'none',
      drift: null,
    });
    // Seen from the seek's target, then moving, in step: nothing to do.
    expect(p.plan('tick', input({ serverNow: T0 + 11_000, position: 11 }))).toEqual({
      kind: 'none',
      drift: null,
    });
    expect(p.plan('tick', input({ serverNow: T0 + 12_000, position: 12 }))).toMatchObject({
      kind: 'none',
      drift: expect.closeTo(0, 5),
    });
  });

  it('a stall of its own: measured again once the player moves, and sought back', () => {
    const p = new SyncPlanner();
    p.plan('tick', input({}));
    p.plan('tick', input({ serverNow: T0 + 9_000, position: 9 }));
    p.plan('tick', input({ serverNow: T0 + 10_000, position: 10 }));
    expect(p.plan('stalled', input({ serverNow: T0 + 14_000, position: 11 }))).toEqual({
      kind: 'none',
      drift: null,
    });
    p.plan('tick', input({ serverNow: T0 + 15_000, position: 11.5 }));
    expect(p.plan('tick', input({ serverNow: T0 + 16_000, position: 12.5 }))).toMatchObject({
      kind: 'seek',
      to: expect.closeTo(16, 0),
    });
  });

  it('a different song replaces the playing one; a replay of the same song is new too', () => {
    const p = new SyncPlanner();
    p.plan('tick', input({}));
    const next = np('b', T0 + 200_000);
    expect(p.plan('tick', input({ nowPlaying: next, serverNow: T0 + 201_000 }))).toEqual({
      kind: 'load',
      key: songKey(next),
      startAt: 1,
    });
    const replay = np('b', T0 + 400_000);
    expect(p.plan('tick', input({ nowPlaying: replay, serverNow: T0 + 400_000 }))).toMatchObject({
      kind: 'load',
      startAt: 0,
    });
  });

  it('in the background nothing is corrected; back in the foreground it seeks to the server position', () => {
    const p = new SyncPlanner();
    p.plan('tick', input({}));
    expect(p.plan('background', input({ serverNow: T0 + 5_000, position: 2 }))).toEqual({
      kind: 'none',
      drift: null,
    });
    expect(p.plan('foreground', input({ serverNow: T0 + 60_000, position: 59.9 }))).toEqual({
      kind: 'seek',
      to: 60,
      drift: expect.closeTo(-0.1, 5),
    });
  });

  it('after a reconnect it seeks to the server position, even with little drift', () => {
    const p = new SyncPlanner();
    p.plan('tick', input({}));
    expect(p.plan('reconnected', input({ serverNow: T0 + 30_000, position: 12 }))).toMatchObject({
      kind: 'seek',
      to: 30,
    });
    expect(p.plan('reconnected', input({ serverNow: T0 + 31_000, position: 31 }))).toMatchObject({
      kind: 'seek',
      to: 31,
    });
  });

  it('muted: stops; listening again jumps to the live position', () => {
    const p = new SyncPlanner();
    p.plan('tick', input({}));
    expect(p.plan('tick', input({ listening: false, serverNow: T0 + 5_000 }))).toEqual({
      kind: 'stop',
    });
    expect(p.plan('resume', input({ serverNow: T0 + 50_000, position: 5 }))).toMatchObject({
      kind: 'seek',
      to: 50,
    });
  });

  it('a song that changed while muted loads when listening again', () => {
    const p = new SyncPlanner();
    p.plan('tick', input({}));
    const next = np('b', T0 + 200_000);
    expect(
      p.plan('tick', input({ nowPlaying: next, listening: false, serverNow: T0 + 210_000 })),
    ).toEqual({ kind: 'stop' });
    expect(p.plan('resume', input({ nowPlaying: next, serverNow: T0 + 220_000 }))).toMatchObject({
      kind: 'load',
      startAt: 20,
    });
  });

  it('stops and forgets the song when nothing plays, it ended, or the phone cannot play it', () => {
    const p = new SyncPlanner();
    p.plan('tick', input({}));
    expect(p.plan('tick', input({ nowPlaying: null }))).toEqual({ kind: 'stop' });
    expect(p.current()).toBeNull();
    p.plan('tick', input({}));
    expect(p.plan('tick', input({ serverNow: T0 + 200_500, position: 199 }))).toEqual({
      kind: 'stop',
    });
    expect(p.plan('tick', input({ serverNow: T0, playable: false }))).toEqual({ kind: 'stop' });
  });
});
