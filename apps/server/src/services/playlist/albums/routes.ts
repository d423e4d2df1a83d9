import type { FastifyInstance } from 'fastify';
import { albumEndpoints as e } from '@tt/protocol';
import { route } from '../../../platform/route';
import type { AlbumService } from './albums.service';

/** Albums and artists service routes (staff and superUser). */
export function registerAlbumRoutes(app: FastifyInstance, albums: AlbumService): void {
  route(app, e.allAlbums, async () => ({ albums: await albums.albums() }));
  route(app, e.allSongs, ({ query }) => albums.songsWithAlbum(query.take, query.skip));
  route(app, e.albumSongs, ({ params }) => albums.album(params.albumShortId));
  route(app, e.songOfAlbum, ({ params }) => albums.songWithAlbum(params.songShortId));
  route(app, e.allArtists, async () => ({
    artists: (await albums.artists()).map((a) => a.artist),
  }));
  route(app, e.albumsByArtists, async ({ body }) => ({
    albums: await albums.albumsOfArtists(body.artistShortIds),
  }));
  route(app, e.artistAlbums, ({ params }) => albums.artist(params.artistShortId));
}
