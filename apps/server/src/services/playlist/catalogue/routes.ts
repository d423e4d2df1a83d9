import type { FastifyInstance } from 'fastify';
import { playlistCatalogueEndpoints as e, type ServiceStatusDto } from '@tt/protocol';
import { route } from '../../../platform/route';
import type { CatalogueService } from './catalogue.service';

/** /api/v1/track-import, /api/v1/songs[/{songId}] and the playlists-service-status route. */
export function registerCatalogueRoutes(
  app: FastifyInstance,
  catalogue: CatalogueService,
  status: () => ServiceStatusDto,
): void {
  route(app, e.trackImport, ({ body }) => catalogue.trackImport(body));
  route(app, e.songs, ({ query }) => catalogue.list(query));
  route(app, e.song, ({ params }) => catalogue.get(params.songId));
  route(app, e.status, () => status());
}
