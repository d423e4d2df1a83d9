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
  const uri = await inlineHlsPlaylist(source.uri, source.headers, (url, init) => fetch(url, init));
  return { ...source, uri, headers: undefined };
}
