import type { ServiceModule } from '../../platform/service';
import { AlbumService } from './albums/albums.service';
import { registerAlbumRoutes } from './albums/routes';
import { CatalogueService } from './catalogue/catalogue.service';
import { registerCatalogueRoutes } from './catalogue/routes';
import { registerCrateImportRoutes } from './crates/import.routes';
import { registerCrateRoutes } from './crates/routes';
import { CrateService } from './crates/service';
import { CrateSongsService } from './crates/songs.service';
import { ProviderGateway } from './providers';
import { registerRoomHistoryRoutes } from './room-history/routes';
import { registerRoomSetRoutes } from './room-sets/routes';
import { RoomSetsService } from './room-sets/service';
import { registerSearchRoutes } from './search/routes';
import { PlaylistSearchService } from './search/search.service';
import { SongMediaService } from './song-data/media.service';
import { MigrateLinksService } from './song-data/migrate.service';
import { playlistSongDataEndpoints } from '@tt/protocol';
import { headerOf, withRawJsonBody } from '../../platform/raw-body';
import { route } from '../../platform/route';
import { AnalysisWebhook, TrackAnalyses } from './analysis/webhook';
import { registerSongDataRoutes } from './song-data/routes';
import { SimilarTracksService } from './song-data/similar.service';
import { SongDataService } from './song-data/song-data.service';
import { playlistWiring } from './wiring';

const VERSION = '1.4.1';

/**
 * The playlist service: song search over our catalogue and the music providers, song data
 * (links, every provider of a song, stream and preview URLs, similar tracks) and the catalogue
 * API v1. The catalogue is reached through ports.songs (the song service's port); crates come
 * in later issues beside search/ and song-data/.
 */
export const playlistService: ServiceModule = {
  name: 'playlist',
  version: VERSION,
  ...playlistWiring,
  async register(app, platform) {
    registerRoomHistoryRoutes(app, platform);
    const gateway = new ProviderGateway(platform.providers, platform.log);
    registerSearchRoutes(app, new PlaylistSearchService(platform, gateway));
    const songData = new SongDataService(platform, gateway);
    const analyses = new TrackAnalyses(platform.db);
    registerSongDataRoutes(app, {
      songData,
      media: new SongMediaService(platform, gateway),
      migrate: new MigrateLinksService(platform, gateway, songData.matcher),
      similar: new SimilarTracksService(platform, gateway, analyses),
    });
    // ANALYSIS-2: signed over the exact bytes sent, so the body stays a string.
    const analysisWebhook = new AnalysisWebhook(platform, analyses);
    withRawJsonBody(app, (scope) => {
      route(scope, playlistSongDataEndpoints.analysisWebhook, ({ request }) =>
        analysisWebhook.receive(
          request.body as string | undefined,
          headerOf(request.headers.signature),
        ),
      );
    });
    registerCatalogueRoutes(app, new CatalogueService(platform, gateway), () => ({
      service: 'playlist-service',
      status: 'ok',
      version: VERSION,
      uptimeSeconds: Math.round((Date.now() - platform.startedAt.getTime()) / 1000),
      database: platform.dbKind,
      bus: platform.bus.kind,
    }));
    registerAlbumRoutes(app, new AlbumService(platform));
    const crates = new CrateService(platform);
    const crateSongs = new CrateSongsService(platform, crates);
    registerCrateRoutes(app, crates, crateSongs);
    registerCrateImportRoutes(app, platform, crates, crateSongs);
    registerRoomSetRoutes(app, new RoomSetsService(platform, crates, crateSongs));
    // Every account has its queue and starred list from sign-up (also made on first use).
    platform.outbox.consume('user.created', 'playlist.special-crates', ({ uuid }) =>
      crates.ensureSpecials(uuid),
    );
    // A star given in a room saves the song to the starred list; taken back, it leaves it. One
    // listener's stars arrive in the order given (WORK-ORDER-1); a repeat changes nothing (the
    // same song is not added twice, and a song not there is not removed).
    platform.outbox.consume('room.songStarred', 'playlist.stars', (e) =>
      e.starred ? crateSongs.star(e.userUuid, e.song) : crateSongs.unstar(e.userUuid, e.song),
    );
  },
};
