import { Platform } from 'react-native';
import type { SongSource } from './source';
import { inlineHlsPlaylist } from './web-hls';

/**
 * What the player is handed for a song. Phones: the playlist URL with the token in its headers
 * (expo-video sends them). The web export: a <video> element sends no headers, so the playlist
 * and its key are fetched here with the token and handed over inline.
 */
export async function resolvePlayerSource(source: SongSource): Promise<SongSource> {
  if (Platform.OS !== 'web') return source;
  const data = await inlineHlsPlaylist(source.uri, source.headers, (url, init) => fetch(url, init));
  // Chromium's own HLS reads a playlist from a blob: URL of the HLS type, not from a data: URI.
  const text = atob(data.slice(data.indexOf(',') + 1));
  const blob = new Blob([text], { type: 'application/vnd.apple.mpegurl' });
  return { ...source, uri: URL.createObjectURL(blob), headers: undefined };
}
