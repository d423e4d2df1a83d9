import { z } from 'zod';
import { endpoint } from '../contract';
import {
  SongDto,
  SongIdParam,
  SongListQuery,
  SongListRes,
  SongSearchQuery,
  SongSearchRes,
} from '../song/dto';

const U = 'upload' as const;

export const HlsPlaylistUrlRes = z.object({
  /** Absolute URL of the song's HLS playlist (its segments and key are on this platform too). */
  hlsPlaylistUrl: z.string(),
});
export type HlsPlaylistUrlRes = z.infer<typeof HlsPlaylistUrlRes>;

/**
 * Upload service (what the apps' upload client calls: getSong, getHlsPlaylistUrl, search,
 * getSongsForUser): reads of uploaded songs for other services and apps. Uploading itself is
 * POST /api/song-service/upload/song.
 */
export const uploadEndpoints = {
  getSong: endpoint({
    service: U,
    method: 'GET',
    path: '/songs/{id}',
    auth: 'public',
    summary: 'One song by short id or numeric id',
    params: SongIdParam,
    response: SongDto,
  }),
  hlsPlaylistUrl: endpoint({
    service: U,
    method: 'GET',
    path: '/songs/{id}/hls-playlist-url',
    auth: 'public',
    summary: "Where a verified upload's HLS playlist is served; 403 until the song is verified",
    params: SongIdParam,
    response: HlsPlaylistUrlRes,
  }),
  search: endpoint({
    service: U,
    method: 'GET',
    path: '/search',
    auth: 'authenticated',
    summary: 'Searches verified songs (term or q; limit ≤ 50, offset)',
    query: SongSearchQuery,
    response: SongSearchRes,
  }),
  songsForUser: endpoint({
    service: U,
    method: 'GET',
    path: '/songs/user/{userUuid}',
    auth: 'authenticated',
    summary:
      "A user's uploads, newest first: every status for the user themself, verified ones for everyone else",
    params: z.object({ userUuid: z.string().uuid('must be a user uuid') }),
    query: SongListQuery,
    response: SongListRes,
  }),
};
