import type { MinimalSongDto } from '@tt/protocol';
import { songHlsPaths } from '@tt/protocol';

/** What the native player is given for a song (expo-video's VideoSource object, the parts used). */
export interface SongSource {
  uri: string;
  headers?: Record<string, string>;
  contentType: 'hls';
  metadata: { title: string; artist: string; artwork?: string };
}

/**
 * The phone plays the platform's own uploads (provider uploadService: an AES-128 HLS playlist).
 * Songs only other providers have (Spotify, YouTube, Apple Music, SoundCloud) need those
 * providers' own players, which the web has and the phone does not: "can't play here".
 */
export function playableOnPhone(song: MinimalSongDto): boolean {
  const id = song.musicProviders.uploadService;
  return typeof id === 'string' && id.length > 0;
}

function absolute(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

/** The song's artwork for the lock screen: the upload's, else any provider's. */
export function artworkOf(song: MinimalSongDto, origin: string): string | undefined {
  const art = song.thumbnails.uploadService ?? Object.values(song.thumbnails).find(Boolean);
  return art ? absolute(art, origin) : undefined;
}

/**
 * The playlist URL with the caller's token: the server writes into it a key URL signed for this
 * caller (SEC-HLS-KEY-1), and the player sends the token with the playlist and key requests.
 */
export function songSource(
  song: MinimalSongDto,
  deps: { origin: string; token: string | null },
): SongSource | null {
  const id = song.musicProviders.uploadService;
  if (!id) return null;
  return {
    uri: absolute(songHlsPaths.playlist(id), deps.origin),
    headers: deps.token ? { Authorization: `Bearer ${deps.token}` } : undefined,
    contentType: 'hls',
    metadata: {
      title: song.trackName,
      artist: song.artistName,
      artwork: artworkOf(song, deps.origin),
    },
  };
}
