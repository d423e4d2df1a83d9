import type { ServiceModule } from '../../platform/service';
import { registerSongRoutes } from './routes';
import { seedDemoSongs } from './seed';
import { SongService } from './service';

export { seedDemoSongs } from './seed';
export { SongService, toSongDto } from './service';

/** The song service: the catalogue's metadata (search, lists, songs, generated covers). */
export const songService: ServiceModule = {
  name: 'song',
  version: '1.1.9',
  async register(app, platform) {
    registerSongRoutes(app, new SongService(platform.db));
  },
  async seed(platform) {
    await seedDemoSongs(platform.db);
    return [];
  },
};
