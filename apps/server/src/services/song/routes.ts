import type { FastifyInstance } from 'fastify';
import { songEndpoints as e } from '@tt/protocol';
import { route } from '../../platform/route';
import type { SongService } from './service';
import type { SongUploadService } from './upload.service';

/**
 * Song catalogue: search, verified and public lists, one song, its generated cover; uploads and
 * their encrypted HLS (playlist, segments, key).
 */
export function registerSongRoutes(
  app: FastifyInstance,
  songs: SongService,
  uploads: SongUploadService,
): void {
  route(app, e.search, ({ query }) => songs.search(query));
  route(app, e.list, ({ query }) => songs.list(false, query.limit, query.offset));
  route(app, e.listPublic, ({ query }) => songs.list(true, query.limit, query.offset));
  route(app, e.get, ({ params }) => songs.get(params.id));
  route(app, e.cover, async ({ params, reply }) => {
    const svg = await songs.cover(params.id);
    // Drawn from the id, genre and title: it changes only when those do.
    reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return svg;
  });

  route(app, e.upload, ({ auth, request }) => uploads.upload(auth, request));

  route(app, e.hlsPlaylist, async ({ params, reply }) => {
    const m3u8 = await uploads.playlist(params.id);
    reply
      .header('content-type', 'application/vnd.apple.mpegurl')
      .header('cache-control', 'public, max-age=60');
    return m3u8;
  });

  route(app, e.hlsSegment, async ({ params, reply }) => {
    const bytes = await uploads.segment(params.id, params.segment);
    // Encrypted; a segment name stays the same bytes for the life of the song.
    reply
      .header('content-type', 'video/mp2t')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff');
    return bytes;
  });

  // Guests may listen (previews), so any valid token gets the key; no token gets 401.
  route(app, e.hlsKey, async ({ query, reply }) => {
    const key = await uploads.key(query.songId);
    reply.header('content-type', 'application/octet-stream').header('cache-control', 'no-store');
    return key;
  });
}
