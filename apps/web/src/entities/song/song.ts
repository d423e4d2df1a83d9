import {
  queuedSong,
  serviceBase,
  songEndpoints,
  songHlsPaths,
  type MinimalSongDto,
  type SongDataDto,
  type SongProvider,
} from '@tt/protocol';
import { appleArtworkUrl, isUploadSong, sevenDigitalImageUrl } from '@tt/rules';

/** Pure helpers of the search panel (no React): art, previews, keys, the song a DJ queues. */

/** Search results show 56 px art: the 128 px size is sharp on 2× screens. */
export const RESULT_ART_SIZE = 128;

/** Spec: a preview of an uploaded song plays its first 30 seconds. */
export const UPLOAD_PREVIEW_SECONDS = 30;

/** The generated cover of a catalogue song (GET /songs/{id}/cover.svg on the song service). */
export function uploadCoverUrl(shortId: string): string {
  return (
    serviceBase('song') + songEndpoints.cover.path.replace('{id}', encodeURIComponent(shortId))
  );
}

/**
 * The short id of our own upload, when the song is one: its uploadService id, or the short id of
 * a catalogue song that names no provider.
 */
export function uploadIdOf(
  song: Pick<SongDataDto, 'musicProviders' | 'songShortId'>,
): string | null {
  if (isUploadSong(song)) return song.musicProviders.uploadService!;
  const named = Object.values(song.musicProviders).some((id) => typeof id === 'string' && id);
  return !named && song.songShortId ? song.songShortId : null;
}

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
  return upload ? uploadCoverUrl(upload) : null;
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

/** A stable key of a result: the catalogue short id, else its first provider id. */
export function resultKey(song: Pick<SongDataDto, 'songShortId' | 'musicProviders' | 'isrc'>) {
  if (song.songShortId) return `song:${song.songShortId}`;
  const first = Object.entries(song.musicProviders).find(([, id]) => id);
  if (first) return `${first[0]}:${first[1]}`;
  return song.isrc ? `isrc:${song.isrc}` : null;
}

/** A result as the list shows it: the song and its stable key. */
export interface SearchResult {
  key: string;
  song: SongDataDto;
}

/** The pages of a search as one list, each song once (providers may repeat across pages). */
export function flattenPages<
  T extends Pick<SongDataDto, 'songShortId' | 'musicProviders' | 'isrc'>,
>(pages: readonly { songs: readonly T[] }[]): { key: string; song: T }[] {
  const seen = new Set<string>();
  const out: { key: string; song: T }[] = [];
  pages.forEach((page, p) =>
    page.songs.forEach((song, i) => {
      const key = resultKey(song) ?? `at:${p}:${i}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push({ key, song });
    }),
  );
  return out;
}

/**
 * The song as a DJ queues it (addDj / updateNextSong). A catalogue song (it has a short id) that
 * names no provider is one of our uploads: its short id becomes the uploadService id. A song
 * that names providers keeps them (an imported track still plays from its provider), and an
 * upload without a thumbnail gets its generated cover.
 */
export function toQueuedSong(song: SongDataDto): MinimalSongDto {
  const providers = Object.fromEntries(
    Object.entries(song.musicProviders).filter(([, id]) => typeof id === 'string' && id !== ''),
  ) as MinimalSongDto['musicProviders'];
  const upload = uploadIdOf(song);
  if (upload) providers.uploadService = upload;
  const thumbnails = { ...song.thumbnails };
  if (upload && !thumbnails.uploadService) thumbnails.uploadService = uploadCoverUrl(upload);
  return queuedSong(song, providers, thumbnails, song.songShortId || undefined);
}
