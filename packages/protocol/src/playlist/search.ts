import { z } from 'zod';
import { endpoint } from '../contract';
import { SongDto } from '../song/dto';

const P = 'playlist' as const;

/** Where a search looks: our own uploads, or one music provider. */
export const SEARCH_SOURCES = [
  'uploadService',
  'sevenDigital',
  'spotify',
  'apple',
  'soundcloud',
  'audius',
  'youtube',
  'deezer',
  'napster',
] as const;
export const SearchSource = z.enum(SEARCH_SOURCES);
export type SearchSource = z.infer<typeof SearchSource>;

/** SEARCH-PAGE-1: search pages hold 20 songs; a page may ask for at most 50. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE = 50;

/**
 * A song as search and song-data answer it: the fields of a catalogue song. `songShortId` and
 * `id` name the catalogue song when the track is in our catalogue (uploads, imported tracks),
 * otherwise they are null and `musicProviders` names it at its provider.
 */
export const SongDataDto = SongDto.pick({
  trackName: true,
  artistName: true,
  genre: true,
  duration: true,
  isrc: true,
  explicit: true,
  musicProviders: true,
  thumbnails: true,
  links: true,
  previews: true,
  streamUrls: true,
  albumName: true,
  releaseYear: true,
}).extend({
  id: z.number().int().nullable(),
  songShortId: z.string().nullable(),
});
export type SongDataDto = z.infer<typeof SongDataDto>;

/**
 * GET /search and /search/v2. Without `source` every configured source is searched and the
 * results interleaved (first 5 sevenDigital, then alternating); with it, one source (a tab).
 * `explicit=false` leaves explicit songs out. `next` is the offset of the following page or null.
 */
export const PlaylistSearchQuery = z.object({
  q: z.string().trim().min(1, 'A search term is required').max(200),
  explicit: z.stringbool().optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .transform((v) => v.toUpperCase())
    .prefault('US'),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).default(SEARCH_PAGE_SIZE),
  source: SearchSource.optional(),
});
export type PlaylistSearchQuery = z.output<typeof PlaylistSearchQuery>;

export const PlaylistSearchRes = z.object({
  songs: z.array(SongDataDto),
  next: z.number().int().nullable(),
});
export type PlaylistSearchRes = z.infer<typeof PlaylistSearchRes>;

/** Which sources this platform can search (one tab each) and play. */
export const SearchSourcesRes = z.object({
  sources: z.array(SearchSource),
  /** Whether /search/v2 is on (the search-v2 config flag). */
  searchV2: z.boolean(),
});
export type SearchSourcesRes = z.infer<typeof SearchSourcesRes>;

export const playlistSearchEndpoints = {
  search: endpoint({
    service: P,
    method: 'GET',
    path: '/search',
    auth: 'authenticated',
    summary:
      'Searches songs (q, explicit, country, offset, limit ≤ 50, optional source); without source every configured source, interleaved',
    query: PlaylistSearchQuery,
    response: PlaylistSearchRes,
  }),
  searchV2: endpoint({
    service: P,
    method: 'GET',
    path: '/search/v2',
    auth: 'authenticated',
    summary:
      'Search v2 (same query and answer as /search; 404 unless the SEARCH_V2 config flag is on): every word of q must match, the catalogue is ranked by relevance, and the same song found at several providers (same-song rule) is answered once with all its providers',
    query: PlaylistSearchQuery,
    response: PlaylistSearchRes,
  }),
  sources: endpoint({
    service: P,
    method: 'GET',
    path: '/search/sources',
    auth: 'public',
    summary: 'The search sources this platform has (uploads and every configured provider)',
    response: SearchSourcesRes,
  }),
};
