import { z } from 'zod';
import { MinimalSongDto, SongProvider } from '../room/dto';

/** Song status: the upload and verification life of a song (see @tt/rules song-status). */
export const SONG_STATUSES = [
  'PENDING_UPLOAD',
  'VALID_FILE_TYPE',
  'MISSING_METADATA',
  'VERIFIED',
  'UNVERIFIED',
  'VERIFICATION_ERROR',
  'VERIFICATION_POSTPONED',
] as const;
export const SongStatus = z.enum(SONG_STATUSES);
export type SongStatus = z.infer<typeof SongStatus>;

/** Most songs one page of a song list or search answers. */
export const MAX_SONG_PAGE = 50;
export const DEFAULT_SONG_PAGE = 20;

/** A short id names a song in URLs and in `musicProviders.uploadService`: 10 characters of this alphabet, starting with a letter. */
export const SONG_SHORT_ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
export const SONG_SHORT_ID_PATTERN = /^[a-km-np-z][a-km-np-z2-9]{9}$/;

/** Provider → id, provider → url, provider → link. */
const providerMap = z.partialRecord(SongProvider, z.string().max(2000));

/** Where a provider streams the song from: http and/or hls. */
export const SongStreamUrls = z.object({
  http: z.string().max(2000).optional(),
  hls: z.string().max(2000).optional(),
});
export type SongStreamUrls = z.infer<typeof SongStreamUrls>;

/** A song of the catalogue. */
export const SongDto = z.object({
  id: z.number().int(),
  songShortId: z.string(),
  trackName: z.string(),
  artistName: z.string(),
  genre: z.string().nullable(),
  /** Seconds. */
  duration: z.number(),
  isrc: z.string().nullable(),
  explicit: z.boolean(),
  /** Provider → the song's id there; our own uploads: `{ uploadService: songShortId }`. */
  musicProviders: providerMap,
  /** Provider → artwork URL (or an absolute path on this platform). */
  thumbnails: providerMap,
  /** Provider → a link to the song's page there. */
  links: providerMap,
  /** Preview URLs (short clips). */
  previews: z.array(z.string()),
  streamUrls: z.partialRecord(SongProvider, SongStreamUrls),
  albumName: z.string().nullable(),
  releaseYear: z.number().int().nullable(),
  status: SongStatus,
  /** The account that uploaded it; null for catalogue songs. */
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SongDto = z.infer<typeof SongDto>;

/**
 * A song as a DJ queues it (ttfm-socket `MinimalCrateSongResDTO`) from its catalogue fields and
 * the providers and art it plays with; no playback token yet.
 */
export function queuedSong(
  song: Pick<MinimalSongDto, 'artistName' | 'trackName' | 'genre' | 'duration' | 'isrc'>,
  musicProviders: MinimalSongDto['musicProviders'],
  thumbnails: MinimalSongDto['thumbnails'],
  songShortId?: string,
): MinimalSongDto {
  return {
    artistName: song.artistName,
    trackName: song.trackName,
    genre: song.genre,
    duration: song.duration,
    isrc: song.isrc,
    musicProviders,
    playbackToken: null,
    thumbnails,
    ...(songShortId === undefined ? {} : { songShortId }),
  };
}

/**
 * The song as a DJ queues it (ttfm-socket `MinimalCrateSongResDTO`): what the room page sends
 * in addDj / updateNextSong.
 */
export function toMinimalSong(song: SongDto): MinimalSongDto {
  // Catalogue songs are our own uploads; a song that names other providers keeps them.
  const providers =
    Object.keys(song.musicProviders).length > 0
      ? { ...song.musicProviders }
      : { uploadService: song.songShortId };
  return queuedSong(song, providers, { ...song.thumbnails }, song.songShortId);
}

/** Paging of song lists and searches. */
const pageQuery = {
  limit: z.coerce.number().int().min(1).max(MAX_SONG_PAGE).default(DEFAULT_SONG_PAGE),
  offset: z.coerce.number().int().min(0).default(0),
};

/** GET /search: `term` (or its alias `q`) is matched without case on title, artist, genre and album. */
export const SongSearchQuery = z
  .object({
    term: z.string().trim().max(200).optional(),
    q: z.string().trim().max(200).optional(),
    /** `false` leaves explicit songs out. */
    explicit: z.stringbool().optional(),
    ...pageQuery,
  })
  .refine((v) => Boolean(v.term || v.q), {
    path: ['term'],
    message: 'A search term is required (term or q)',
  });
export type SongSearchQuery = z.output<typeof SongSearchQuery>;

export const SongListQuery = z.object(pageQuery);

/** A page of songs; `next` is the offset of the following page, or null on the last one. */
export const SongSearchRes = z.object({
  songs: z.array(SongDto),
  next: z.number().int().nullable(),
});
export type SongSearchRes = z.infer<typeof SongSearchRes>;

export const SongListRes = SongSearchRes.extend({ total: z.number().int() });
export type SongListRes = z.infer<typeof SongListRes>;

/** A song id in a path: its short id, or its numeric id. */
export const SongIdParam = z.object({ id: z.string().min(1).max(64) });

/** Most bytes of one uploaded audio file (SONG_UPLOAD_MAX_BYTES may lower it). */
export const SONG_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/**
 * GET /songs/hls/key: the song whose AES-128 key is asked for, with the expiry (unix seconds) and
 * signature of the key URL the playlist handed to this caller (SEC-HLS-KEY-1).
 */
export const SongHlsKeyQuery = z.object({
  songId: z.string().regex(SONG_SHORT_ID_PATTERN, 'must be a song short id'),
  exp: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  sig: z
    .string()
    .regex(/^[\w-]{1,100}$/, 'must be a key URL signature')
    .optional(),
  /** SEC-HLS-KEY-4: whom the URL was signed for, so that it works without the token. */
  uid: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'must be a user id')
    .optional(),
});
export type SongHlsKeyQuery = z.output<typeof SongHlsKeyQuery>;

/** One file of a song's HLS rendition: `seg00000.ts`, … */
export const HLS_SEGMENT_PATTERN = /^seg\d{5}\.ts$/;
export const SongHlsSegmentParam = SongIdParam.extend({
  segment: z.string().regex(HLS_SEGMENT_PATTERN, 'must name an HLS segment'),
});

/** Where the rendition of an uploaded song is served (absolute paths on this platform). */
export const songHlsPaths = {
  playlist: (shortId: string) => `/api/song-service/songs/${shortId}/hls-playlist`,
  key: (shortId: string) => `/api/song-service/songs/hls/key?songId=${shortId}`,
  segment: (shortId: string, segment: string) =>
    `/api/song-service/songs/${shortId}/hls/${segment}`,
};
