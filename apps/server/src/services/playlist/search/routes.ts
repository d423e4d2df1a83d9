import type { FastifyInstance } from 'fastify';
import { playlistSearchEndpoints as e } from '@tt/protocol';
import { route } from '../../../platform/route';
import type { PlaylistSearchService } from './search.service';

/** GET /search, /search/v2 (404 unless SEARCH_V2 is on) and /search/sources. */
export function registerSearchRoutes(app: FastifyInstance, search: PlaylistSearchService): void {
  route(app, e.search, ({ query }) => search.search(query, false));
  route(app, e.searchV2, ({ query }) => search.search(query, true));
  route(app, e.sources, () => search.describe());
}
