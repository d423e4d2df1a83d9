import { songHlsPaths, type SongDataDto, type SongProvider } from '@tt/protocol';
import { appleArtworkUrl, sevenDigitalImageUrl, uploadCoverPath, uploadIdOf } from '@tt/rules';

/**
 * Pure helpers of the search panel (no React): art and previews. The keys, the list of pages and
 * the song a DJ queues are @tt/rules' (resultKey, flattenPages, toQueuedSong), shared with the phone.
 */

/** Search results show 56 px art: the 128 px size is sharp on 2× screens. */
export const RESULT_ART_SIZE = 128;

/** Spec: a preview of an uploaded song plays its first 30 seconds. */
export const UPLOAD_PREVIEW_SECONDS = 30;

/** Providers whose artwork the card prefers, in order (our covers, then the catalogues). */
const ART_ORDER: SongProvider[] = [
  'uploadService',
  'sevenDigital',
  'apple',
  'spotify',
  'soundCloudPublic',
  'audius',
  'youtube',
  'deezer',
  'tidal',
];

/** SoundCloud art URLs end in `-large.jpg` (100 px); `-t300x300` is the next size up. */
const soundCloudArt = (url: string) => url.replace(/-large(\.\w+)(?=$|[?#])/, '-t300x300$1');

/** A provider's artwork URL at about `size` pixels, where the provider's URLs allow it. */
function sized(provider: string, url: string, size: number): string {
  if (provider === 'apple') return appleArtworkUrl(url, size);
  if (provider === 'sevenDigital') return sevenDigitalImageUrl(url, size);
  if (provider === 'soundCloudPublic') return soundCloudArt(url);
  return url;
}

/**
 * The artwork a search result shows: the first thumbnail in {@link ART_ORDER} (then any other),
 * sized for the card; an upload without a thumbnail gets its generated cover.
 */
export function resultArt(
  song: Pick<SongDataDto, 'thumbnails' | 'musicProviders' | 'songShortId'>,
  size = RESULT_ART_SIZE,
): string | null {
  const thumbs = song.thumbnails as Record<string, string | undefined>;
  for (const p of ART_ORDER) {
    const url = thumbs[p];
    if (url) return sized(p, url, size);
  }
  const other = Object.entries(thumbs).find(([, url]) => typeof url === 'string' && url !== '');
  if (other) return sized(other[0], other[1]!, size);
  const upload = uploadIdOf(song);
  // The song service's path: the browser resolves it against the page.
  return upload ? uploadCoverPath(upload) : null;
}

export type Preview =
  { kind: 'audio'; url: string } | { kind: 'hls'; url: string; seconds: number };

/**
 * What the preview button plays: the provider's clip (`previews[0]`), or for an upload the first
 * {@link UPLOAD_PREVIEW_SECONDS} seconds of its HLS rendition; null when there is nothing.
 */
export function previewOf(song: Pick<SongDataDto, 'previews' | 'musicProviders' | 'songShortId'>) {
  const clip = song.previews.find((url) => url.trim() !== '');
  if (clip) return { kind: 'audio', url: clip } satisfies Preview;
  const upload = uploadIdOf(song);
  if (upload) {
    return {
      kind: 'hls',
      url: songHlsPaths.playlist(upload),
      seconds: UPLOAD_PREVIEW_SECONDS,
    } satisfies Preview;
  }
  return null;
}

/** A result as the list shows it: the song and its stable key. */
export interface SearchResult {
  key: string;
  song: SongDataDto;
}
