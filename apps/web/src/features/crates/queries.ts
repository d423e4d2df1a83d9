import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { anyCrateImporting, CACHE_TIMES, CRATE_IMPORT_POLL_MS } from '@tt/rules';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { fetchCrate, refKey, type CrateRef } from './api';
import {
  crateEndpoints,
  crateExportEndpoints,
  crateImportEndpoints,
  CRATES_PAGE,
  type CrateDto,
  type CratesPage,
} from './contract';

export const crateKeys = {
  all: ['crates'] as const,
  mine: ['crates', 'mine'] as const,
  crate: (key: string) => ['crates', 'crate', key] as const,
  songs: (key: string) => ['crates', 'songs', key] as const,
  page: (key: string, offset: number) => ['crates', 'songs', key, offset] as const,
};

/** Playlists are cached 60 seconds, the starred list (likes) forever. */
export function cacheTimesOf(ref: CrateRef): { staleTime: number; gcTime: number } {
  const ms =
    'special' in ref && ref.special === 'likes' ? CACHE_TIMES.likesCrate : CACHE_TIMES.playlists;
  return { staleTime: ms, gcTime: ms };
}

/** Lists refetch every 5 seconds while any crate import is IN_PROGRESS. */
export function importPollInterval(
  crates: Iterable<{ importStatus?: string | null }>,
): number | false {
  return anyCrateImporting(crates) ? CRATE_IMPORT_POLL_MS : false;
}

/** The signed-in user's crates, newest first, 100 a page (the special ones are not in it). */
export function useMyCrates() {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useInfiniteQuery({
    queryKey: crateKeys.mine,
    queryFn: ({ pageParam, signal }) =>
      api.call(
        crateEndpoints.listMine,
        { query: { limit: CRATES_PAGE, offset: pageParam } },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last: CratesPage, pages: CratesPage[]) => {
      const loaded = pages.reduce((n, p) => n + p.crates.length, 0);
      return last.crates.length > 0 && loaded < last.count ? loaded : undefined;
    },
    enabled: signedIn,
    staleTime: CACHE_TIMES.playlists,
    gcTime: CACHE_TIMES.playlists,
    refetchInterval: (q) => importPollInterval(q.state.data?.pages.flatMap((p) => p.crates) ?? []),
  });
}

/** One crate (with its first page of songs), polled while it imports. */
export function useCrate(ref: CrateRef) {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useQuery({
    queryKey: crateKeys.crate(refKey(ref)),
    queryFn: ({ signal }) => fetchCrate(ref, signal),
    enabled: signedIn,
    ...cacheTimesOf(ref),
    refetchInterval: (q) => importPollInterval(q.state.data ? [q.state.data] : []),
  });
}

/**
 * After an edit: the crate the server answered becomes the cached one (its song list stays as
 * the screen holds it, so its first page is left out), the cached pages are dropped and the crate list refreshes its counts.
 */
export function storeCrate(ref: CrateRef, crate: CrateDto): void {
  const key = crateKeys.crate(refKey(ref));
  queryClient.setQueryData<CrateDto>(key, { ...crate, songs: undefined });
  queryClient.removeQueries({ queryKey: crateKeys.songs(refKey(ref)) });
  void queryClient.invalidateQueries({ queryKey: crateKeys.mine });
}

/** A crate is gone: forget it and refresh the list. */
export function forgetCrate(ref: CrateRef): void {
  queryClient.removeQueries({ queryKey: crateKeys.crate(refKey(ref)) });
  queryClient.removeQueries({ queryKey: crateKeys.songs(refKey(ref)) });
  void queryClient.invalidateQueries({ queryKey: crateKeys.mine });
}

/** A crate the server just made: cached as it is, and the list refreshed. */
async function storeNewCrate(made: CrateDto): Promise<CrateDto> {
  queryClient.setQueryData(crateKeys.crate(made.crateUuid), made);
  await queryClient.invalidateQueries({ queryKey: crateKeys.mine });
  return made;
}

/** A new empty crate (`crateName` or the server's next "New Playlist #"). */
export function useCreateCrateMutation() {
  return useMutation({
    mutationFn: (crateName: string | undefined) =>
      api.call(crateEndpoints.create, { body: crateName ? { crateName } : {} }),
    onSuccess: storeNewCrate,
  });
}

/** A provider playlist link becomes a crate, filled in the background. */
export function useImportCrateMutation() {
  return useMutation({
    mutationFn: (body: { link: string; crateName?: string }) =>
      api.call(crateImportEndpoints.importPlaylist, { body }),
    onSuccess: storeNewCrate,
  });
}

/** A copy of a crate (the queue and the starred list too) under a new name. */
export function useCopyCrateMutation() {
  return useMutation({
    mutationFn: async ({ from, crateName }: { from: string; crateName: string }) => {
      const made = await api.call(crateEndpoints.create, { body: { crateName } });
      return api.call(crateEndpoints.copy, {
        params: { id: made.crateUuid },
        body: { srcCrateId: from },
      });
    },
    // Its songs are read a page at a time, as the screen asks for them.
    onSuccess: (filled) => storeNewCrate({ ...filled, songs: undefined }),
  });
}

export function useRenameCrateMutation(ref: CrateRef, crateUuid: string) {
  return useMutation({
    mutationFn: (crateName: string) =>
      api.call(crateEndpoints.update, { params: { id: crateUuid }, body: { crateName } }),
    onSuccess: (updated) => storeCrate(ref, updated),
  });
}

export function useDeleteCrateMutation(ref: CrateRef, crateUuid: string) {
  return useMutation({
    mutationFn: () => api.call(crateEndpoints.remove, { params: { id: crateUuid } }),
    onSuccess: () => forgetCrate(ref),
  });
}

/** CRATE-EXPORT-1: the crate as a playlist in the person's Spotify or Apple Music library. */
export function useExportCrateMutation(crateUuid: string) {
  return useMutation({
    mutationFn: (target: keyof typeof crateExportEndpoints) =>
      api.call(crateExportEndpoints[target], { body: { crateUuid } }),
  });
}
