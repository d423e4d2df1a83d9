import type { SongProvider } from '@tt/protocol';
import { appleArtworkUrl, sevenDigitalImageUrl } from '@tt/rules';
import { API_URL } from '../../lib/config';

/**
 * Pure helpers of the DJ screens (no React): art and lengths. The keys, the list of pages and the
 * song a DJ queues or the room takes are @tt/rules' (resultKey, flattenPages, toQueuedSong,
 * toRoomSong), shared with the web.
 */

/** m:ss */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Providers whose artwork a row prefers, in order. */
const ART_ORDER: SongProvider[] = [
  'uploadService',
  'sevenDigital',
  'apple',
  'spotify',
  'soundCloudPublic',
  'audius',
  'youtube',
];

/**
 * The artwork a row shows at about 128 px: the first thumbnail in {@link ART_ORDER}, sized where
 * the provider allows it. SVG covers are left out (a phone's Image cannot draw them) and a path
 * on our own server is made absolute.
 */
export function artOf(song: { thumbnails: Partial<Record<string, string | null>> }): string | null {
  const thumbs = song.thumbnails;
  const order = [...ART_ORDER, ...Object.keys(thumbs)];
  for (const p of order) {
    const url = thumbs[p];
    if (!url || /\.svg($|\?)/.test(url)) continue;
    if (p === 'apple') return appleArtworkUrl(url, 128);
    if (p === 'sevenDigital') return sevenDigitalImageUrl(url, 128);
    return url.startsWith('/') ? `${API_URL.replace(/\/$/, '')}${url}` : url;
  }
  return null;
}
