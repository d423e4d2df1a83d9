import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  accessRequestEndpoints,
  songEndpoints,
  type EndpointInput,
  type SongDto,
} from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { isProcessing, STATUS_POLL_MS } from './file';

/** Pages of "my uploads". */
export const MY_UPLOADS_PAGE = 20;

export const uploadKeys = {
  song: (id: string) => ['songs', 'one', id] as const,
  mine: ['songs', 'mine'] as const,
  accessRequest: ['upload', 'access-request'] as const,
};

/**
 * An uploaded song, asked for again every 2 seconds while it is still on its way (PENDING_UPLOAD,
 * VALID_FILE_TYPE, VERIFICATION_POSTPONED); then it stays as it is.
 */
export function useUploadedSong(song: SongDto) {
  return useQuery({
    queryKey: uploadKeys.song(song.songShortId),
    queryFn: ({ signal }) =>
      api.call(songEndpoints.get, { params: { id: song.songShortId } }, { signal }),
    initialData: song,
    staleTime: 0,
    refetchOnMount: false,
    refetchInterval: (query) =>
      query.state.data && isProcessing(query.state.data.status) ? STATUS_POLL_MS : false,
  });
}

/** The caller's uploads, newest first (GET /songs/mine); refreshed every 2 s while one is processed. */
export function useMyUploads() {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useInfiniteQuery({
    queryKey: uploadKeys.mine,
    queryFn: ({ pageParam, signal }) =>
      api.call(
        songEndpoints.mine,
        { query: { limit: MY_UPLOADS_PAGE, offset: pageParam } },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: signedIn,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.songs.some((s) => isProcessing(s.status)))
        ? STATUS_POLL_MS
        : false,
  });
}

/** After an upload or an edit: the answer becomes the cached song; "my uploads" refetches. */
export function storeSong(song: SongDto): void {
  queryClient.setQueryData(uploadKeys.song(song.songShortId), song);
  void queryClient.invalidateQueries({ queryKey: uploadKeys.mine });
}

/** The title and artist of a MISSING_METADATA upload (POST /metadata); the answer is stored. */
export function useSongMetadataMutation() {
  return useMutation({
    mutationFn: (body: EndpointInput<typeof songEndpoints.metadata>['body']) =>
      api.call(songEndpoints.metadata, { body }),
    onSuccess: storeSong,
  });
}

/** UPLOAD-EDIT-1: the uploader changes some tags of a song (PATCH /songs/{id}); the answer is stored. */
export function useEditTagsMutation(songShortId: string) {
  return useMutation({
    mutationFn: (body: EndpointInput<typeof songEndpoints.editTags>['body']) =>
      api.call(songEndpoints.editTags, { params: { id: songShortId }, body }),
    onSuccess: storeSong,
  });
}

/** UPLOAD-DELETE-1: the uploader deletes a song (DELETE /songs/{id}); "my uploads" refetches. */
export function useDeleteUploadMutation(songShortId: string) {
  return useMutation({
    mutationFn: () => api.call(songEndpoints.delete, { params: { id: songShortId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: uploadKeys.song(songShortId) });
      void queryClient.invalidateQueries({ queryKey: uploadKeys.mine });
    },
  });
}

/** ACCESS-REQ-1: my latest request for upload access, or null. */
export function useMyAccessRequestQuery() {
  return useQuery({
    queryKey: uploadKeys.accessRequest,
    queryFn: async () => (await api.call(accessRequestEndpoints.mine, {})).request,
  });
}

/** ACCESS-REQ-1: asks the moderators for upload access. */
export function useRequestAccessMutation() {
  return useMutation({
    mutationFn: (message: string) =>
      api.call(accessRequestEndpoints.request, { body: { message: message || undefined } }),
    onSuccess: (request) => queryClient.setQueryData(uploadKeys.accessRequest, request),
  });
}
