import { z } from 'zod';
import { endpoint } from '../contract';
import { SongProvider } from '../room/dto';
import { SongStreamUrls } from '../song/dto';
import { SongDataDto } from './search';

const P = 'playlist' as const;

/**
 * Providers a song can be looked up at by id (the adapters of the platform), plus our own
 * catalogue (`uploadService`: the id is a song short id). `soundcloud` is accepted as another
 * name of `soundCloudPublic` (the user service's provider list spells it so).
 */
export const SONG_DATA_PROVIDERS = [
  'spotify',
  'apple',
  'soundCloudPublic',
  'soundcloud',
  'audius',
  'youtube',
  'sevenDigital',
  'deezer',
  'napster',
  'tidal',
  'uploadService',
] as const;
export const SongDataProvider = z.enum(SONG_DATA_PROVIDERS);
export type SongDataProvider = z.infer<typeof SongDataProvider>;

/** The provider key songs carry in `musicProviders` for a provider named in a request. */
export function songProviderKey(p: SongDataProvider): SongProvider {
  return p === 'soundcloud' ? 'soundCloudPublic' : p;
}

const providerSongId = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[^\s/?#]+$/, 'must be a provider song id (no spaces, slashes, ? or #)');

const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
  .transform((v) => v.toUpperCase());

/**
 * GET /song-data/{link}: the link of a song at a provider, URL-encoded into one path segment.
 * A colon may arrive as an underscore (the shared request layer turns `:` into `_`,
 * SONG-DATA-LINK-1), so
 * `https_//open.spotify.com/track/…` and `spotify_track_…` are read as `https://…` and
 * `spotify:track:…`.
 */
export const SongDataLinkParams = z.object({ link: z.string().trim().min(1).max(2000) });

export const SongDataProviderParams = z.object({
  providerSongId,
  musicProvider: SongDataProvider,
});

/**
 * Bare GET /song-data: either `link`, or `providerSongId` with `musicProvider`. `providers=true`
 * also finds the song at every other provider (as /song-data/{id}/{provider}/providers does).
 */
export const SongDataQuery = z
  .object({
    link: z.string().trim().min(1).max(2000).optional(),
    providerSongId: providerSongId.optional(),
    musicProvider: SongDataProvider.optional(),
    providers: z.stringbool().optional(),
    country: country.prefault('US'),
  })
  .refine((q) => Boolean(q.link) !== Boolean(q.providerSongId && q.musicProvider), {
    path: ['link'],
    message: 'send either link, or providerSongId and musicProvider',
  });
export type SongDataQuery = z.output<typeof SongDataQuery>;

/** The country a provider answers for (Spotify market, 7digital shop); US unless given. */
export const SongDataCountryQuery = z.object({ country: country.prefault('US') });

/** Stream quality: low (~64 kbps), standard (128 kbps), high (160 kbps and up) where offered. */
export const STREAM_QUALITIES = ['low', 'standard', 'high'] as const;
export const StreamQuality = z.enum(STREAM_QUALITIES);
export type StreamQuality = z.infer<typeof StreamQuality>;

/**
 * GET /song-data/stream/{country}/{id} and /preview/{country}/{id}: `id` names a catalogue song
 * (numeric id or short id), or — with `provider` — a song at that provider.
 */
export const SongMediaParams = z.object({ country, id: providerSongId });
export const SongStreamQuery = z.object({
  quality: StreamQuality.default('standard'),
  provider: SongDataProvider.optional(),
});
export const SongPreviewQuery = z.object({ provider: SongDataProvider.optional() });

export const SongStreamRes = z.object({
  country: z.string(),
  quality: StreamQuality,
  /** Provider → where to stream the song from (http and/or hls); empty when nobody streams it. */
  streamUrls: z.partialRecord(SongProvider, SongStreamUrls),
});
export type SongStreamRes = z.infer<typeof SongStreamRes>;

export const SongPreviewRes = z.object({
  country: z.string(),
  /** Short clips, best first. */
  previews: z.array(z.string()),
  /** Provider → its clip. */
  byProvider: z.partialRecord(SongProvider, z.string()),
});
export type SongPreviewRes = z.infer<typeof SongPreviewRes>;

/** POST /song-data/migrate-links: one batch of catalogue songs, by id, after `afterId`. */
export const MigrateLinksBody = z.object({
  afterId: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(200).default(50),
  /** Only songs known at this provider. */
  provider: SongDataProvider.optional(),
});
export type MigrateLinksBody = z.output<typeof MigrateLinksBody>;

export const MigrateLinksRes = z.object({
  processed: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** Pass as `afterId` for the next batch; null when this was the last one. */
  nextAfterId: z.number().int().nullable(),
});
export type MigrateLinksRes = z.infer<typeof MigrateLinksRes>;

/** ANALYSIS-4: similar tracks answer at most 8 songs, each with a Spotify id. */
export const SIMILAR_TRACKS_LIMIT = 8;

export const SimilarTracksParams = z.object({
  providerSongId: z.string().regex(/^[A-Za-z0-9]{22}$/, 'must be a Spotify track id'),
});

/**
 * `ready`: the analysis answered (songs may still be empty); `enqueued`: the track was not
 * analysed yet (the service answered trackNotAnalyzed) and has been queued for analysis
 * (ANALYSIS-1); `unavailable`: the
 * analysis service or Spotify is not configured, or failed (logged).
 */
export const SimilarTracksRes = z.object({
  status: z.enum(['ready', 'enqueued', 'unavailable']),
  songs: z.array(SongDataDto),
});
export type SimilarTracksRes = z.infer<typeof SimilarTracksRes>;

export const playlistSongDataEndpoints = {
  byLink: endpoint({
    service: P,
    method: 'GET',
    path: '/song-data/{link}',
    auth: 'authenticated',
    summary:
      'The song behind a provider link (Spotify, Apple Music, SoundCloud, YouTube, Audius, 7digital; URL-encoded, `:` may be `_`), with its catalogue id when imported',
    params: SongDataLinkParams,
    query: SongDataCountryQuery,
    response: SongDataDto,
  }),
  providers: endpoint({
    service: P,
    method: 'GET',
    path: '/song-data/{providerSongId}/{musicProvider}/providers',
    auth: 'authenticated',
    summary:
      'The song with every provider it is found at (by ISRC, else the same-song rule); completed lazily (SONG-DATA-LAZY-1): a catalogue song that already has several providers, thumbnails and links is answered as stored',
    params: SongDataProviderParams,
    query: SongDataCountryQuery,
    response: SongDataDto,
  }),
  service: endpoint({
    service: P,
    method: 'GET',
    path: '/song-data/{providerSongId}/{musicProvider}/service',
    auth: 'service.call',
    summary:
      'Service variant of /providers: also imports the song into the catalogue (idempotent) and stores the providers found, so the answer always has an id and short id',
    params: SongDataProviderParams,
    query: SongDataCountryQuery,
    response: SongDataDto,
  }),
  query: endpoint({
    service: P,
    method: 'GET',
    path: '/song-data',
    auth: 'authenticated',
    summary:
      'Query form: link, or providerSongId + musicProvider; providers=true also matches the other providers',
    query: SongDataQuery,
    response: SongDataDto,
  }),
  stream: endpoint({
    service: P,
    method: 'GET',
    path: '/song-data/stream/{country}/{id}',
    auth: 'authenticated',
    summary:
      'Stream URLs of a catalogue song (or, with provider, a provider song) per provider: our HLS for uploads, SoundCloud http/hls by quality, Audius',
    params: SongMediaParams,
    query: SongStreamQuery,
    response: SongStreamRes,
  }),
  preview: endpoint({
    service: P,
    method: 'GET',
    path: '/song-data/preview/{country}/{id}',
    auth: 'authenticated',
    summary:
      'Preview clips of a catalogue song (or, with provider, a provider song): Spotify, Apple, SoundCloud and 7digital clips',
    params: SongMediaParams,
    query: SongPreviewQuery,
    response: SongPreviewRes,
  }),
  migrateLinks: endpoint({
    service: P,
    method: 'POST',
    path: '/song-data/migrate-links',
    auth: 'admin.songs',
    summary:
      'Admin: re-reads one batch of catalogue songs from their providers and stores fresh links, thumbnails, previews and the providers they match',
    body: MigrateLinksBody,
    response: MigrateLinksRes,
  }),
  similar: endpoint({
    service: P,
    method: 'GET',
    path: '/song-data/{providerSongId}/spotify/similar',
    auth: 'authenticated',
    summary:
      'Similar tracks of a Spotify track from the music-analysis service: first 8 with a thumbnail and a positive duration, de-duplicated by track and artist; an unanalysed track is queued and answers no songs',
    params: SimilarTracksParams,
    response: SimilarTracksRes,
  }),
  analysisWebhook: endpoint({
    service: P,
    method: 'POST',
    path: '/cyanite/webhook',
    auth: 'public',
    summary:
      'The music-analysis service says an analysis finished or failed (raw JSON body; Signature header = hex HMAC-SHA512 under MUSIC_ANALYSIS_WEBHOOK_SECRET)',
    response: z.object({ received: z.boolean() }),
  }),
};
