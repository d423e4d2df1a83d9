import type { FastifyInstance } from 'fastify';
import { playlistSongDataEndpoints as e } from '@tt/protocol';
import { route } from '../../../platform/route';
import type { SongMediaService } from './media.service';
import type { MigrateLinksService } from './migrate.service';
import type { SimilarTracksService } from './similar.service';
import type { SongDataService } from './song-data.service';

export interface SongDataServices {
  songData: SongDataService;
  media: SongMediaService;
  migrate: MigrateLinksService;
  similar: SimilarTracksService;
}

/** /song-data…: by link, by provider id (with every provider), stream, preview, migration, similar. */
export function registerSongDataRoutes(app: FastifyInstance, s: SongDataServices): void {
  route(app, e.byLink, ({ params, query }) => s.songData.byLink(params.link, query.country));
  route(app, e.providers, ({ params, query }) =>
    s.songData.providers(params.providerSongId, params.musicProvider, query.country, false),
  );
  route(app, e.service, ({ params, query }) =>
    s.songData.providers(params.providerSongId, params.musicProvider, query.country, true),
  );
  route(app, e.query, ({ query }) => s.songData.query(query));
  route(app, e.stream, ({ params, query }) =>
    s.media.stream(params.country, params.id, query.quality, query.provider),
  );
  route(app, e.preview, ({ params, query }) =>
    s.media.preview(params.country, params.id, query.provider),
  );
  route(app, e.migrateLinks, ({ body }) => s.migrate.migrate(body));
  route(app, e.similar, ({ params }) => s.similar.similar(params.providerSongId));
}
