import { describe, expect, it, vi } from 'vitest';
import {
  PlayTracker,
  TRACKING_STORAGE_KEY,
  type PlayTopic,
  type PlayTrackerOptions,
} from './tracking';
import { memoryStorage, song } from './testing';

function setup(options: Partial<PlayTrackerOptions> = {}) {
  let now = 1_000_000;
  let ids = 0;
  const sent: { topic: PlayTopic; seconds: number; playId: string }[] = [];
  const sink = vi.fn((topic: PlayTopic, e: { secondsPlayed: number; playId: string }) => {
    sent.push({ topic, seconds: e.secondsPlayed, playId: e.playId });
  });
  const tracker = new PlayTracker({
    sink,
    clock: () => now,
    newId: () => `play-${++ids}`,
    ...options,
  });
  const at = (seconds: number) => (now = 1_000_000 + seconds * 1000);
  return { tracker, sink, sent, at };
}

const start = { roomSlug: 'room', roomOwnerUuid: 'owner', djUuid: 'dj', song: song(), volume: 0.5 };
const upd = (volume = 0.5) => ({ roomSlug: 'room', song: song(), volume });

describe('PlayTracker', () => {
  it('start creates the play-tracking record', () => {
    const { tracker } = setup();
    const r = tracker.start({
      ...start,
      deviceData: { platform: 'web' },
      userProvider: 'spotify',
      subscriptionLevel: 'pro',
    });
    expect(r).toEqual({
      roomSlug: 'room',
      roomOwnerUuid: 'owner',
      djUuid: 'dj',
      songInfo: song(),
      startedDate: 1_000_000,
      updatedDate: 1_000_000,
      volumeStart: 0.5,
      volumeEnd: 0.5,
      playId: 'play-1',
      sent15sec: false,
      sent30sec: false,
      deviceData: { platform: 'web' },
      userProvider: 'spotify',
      subscriptionLevel: 'pro',
    });
    expect(tracker.record()).toEqual(r);
  });

  it('continue updates time and volume', () => {
    const { tracker, at, sink } = setup();
    tracker.start(start);
    at(5);
    tracker.continue(upd(0.8));
    expect(tracker.record()).toMatchObject({
      updatedDate: 1_005_000,
      volumeStart: 0.5,
      volumeEnd: 0.8,
    });
    expect(sink).not.toHaveBeenCalled();
  });

  it('sends the 15 s event once inside 10–20 s and the 30 s event once inside 25–35 s', () => {
    const { tracker, at, sent } = setup();
    tracker.start(start);
    for (const s of [9, 10, 12, 20, 24, 25, 30, 35]) {
      at(s);
      tracker.continue(upd());
    }
    expect(sent).toEqual([
      { topic: 'userSong15Seconds', seconds: 10, playId: 'play-1' },
      { topic: 'userSong30Seconds', seconds: 25, playId: 'play-1' },
    ]);
    expect(tracker.record()).toMatchObject({ sent15sec: true, sent30sec: true });
  });

  it('does not send an event when an update skips its window', () => {
    const { tracker, at, sent } = setup();
    tracker.start(start);
    at(9);
    tracker.continue(upd());
    at(21);
    tracker.continue(upd());
    at(36);
    tracker.continue(upd());
    expect(sent).toEqual([]);
  });

  it('end flushes the total and clears the record', () => {
    const { tracker, at, sink } = setup();
    tracker.start(start);
    at(42);
    tracker.end({ roomSlug: 'room', song: song(), volume: 0.3 });
    expect(sink).toHaveBeenCalledTimes(1);
    expect(sink.mock.calls[0][0]).toBe('userSongTotalPlayed');
    expect(sink.mock.calls[0][1]).toMatchObject({
      secondsPlayed: 42,
      volumeEnd: 0.3,
      playId: 'play-1',
    });
    expect(tracker.record()).toBeNull();
  });

  it('a flush with zero time is not sent (but the record is still cleared)', () => {
    const { tracker, sink } = setup();
    tracker.start(start);
    tracker.end(upd());
    expect(sink).not.toHaveBeenCalled();
    expect(tracker.record()).toBeNull();
  });

  it('start replaces the stored record and flushes the old one', () => {
    const { tracker, at, sent } = setup();
    tracker.start(start);
    at(7);
    tracker.continue(upd());
    at(8);
    const next = tracker.start({ ...start, song: song({ songShortId: 'other' }) });
    expect(sent).toEqual([{ topic: 'userSongTotalPlayed', seconds: 7, playId: 'play-1' }]);
    expect(tracker.record()).toEqual(next);
    expect(next.playId).toBe('play-2');
  });

  it('start over a zero-time record sends nothing', () => {
    const { tracker, sink } = setup();
    tracker.start(start);
    tracker.start(start);
    expect(sink).not.toHaveBeenCalled();
  });

  it('ignores continue and end for a different room or song', () => {
    const { tracker, at, sink } = setup();
    tracker.start(start);
    at(15);
    tracker.continue({ ...upd(), roomSlug: 'elsewhere' });
    tracker.continue({ ...upd(), song: song({ songShortId: 'other' }) });
    tracker.end({ roomSlug: 'elsewhere', song: song() });
    tracker.end({ roomSlug: 'room', song: song({ songShortId: 'other' }) });
    expect(sink).not.toHaveBeenCalled();
    expect(tracker.record()).toMatchObject({ updatedDate: 1_000_000 });
  });

  it('continue and end without a record do nothing', () => {
    const { tracker, sink } = setup();
    tracker.continue(upd());
    tracker.end(upd());
    expect(sink).not.toHaveBeenCalled();
  });

  it('with storage, a record left by an earlier page is flushed by the next start', () => {
    const storage = memoryStorage();
    const first = setup({ storage });
    first.tracker.start(start);
    first.at(12);
    first.tracker.continue(upd());
    expect(JSON.parse(storage.data.get(TRACKING_STORAGE_KEY)!)).toMatchObject({ sent15sec: true });
    const second = setup({ storage });
    second.tracker.start(start);
    expect(second.sent).toEqual([{ topic: 'userSongTotalPlayed', seconds: 12, playId: 'play-1' }]);
  });

  it('sink failures are logged, not thrown', async () => {
    const logger = { error: vi.fn() };
    const { tracker, at } = setup({ logger, sink: () => Promise.reject(new Error('down')) });
    tracker.start(start);
    at(3);
    expect(() => tracker.end(upd())).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
    expect(logger.error).toHaveBeenCalledWith('Failed to send play event', expect.any(Error));
  });
});
