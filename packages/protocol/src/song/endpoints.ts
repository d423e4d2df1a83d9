import { z } from 'zod';
import { endpoint } from '../contract';
import {
  SongDto,
  SongIdParam,
  SongListQuery,
  SongListRes,
  SongSearchQuery,
  SongSearchRes,
} from './dto';

const S = 'song' as const;

/** Song service (spec §7 "Song service"): the metadata part. Uploads and HLS arrive later. */
export const songEndpoints = {
  search: endpoint({
    service: S,
    method: 'GET',
    path: '/search',
    auth: 'authenticated',
    summary:
      'Searches verified songs by title, artist, genre or album (term or q; no case); pages with limit ≤ 50 and offset',
    query: SongSearchQuery,
    response: SongSearchRes,
  }),
  list: endpoint({
    service: S,
    method: 'GET',
    path: '/songs',
    auth: 'public',
    summary: 'Verified songs, newest first (limit ≤ 50, offset)',
    query: SongListQuery,
    response: SongListRes,
  }),
  listPublic: endpoint({
    service: S,
    method: 'GET',
    path: '/songs/public',
    auth: 'public',
    summary: 'Verified songs anyone may play anywhere (no explicit songs), newest first',
    query: SongListQuery,
    response: SongListRes,
  }),
  get: endpoint({
    service: S,
    method: 'GET',
    path: '/songs/{id}',
    auth: 'public',
    summary: 'One song by short id or numeric id',
    params: SongIdParam,
    response: SongDto,
  }),
  cover: endpoint({
    service: S,
    method: 'GET',
    path: '/songs/{id}/cover.svg',
    auth: 'public',
    summary: "The song's generated cover art (SVG): a gradient and shapes from its id and genre",
    params: SongIdParam,
    produces: ['image/svg+xml'],
    response: z.unknown().describe('An SVG image'),
  }),
};
