import type { ServiceModule } from '../../platform/service';
import { registerSongRoutes } from './routes';
import { seedDemoSongs } from './seed';
import { SongService } from './service';
import { SongUploadService } from './upload.service';

export { seedDemoSongs } from './seed';
export { SongService, toSongDto } from './service';

/** The song service: the catalogue (search, lists, songs, generated covers), uploads to encrypted HLS. */
export const songService: ServiceModule = {
  name: 'song',
  version: '1.1.9',
  async register(app, platform) {
    const songs = new SongService(platform.db);
    registerSongRoutes(app, songs, new SongUploadService(platform, songs.repo));
  },
  async seed(platform) {
    await seedDemoSongs(platform.db);
    return [];
  },
};
