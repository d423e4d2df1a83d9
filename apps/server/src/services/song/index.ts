import type { ServiceModule } from '../../platform/service';
import { SongEditService } from './edit.service';
import { createSongsPort } from './port';
import { registerSongRoutes } from './routes';
import { startDemoCatalogue, stopDemoCatalogue } from './seed';
import { SongService } from './service';
import { TranscoderCallback } from './sns';
import { SongTranscoder } from './transcode';
import { SongUploadService } from './upload.service';

export { seedDemoCatalogue } from './seed';
export { SongService, toSongDto } from './service';

/** The song service: the catalogue (search, lists, songs, generated covers), uploads to encrypted HLS. */
export const songService: ServiceModule = {
  name: 'song',
  version: '1.1.9',
  provides: ['songs'],
  requires: [],
  optional: {
    listening:
      'nobody counts as listening in a room: an HLS key goes to the uploader, staff and counted previews only (SEC-HLS-KEY-2)',
    users:
      'uploading a song answers 503 SERVICE_UNAVAILABLE, as the verified address cannot be read (ACCESS-FACTS-1)',
  },
  async register(app, platform) {
    platform.ports.songs = createSongsPort(platform.db);
    const songs = new SongService(platform.db);
    const transcoder = new SongTranscoder(platform, songs.repo);
    transcoder.define();
    await transcoder.start();
    app.addHook('onClose', () => transcoder.stop());
    registerSongRoutes(app, {
      songs,
      uploads: new SongUploadService(platform, songs.repo),
      edits: new SongEditService(platform, songs.repo),
      transcoder: new TranscoderCallback(platform, songs.repo),
    });
    // The demo catalogue renders in the background (seed below); it stops with the server.
    app.addHook('onClose', () => stopDemoCatalogue(platform));
  },
  async seed(platform) {
    return startDemoCatalogue(platform);
  },
};
