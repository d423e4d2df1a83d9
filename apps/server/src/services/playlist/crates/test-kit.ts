import type { MinimalSongDto } from '@tt/protocol';

/** A provider song (as search answers it), unique by `n`. */
export function providerSong(n: number, extra: Partial<MinimalSongDto> = {}): MinimalSongDto {
  return {
    trackName: `Track ${n}`,
    artistName: `Artist ${n}`,
    genre: null,
    duration: 120 + (n % 60),
    isrc: `TEST${String(n).padStart(8, '0')}`,
    musicProviders: { spotify: `sp${n}` },
    playbackToken: null,
    thumbnails: { spotify: `https://img.example.test/${n}.jpg` },
    ...extra,
  };
}
