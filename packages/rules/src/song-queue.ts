import {
  queuedSong,
  serviceBase,
  songEndpoints,
  type MinimalSongDto,
  type SongDataDto,
} from '@tt/protocol';
import { isUploadSong } from './music';

/** How both apps turn a search result into the song a DJ queues (no React, no DOM). */

/**
 * The path of an upload's generated cover (GET /songs/{id}/cover.svg on the song service). It is
 * relative to the API: each app makes it absolute as it needs.
 */
export function uploadCoverPath(shortId: string): string {
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

/** A stable key of a search result: the catalogue short id, else its first provider id. */
export function resultKey(
  song: Pick<SongDataDto, 'songShortId' | 'musicProviders' | 'isrc'>,
): string | null {
  if (song.songShortId) return `song:${song.songShortId}`;
  const first = Object.entries(song.musicProviders).find(([, id]) => id);
  if (first) return `${first[0]}:${first[1]}`;
  return song.isrc ? `isrc:${song.isrc}` : null;
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
 * upload without a thumbnail gets its generated cover ({@link uploadCoverPath}).
 */
export function toQueuedSong(song: SongDataDto): MinimalSongDto {
  const providers = Object.fromEntries(
    Object.entries(song.musicProviders).filter(([, id]) => typeof id === 'string' && id !== ''),
  ) as MinimalSongDto['musicProviders'];
  const upload = uploadIdOf(song);
  if (upload) providers.uploadService = upload;
  const thumbnails = { ...song.thumbnails };
  if (upload && !thumbnails.uploadService) thumbnails.uploadService = uploadCoverPath(upload);
  return queuedSong(song, providers, thumbnails, song.songShortId || undefined);
}
