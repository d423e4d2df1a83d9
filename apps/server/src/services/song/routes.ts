import type { FastifyInstance } from 'fastify';
import { songEndpoints as e } from '@tt/protocol';
import { route } from '../../platform/route';
import type { SongService } from './service';

/** Song catalogue: search, verified and public lists, one song, its generated cover. */
export function registerSongRoutes(app: FastifyInstance, songs: SongService): void {
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
}
