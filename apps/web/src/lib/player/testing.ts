import type { ClientNowPlaying, MinimalSongDto } from '@tt/protocol';
import type { KeyValueStorage } from './engine';

/** Test helpers (no browser). */
export function song(overrides: Partial<MinimalSongDto> = {}): MinimalSongDto {
  return {
    artistName: 'Artist',
    trackName: 'Track',
    genre: null,
    duration: 200,
    isrc: 'ISRC1',
    musicProviders: {
      apple: 'a1',
      spotify: 's1',
      youtube: 'y1',
      uploadService: 'u1',
      sevenDigital: 'd1',
    },
    playbackToken: null,
    thumbnails: {},
    songShortId: 'short1',
    ...overrides,
  };
}

export function nowPlaying(s: MinimalSongDto, endTime: number): ClientNowPlaying {
  return { song: s, startTime: endTime - s.duration * 1000, endTime };
}

export function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}
