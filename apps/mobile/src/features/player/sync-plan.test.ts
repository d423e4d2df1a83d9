import type { MinimalSongDto } from '@tt/protocol';
import { songKey, SyncPlanner, type SyncInput } from './sync-plan';

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
    expect(p.plan('tick', input({ serverNow: T0 + 10_000, position: 10.2 }))).toMatchObject({
      kind: 'none',
    });
    const step = p.plan('tick', input({ serverNow: T0 + 11_000, position: 10.5 }));
    expect(step).toMatchObject({ kind: 'seek', drift: expect.closeTo(-0.5, 5) });
    if (step.kind === 'seek') expect(step.to).toBeGreaterThanOrEqual(11);
  });

  it('nudges the rate for small drift', () => {
    const p = new SyncPlanner({ alignSeeks: 0 });
    p.plan('tick', input({}));
    const step = p.plan('tick', input({ serverNow: T0 + 10_000, position: 10.2 }));
    expect(step.kind).toBe('rate');
    if (step.kind === 'rate') expect(step.rate).toBeLessThan(1);
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

  it('after a reconnect or a stall it seeks to the server position, even with little drift', () => {
    const p = new SyncPlanner();
    p.plan('tick', input({}));
    expect(p.plan('reconnected', input({ serverNow: T0 + 30_000, position: 12 }))).toMatchObject({
      kind: 'seek',
      to: 30,
    });
    expect(p.plan('stalled', input({ serverNow: T0 + 31_000, position: 31 }))).toMatchObject({
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
