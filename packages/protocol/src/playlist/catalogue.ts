import { z } from 'zod';
import { endpoint } from '../contract';
import { SongProvider } from '../room/dto';
import { ServiceStatusDto } from '../status';
import { DEFAULT_SONG_PAGE, MAX_SONG_PAGE, SongDto, SongStatus } from '../song/dto';
import { SongDataProvider } from './song-data';

const P = 'playlist' as const;

/**
 * Providers a song can be imported from (the apps import from sevenDigital, soundCloudPublic,
 * spotify, apple and uploadService), plus the other providers the platform has adapters for.
 */
export const IMPORT_PROVIDERS = SongDataProvider.options;

/** POST /api/v1/track-import. */
export const TrackImportBody = z.object({
  musicProvider: z.string().trim().min(1).max(40),
  providerId: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^\s/?#]+$/, 'must be a provider song id (no spaces, slashes, ? or #)'),
});
export type TrackImportBody = z.infer<typeof TrackImportBody>;

export const TrackImportRes = z.object({
  /** False when the song was already in the catalogue (by this provider id or its ISRC). */
  created: z.boolean(),
  song: SongDto,
});
export type TrackImportRes = z.infer<typeof TrackImportRes>;

/** GET /api/v1/songs filters. `q` matches title, artist or album (no case). */
export const CatalogueSongsQuery = z.object({
  provider: SongProvider.optional(),
  isrc: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{12}$/, 'must be a 12-character ISRC (no dashes)')
    .optional(),
  q: z.string().trim().min(1).max(200).optional(),
  status: SongStatus.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_SONG_PAGE).default(DEFAULT_SONG_PAGE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type CatalogueSongsQuery = z.output<typeof CatalogueSongsQuery>;

export const CatalogueSongsRes = z.object({
  songs: z.array(SongDto),
  total: z.number().int(),
  next: z.number().int().nullable(),
});
export type CatalogueSongsRes = z.infer<typeof CatalogueSongsRes>;

export const CatalogueSongParams = z.object({ songId: z.string().trim().min(1).max(64) });

export const playlistCatalogueEndpoints = {
  trackImport: endpoint({
    service: P,
    method: 'POST',
    path: '/api/v1/track-import',
    auth: 'user',
    summary:
      'Imports a provider song into the catalogue (idempotent by provider id, then ISRC) and answers the catalogue song; provider songs are stored UNVERIFIED (no audio of ours)',
    body: TrackImportBody,
    response: TrackImportRes,
  }),
  songs: endpoint({
    service: P,
    method: 'GET',
    path: '/api/v1/songs',
    auth: 'authenticated',
    summary:
      'Catalogue songs, newest first, filtered by provider, isrc, q (title, artist, album) and status; limit ≤ 50, offset',
    query: CatalogueSongsQuery,
    response: CatalogueSongsRes,
  }),
  song: endpoint({
    service: P,
    method: 'GET',
    path: '/api/v1/songs/{songId}',
    auth: 'authenticated',
    summary: 'One catalogue song by numeric id or short id',
    params: CatalogueSongParams,
    response: SongDto,
  }),
  status: endpoint({
    service: P,
    method: 'GET',
    path: '/info-admin/playlists-service-status',
    auth: 'public',
    summary:
      'Health of the playlist service, spelt playlists-service-status (same as playlist-service-status)',
    response: ServiceStatusDto,
  }),
};
