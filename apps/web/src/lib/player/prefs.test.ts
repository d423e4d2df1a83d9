import { describe, expect, it, vi } from 'vitest';
import { PlayEventLog } from './analytics';
import {
  DEFAULT_VOLUME,
  MUTED_STORAGE_KEY,
  readVolumePrefs,
  VOLUME_STORAGE_KEY,
  writeVolumePrefs,
} from './prefs';
import { memoryStorage, song } from './testing';

describe('volume prefs', () => {
  it('round-trips volume and mute through storage', () => {
    const storage = memoryStorage();
    expect(readVolumePrefs(storage)).toEqual({ volume: DEFAULT_VOLUME, muted: false });
    writeVolumePrefs(storage, { volume: 0.333, muted: true });
    expect(storage.data.get(VOLUME_STORAGE_KEY)).toBe('0.33');
    expect(storage.data.get(MUTED_STORAGE_KEY)).toBe('true');
    expect(readVolumePrefs(storage)).toEqual({ volume: 0.33, muted: true });
  });
  it('ignores junk and clamps', () => {
    const storage = memoryStorage();
    storage.setItem(VOLUME_STORAGE_KEY, 'loud');
    expect(readVolumePrefs(storage).volume).toBe(DEFAULT_VOLUME);
    storage.setItem(VOLUME_STORAGE_KEY, '7');
    expect(readVolumePrefs(storage).volume).toBe(1);
  });
});

describe('PlayEventLog', () => {
  it('logs to the console at debug level, keeps the newest first, tells listeners', () => {
    const debug = vi.fn();
    const log = new PlayEventLog({ limit: 2, clock: () => 5, console: { debug } });
    const listener = vi.fn();
    log.subscribe(listener);
    const event = (playId: string, secondsPlayed: number) => ({
      playId,
      secondsPlayed,
      songInfo: song(),
      roomSlug: 'r',
    });
    log.sink('userSong15Seconds', event('a', 15.04) as never);
    log.sink('userSong30Seconds', event('a', 30) as never);
    log.sink('userSongTotalPlayed', event('a', 41) as never);
    expect(log.list().map((e) => e.topic)).toEqual(['userSongTotalPlayed', 'userSong30Seconds']);
    expect(log.list()[0]).toMatchObject({ trackName: 'Track', secondsPlayed: 41, at: 5 });
    expect(debug).toHaveBeenCalledWith('[analytics] userSong15Seconds', expect.anything());
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
