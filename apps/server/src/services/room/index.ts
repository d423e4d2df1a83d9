import type { ServiceModule } from '../../platform/service';
import { RoomAdminService } from './admin.service';
import { registerAdminRoutes } from './admin.routes';
import { RoomCore } from './core';
import { RoomListsService } from './lists.service';
import { createRoomsPort } from './port';
import { registerRolesRoutes } from './roles.routes';
import { RoomRolesService } from './roles.service';
import { registerRoomsRoutes } from './rooms.routes';
import { RoomsService } from './rooms.service';
import { seedDemoRooms } from './seed';
import { registerSettingsRoutes } from './settings.routes';
import { RoomSettingsService } from './settings.service';
import { registerChatRoomRoutes } from '../chat/index';
import { communityModule } from '../community/index';

/**
 * The room service: rooms, their settings and roles, lists, recent songs; installs ports.rooms.
 * It also mounts the routes declared under it that other modules serve: chat's room routes, and
 * communities and events (services/community, which reads rooms through ports.rooms only).
 */
export const roomService: ServiceModule = {
  name: 'room',
  version: '1.2.23',
  provides: ['rooms'],
  requires: [],
  optional: {
    users:
      'creating a room answers 503 SERVICE_UNAVAILABLE, as the verified address cannot be read (ACCESS-FACTS-1); accounts named in role changes and communities are not checked to exist',
  },
  async register(app, platform) {
    const core = new RoomCore(platform);
    // ROOM-RECENT-1: every process drops a room's kept recent songs when a song plays there.
    // ROOM-LIST-5: and a person's kept recent rooms when they visit one.
    const following = Promise.all([
      core.recentSongs.follow(platform.bus),
      core.recentRooms.follow(platform.bus),
    ]);
    app.addHook('onClose', async () => {
      for (const off of await following) await off();
    });
    const rooms = new RoomsService(core);
    platform.ports.rooms = {
      ...createRoomsPort(core),
      recentSongs: (viewer, slug, limit, offset) => rooms.recentSongs(viewer, slug, limit, offset),
    };
    const lists = new RoomListsService(core);
    registerRoomsRoutes(app, rooms, lists);
    registerSettingsRoutes(app, new RoomSettingsService(core));
    registerRolesRoutes(app, new RoomRolesService(core));
    registerAdminRoutes(app, new RoomAdminService(core, rooms), rooms, lists);
    registerChatRoomRoutes(app, platform);
    communityModule.register(app, platform);
  },
  seed: async (platform) => [
    ...(await seedDemoRooms(platform)),
    ...(await communityModule.seed(platform)),
  ],
};
