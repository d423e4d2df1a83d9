import { Platform } from 'react-native';
import type { SongSource } from './source';
import { mseSupported, openMseHls } from './web-hls';

/** What the player is given for a song, and how to let it go when the next one comes. */
export interface ResolvedSource {
  source: SongSource;
  release: () => void;
}

/**
 * What the player is handed for a song. Phones: the playlist URL with the token in its headers
 * (expo-video sends them). The web export: a <video> element sends no headers and Chromium's own
 * HLS takes no blob: playlist, so the song plays through Media Source Extensions (web-hls.ts),
 * whose buffer follows `position` (the element's currentTime); `onError` hears when it gives up.
 */
export async function resolvePlayerSource(
  source: SongSource,
  position: () => number,
  onError: (error: unknown) => void,
): Promise<ResolvedSource> {
  if (Platform.OS !== 'web') return { source, release: () => undefined };
  if (!mseSupported()) throw new Error('This browser cannot play HLS through Media Source');
  const mse = await openMseHls(source.uri, source.headers, {
    fetch: (url, init) => fetch(url, init),
    subtle: globalThis.crypto.subtle,
    position,
    onError,
  });
  return { source: { ...source, uri: mse.uri, headers: undefined }, release: mse.close };
}
