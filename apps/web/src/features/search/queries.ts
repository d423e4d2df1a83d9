import { inActivity } from '../../lib/activity';
import { useAllowExplicit } from '../discord/queries';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  playlistSearchEndpoints,
  playlistSongDataEndpoints,
  SEARCH_PAGE_SIZE,
  songEndpoints,
  type SearchSource,
} from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';

/** Songs are cached, and stay fresh, for an hour. */
const SONG_STALE_MS = 60 * 60_000;

export const searchKeys = {
  sources: ['search', 'sources'] as const,
  results: (source: SearchSource, term: string, v2: boolean) =>
    ['search', 'results', source, term.toLowerCase(), v2] as const,
};

/** The sources this platform searches, one tab each (GET /search/sources on the playlist service). */
export function useSearchSources() {
  const ready = useSession((s) => s.ready);
  return useQuery({
    queryKey: searchKeys.sources,
    queryFn: ({ signal }) => api.call(playlistSearchEndpoints.sources, {}, { signal }),
    enabled: ready,
    staleTime: SONG_STALE_MS,
  });
}

/** The same sources outside React, from the same cache (the player asks, PLAYER-TOKENS-4). */
export function fetchSearchSources() {
  return queryClient.fetchQuery({
    queryKey: searchKeys.sources,
    queryFn: ({ signal }) => api.call(playlistSearchEndpoints.sources, {}, { signal }),
    staleTime: SONG_STALE_MS,
  });
}

/**
 * One source's results for `term`, {@link SEARCH_PAGE_SIZE} songs a page; `next` is the offset of
 * the following page. /search/v2 when the search-v2 flag is on (the playlist service's newer
 * search).
 */
export function useSongSearch(term: string, source: SearchSource | null, v2: boolean) {
  const ready = useSession((s) => s.ready);
  const endpoint = v2 ? playlistSearchEndpoints.searchV2 : playlistSearchEndpoints.search;
  // ACTIVITY-1: explicit songs stay out of the activity's search unless the person allowed them.
  const allowExplicit = useAllowExplicit();
  const explicit = inActivity() && !allowExplicit ? 'false' : undefined;
  return useInfiniteQuery({
    queryKey: [...searchKeys.results(source ?? 'uploadService', term, v2), explicit],
    queryFn: ({ pageParam, signal }) =>
      api.call(
        endpoint,
        {
          query: { q: term, source: source!, offset: pageParam, limit: SEARCH_PAGE_SIZE, explicit },
        },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: ready && source !== null && term.length > 0,
    staleTime: SONG_STALE_MS,
  });
}

/**
 * SEARCH-EMPTY-1: what an empty search offers: the catalogue's verified songs, newest first, a
 * page at a time (songs anyone may play inside the Discord activity unless explicit is allowed).
 */
export function useCatalogueBrowse(enabled: boolean) {
  const ready = useSession((s) => s.ready);
  const allowExplicit = useAllowExplicit();
  const endpoint = inActivity() && !allowExplicit ? songEndpoints.listPublic : songEndpoints.list;
  return useInfiniteQuery({
    queryKey: ['search', 'browse', endpoint.path],
    queryFn: ({ pageParam, signal }) =>
      api.call(endpoint, { query: { offset: pageParam, limit: SEARCH_PAGE_SIZE } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: ready && enabled,
    staleTime: SONG_STALE_MS,
  });
}

/** SIMILAR-1: up to 8 songs like a Spotify track (the music-analysis service). */
export function useSimilarSongsQuery(spotifyId: string | null) {
  return useQuery({
    queryKey: ['song-data', 'similar', spotifyId],
    queryFn: () =>
      api.call(playlistSongDataEndpoints.similar, { params: { providerSongId: spotifyId! } }),
    enabled: spotifyId !== null,
    staleTime: 10 * 60_000,
  });
}
