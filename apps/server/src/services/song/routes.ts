import type { FastifyInstance } from 'fastify';
import { songEndpoints as e } from '@tt/protocol';
import { fail } from '../../platform/errors';
import { route } from '../../platform/route';
import type { SongEditService } from './edit.service';
import type { SongService } from './service';
import type { TranscoderCallback } from './sns';
import type { SongUploadService } from './upload.service';

export interface SongRouteServices {
  songs: SongService;
  uploads: SongUploadService;
  edits: SongEditService;
  transcoder: TranscoderCallback;
}

/** The signed-in caller of a `user` route (the auth hook has already refused everyone else). */
function caller<T>(auth: T | null): T {
  if (!auth) throw fail('UNAUTHORIZED');
  return auth;
}

/**
 * Song catalogue: search, verified and public lists, one song, its generated cover; uploads and
 * their encrypted HLS (playlist, segments, key); tag edits, deletion, one's own uploads and the
 * external transcoder's callback.
 */
export function registerSongRoutes(app: FastifyInstance, s: SongRouteServices): void {
  const { songs, uploads, edits, transcoder } = s;
  route(app, e.search, ({ query }) => songs.search(query));
  route(app, e.list, ({ query }) => songs.list(false, query.limit, query.offset));
  route(app, e.listPublic, ({ query }) => songs.list(true, query.limit, query.offset));
  route(app, e.mine, ({ auth, query }) =>
    edits.mine(caller(auth), query.status, query.limit, query.offset),
  );
  route(app, e.get, ({ params }) => songs.get(params.id));
  route(app, e.editTags, ({ auth, params, body }) => edits.editTags(caller(auth), params.id, body));
  route(app, e.metadata, ({ auth, body }) => edits.metadata(caller(auth), body));
  route(app, e.delete, ({ auth, params }) => edits.delete(caller(auth), params.id));
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

  // SNS posts its JSON as text/plain: parsed as JSON for this route only.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(fail('BAD_REQUEST', 'The body must be JSON (an SNS message).'), undefined);
      }
    });
    route(scope, e.transcoderSns, async ({ request, query, body }) => {
      transcoder.authenticate(request.headers['x-transcoder-token'], query.token);
      return transcoder.handle(body);
    });
  });

  route(app, e.hlsPlaylist, async ({ auth, params, reply }) => {
    const playlist = await uploads.playlist(params.id, auth);
    if ('redirect' in playlist) {
      // An external transcoder's rendition.
      return reply.header('cache-control', 'public, max-age=60').redirect(playlist.redirect, 302);
    }
    // Its key URL is signed for this caller: never shared by a cache.
    reply
      .header('content-type', 'application/vnd.apple.mpegurl')
      .header('cache-control', 'private, no-store');
    return playlist.m3u8;
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

  // SEC-HLS-KEY-1: only through the URL the playlist signed for this token's user.
  route(app, e.hlsKey, async ({ auth, query, reply }) => {
    const key = await uploads.key(auth, query);
    reply.header('content-type', 'application/octet-stream').header('cache-control', 'no-store');
    return key;
  });
}
