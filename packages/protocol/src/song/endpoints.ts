import { z } from 'zod';
import { endpoint } from '../contract';
import {
  SongDto,
  SongHlsKeyQuery,
  SongHlsSegmentParam,
  SongIdParam,
  SongListQuery,
  SongListRes,
  SongSearchQuery,
  SongSearchRes,
} from './dto';
import { songEditContracts } from './endpoints-edit';

const S = 'song' as const;

/** Song service: the catalogue, uploads and their encrypted HLS. */
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
  upload: endpoint({
    service: S,
    method: 'POST',
    path: '/upload/song',
    auth: 'user',
    summary:
      'Uploads one audio file (multipart: file + optional trackName, artistName; MP3, M4A/AAC, WAV, FLAC or Ogg, at most 50 MB; needs the uploadMusic capability) and reads its tags. Answers the stored song at once: VALID_FILE_TYPE (a song.transcode job verifies it: VERIFIED, UNVERIFIED when not 5 s to 20 min long, VERIFICATION_ERROR when it does not decode), MISSING_METADATA (no title or artist: complete them with POST /metadata) or VERIFICATION_POSTPONED (too many transcodes waiting; tried again later). Poll GET /songs/{id}',
    multipart: true,
    response: SongDto,
    status: 201,
  }),
  hlsKey: endpoint({
    service: S,
    method: 'GET',
    path: '/songs/hls/key',
    auth: 'public',
    summary:
      "The 16-byte AES-128 key of a verified song's HLS segments, through the short-lived signed URL (songId, exp, sig, uid) that GET /songs/{id}/hls-playlist wrote as its #EXT-X-KEY URI for this caller: a listener of a room playing it (or just played, or a DJ's next song), its uploader, staff, or a preview within the guest or user preview limit. With a token, the signature must be for the token's user; without one (a phone's native player, which does not send the token with key requests), for the URL's uid. 403 without a valid signature, 401 with neither a token nor a signed URL",
    query: SongHlsKeyQuery,
    produces: ['application/octet-stream'],
    response: z.unknown().describe('16 raw key bytes'),
  }),
  hlsPlaylist: endpoint({
    service: S,
    method: 'GET',
    path: '/songs/{id}/hls-playlist',
    auth: 'public',
    summary:
      "The song's HLS playlist (m3u8; segments and key on this platform); 403 until the song is verified; a redirect (302) when an external transcoder made the rendition. With the bearer token of a caller who may hear the song, its #EXT-X-KEY URI is a key URL signed for that caller (a few minutes); otherwise the bare key URI, which answers 403",
    params: SongIdParam,
    produces: ['application/vnd.apple.mpegurl'],
    response: z.unknown().describe('An HLS media playlist'),
  }),
  hlsSegment: endpoint({
    service: S,
    method: 'GET',
    path: '/songs/{id}/hls/{segment}',
    auth: 'public',
    summary: 'One encrypted MPEG-TS segment of a verified song (segNNNNN.ts)',
    params: SongHlsSegmentParam,
    produces: ['video/mp2t'],
    response: z.unknown().describe('AES-128-encrypted MPEG-TS bytes'),
  }),
  ...songEditContracts,
};
