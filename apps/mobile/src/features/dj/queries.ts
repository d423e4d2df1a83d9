import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  crateEndpoints,
  CRATES_PAGE,
  playlistCatalogueEndpoints,
  paymentEndpoints,
  profileEndpoints,
  playlistSearchEndpoints,
  SEARCH_PAGE_SIZE,
  specialCrateEndpoints,
  type CrateDto,
  type CrateSongDto,
  type CrateSongsPage,
  type MinimalSongDto,
  type SearchSource,
} from '@tt/protocol';
import { CACHE_TIMES, importBeforeAdd, importRefusal, SONG_IMPORT_ERRORS } from '@tt/rules';
import { api, ApiError } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { refKey, type CrateRef } from './active-crate';

/** How many of a crate's first songs the phone shows (and DJs through). */
export const CRATE_SONGS_SHOWN = 100;
/** Songs are cached, and stay fresh, for an hour (as on the web). */
const SONG_STALE_MS = 60 * 60_000;

export const djKeys = {
  sources: ['dj', 'search', 'sources'] as const,
  search: (source: SearchSource | null, term: string, v2: boolean) =>
    ['dj', 'search', 'results', source, term.toLowerCase(), v2] as const,
  mine: ['dj', 'crates', 'mine'] as const,
  crate: (key: string) => ['dj', 'crates', 'one', key] as const,
  songs: (key: string) => ['dj', 'crates', 'songs', key] as const,
  level: ['dj', 'subscription'] as const,
};

/** The sources this platform searches, one tab each (GET /search/sources). */
export function useSearchSources() {
  return useQuery({
    queryKey: djKeys.sources,
    queryFn: ({ signal }) => api.call(playlistSearchEndpoints.sources, {}, { signal }),
    staleTime: SONG_STALE_MS,
  });
}

/** One source's results, 20 songs a page (GET /search or /search/v2 when the flag is on). */
export function useSongSearch(term: string, source: SearchSource | null, v2: boolean) {
  const endpoint = v2 ? playlistSearchEndpoints.searchV2 : playlistSearchEndpoints.search;
  return useInfiniteQuery({
    queryKey: djKeys.search(source, term, v2),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        endpoint,
        { query: { q: term, source: source!, offset: pageParam, limit: SEARCH_PAGE_SIZE } },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: source !== null && term.length > 0,
    staleTime: SONG_STALE_MS,
  });
}

/** The signed-in user's crates, newest first (the queue and starred list are not in it). */
export function useMyCrates(enabled: boolean) {
  return useQuery({
    queryKey: djKeys.mine,
    queryFn: ({ signal }) =>
      api.call(crateEndpoints.listMine, { query: { limit: CRATES_PAGE, offset: 0 } }, { signal }),
    enabled,
    staleTime: CACHE_TIMES.playlists,
  });
}

/** One crate: its name and song count (GET /crate/{id} or /crate/special/{special}). */
export function useCrate(ref: CrateRef, enabled = true) {
  return useQuery({
    queryKey: djKeys.crate(refKey(ref)),
    queryFn: ({ signal }): Promise<CrateDto> =>
      'special' in ref
        ? api.call(specialCrateEndpoints.get, { params: ref }, { signal })
        : api.call(crateEndpoints.get, { params: ref }, { signal }),
    enabled,
    staleTime: CACHE_TIMES.playlists,
  });
}

/** The first songs of a crate, in order. */
export function useCrateSongs(ref: CrateRef, enabled = true) {
  return useQuery({
    queryKey: djKeys.songs(refKey(ref)),
    queryFn: ({ signal }): Promise<CrateSongsPage> => {
      const query = { limit: CRATE_SONGS_SHOWN, offset: 0 };
      return 'special' in ref
        ? api.call(specialCrateEndpoints.songs, { params: ref, query }, { signal })
        : api.call(crateEndpoints.songs, { params: ref, query }, { signal });
    },
    enabled,
    staleTime: CACHE_TIMES.playlists,
  });
}

/** After a change of a crate: its songs, its card and the list are read again. */
export async function crateChanged(ref: CrateRef): Promise<CrateSongsPage | undefined> {
  void queryClient.invalidateQueries({ queryKey: djKeys.crate(refKey(ref)) });
  void queryClient.invalidateQueries({ queryKey: djKeys.mine });
  await queryClient.invalidateQueries({ queryKey: djKeys.songs(refKey(ref)) });
  return queryClient.getQueryData<CrateSongsPage>(djKeys.songs(refKey(ref)));
}

/** The songs of a crate as last read (after a change: as the server has them now). */
export function cachedCrateSongs(ref: CrateRef): CrateSongDto[] | undefined {
  return queryClient.getQueryData<CrateSongsPage>(djKeys.songs(refKey(ref)))?.songs;
}

/** A new empty crate (`crateName` or the server's next "New Playlist #", CRATE-NAME-1). */
export function useCreateCrateMutation() {
  return useMutation({
    mutationFn: (crateName: string | undefined) =>
      api.call(crateEndpoints.create, { body: crateName ? { crateName } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: djKeys.mine }),
  });
}

/**
 * The text of a failed add: the two import refusals in the person's language (CRATE-IMPORT-2),
 * otherwise the server's words.
 */
export function addErrorText(err: unknown, t: (key: string) => string): string {
  if (!(err instanceof ApiError)) return t('errors.generic');
  const code = (err.body as { code?: unknown } | null)?.code;
  const known = Object.values(SONG_IMPORT_ERRORS) as unknown[];
  return known.includes(code) ? t(`dj.importErrors.${String(code)}`) : err.displayText;
}

/**
 * Adds a song at the bottom of a crate; a song it already holds is left out (SAME-SONG-1). A
 * provider song is imported to the catalogue first (CRATE-IMPORT-2): refused, nothing is added.
 */
export function useAddSongMutation() {
  return useMutation({
    mutationFn: async ({ ref, song }: { ref: CrateRef; song: MinimalSongDto }) => {
      const importTrack = (body: { musicProvider: string; providerId: string }) =>
        api.call(playlistCatalogueEndpoints.trackImport, { body });
      const added = await importBeforeAdd(song, importTrack, (code) =>
        importRefusal(code, ApiError),
      );
      const body = { songs: [added] };
      return 'special' in ref
        ? api.call(specialCrateEndpoints.addSongs, { params: ref, body })
        : api.call(crateEndpoints.addSongs, { params: ref, body });
    },
    onSuccess: (_res, { ref }) => crateChanged(ref),
  });
}

/** Removes one song; the songs below move up. */
export function useRemoveSongMutation(ref: CrateRef) {
  return useMutation({
    mutationFn: (crateSongUuid: string) =>
      'special' in ref
        ? api.call(specialCrateEndpoints.removeSong, { params: { ...ref, crateSongUuid } })
        : api.call(crateEndpoints.removeSong, { params: { ...ref, crateSongUuid } }),
    onSuccess: () => crateChanged(ref),
  });
}

/** Moves one song to a 0-based position (PUT …/songs/{crateSongUuid}/position). */
export function moveCrateSong(ref: CrateRef, crateSongUuid: string, newPosition: number) {
  const body = { newPosition };
  return 'special' in ref
    ? api.call(specialCrateEndpoints.moveSong, { params: { ...ref, crateSongUuid }, body })
    : api.call(crateEndpoints.moveSong, { params: { ...ref, crateSongUuid }, body });
}

/** The list with one song moved, as the server will answer it. */
export function moved(songs: CrateSongDto[], crateSongUuid: string, to: number): CrateSongDto[] {
  const from = songs.findIndex((s) => s.crateSongUuid === crateSongUuid);
  if (from < 0) return songs;
  const next = [...songs];
  const [song] = next.splice(from, 1);
  next.splice(Math.min(Math.max(0, to), next.length), 0, song!);
  return next.map((s, position) => ({ ...s, position }));
}

/** Moves a song; the list shows the new order at once and is read again after the answer. */
export function useMoveSongMutation(ref: CrateRef) {
  const key = djKeys.songs(refKey(ref));
  return useMutation({
    mutationFn: ({ crateSongUuid, to }: { crateSongUuid: string; to: number }) =>
      moveCrateSong(ref, crateSongUuid, to),
    onMutate: ({ crateSongUuid, to }) => {
      const before = queryClient.getQueryData<CrateSongsPage>(key);
      if (before) {
        queryClient.setQueryData<CrateSongsPage>(key, {
          ...before,
          songs: moved(before.songs, crateSongUuid, to),
        });
      }
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => crateChanged(ref),
  });
}

/**
 * Whether the signed-in user holds Pro now (GET /subscription, SUB-LEVEL-2); asked only where
 * payments are on (SUB-STATUS-1), otherwise nobody is Pro and nothing refused is logged.
 */
export function useProQuery(enabled: boolean) {
  return useQuery({
    queryKey: djKeys.level,
    queryFn: async ({ signal }) => {
      const payments = await api.call(paymentEndpoints.status, {}, { signal });
      if (!payments.enabled) return false;
      return (await api.call(paymentEndpoints.mine, {}, { signal })).level === 'PRO';
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * My own profile (GET /users/profile) for what the access table needs of me here: whether my
 * e-mail address is verified, my capabilities. The key is the session's (lib/session useMe), so
 * both read one cached answer.
 */
export function useOwnProfileQuery(uuid: string | null) {
  return useQuery({
    queryKey: ['me', uuid] as const,
    queryFn: ({ signal }) => api.call(profileEndpoints.ownProfile, {}, { signal }),
    enabled: uuid !== null,
  });
}
