import {
  queuedSong,
  serviceBase,
  songEndpoints,
  type CrateSongDto,
  type MinimalSongDto,
  type SongDataDto,
  type SongProvider,
} from '@tt/protocol';
import { appleArtworkUrl, isUploadSong, sevenDigitalImageUrl } from '@tt/rules';
import { API_URL } from '../../lib/config';

/** Pure helpers of the DJ screens (no React): keys, art, lengths, the song a DJ queues. */

/** m:ss */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The generated cover of one of our uploads (GET /songs/{id}/cover.svg), as the web names it. */
function uploadCoverPath(shortId: string): string {
  return (
    serviceBase('song') + songEndpoints.cover.path.replace('{id}', encodeURIComponent(shortId))
  );
}

/** The short id of our own upload, when the song is one (as the web's search decides). */
export function uploadIdOf(
  song: Pick<SongDataDto, 'musicProviders' | 'songShortId'>,
): string | null {
  if (isUploadSong(song)) return song.musicProviders.uploadService!;
  const named = Object.values(song.musicProviders).some((id) => typeof id === 'string' && id);
  return !named && song.songShortId ? song.songShortId : null;
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
export function flattenPages(
  pages: readonly { songs: readonly SongDataDto[] }[],
): { key: string; song: SongDataDto }[] {
  const seen = new Set<string>();
  const out: { key: string; song: SongDataDto }[] = [];
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
 * A search result as a crate or the room takes it, as the web builds it: an upload's short id
 * becomes its uploadService id (with its generated cover), a provider song keeps its providers.
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

/** A crate song as the room takes it (addDj, updateNextSong). */
export function toRoomSong(song: CrateSongDto): MinimalSongDto {
  return {
    trackName: song.trackName,
    artistName: song.artistName,
    genre: song.genre,
    duration: song.duration,
    isrc: song.isrc,
    musicProviders: song.musicProviders,
    thumbnails: song.thumbnails,
    playbackToken: song.playbackToken,
    crateSongUuid: song.crateSongUuid,
    status: song.status,
    ...(song.songShortId ? { songShortId: song.songShortId } : {}),
  };
}
