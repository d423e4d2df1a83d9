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
import { seedDemoCommunity, seedDemoRooms } from './seed';
import { registerSettingsRoutes } from './settings.routes';
import { RoomSettingsService } from './settings.service';
import { registerChatRoomRoutes } from '../chat/index';
import { CommunitiesService } from '../community/communities.service';
import { registerCommunityRoutes } from '../community/routes';
import { EventsService } from '../community/events.service';

/** The room service: rooms, their settings and roles, lists, recent songs; installs ports.rooms. */
export const roomService: ServiceModule = {
  name: 'room',
  version: '1.2.23',
  async register(app, platform) {
    const core = new RoomCore(platform);
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
    const communities = new CommunitiesService(core);
    const events = new EventsService(core, communities);
    registerCommunityRoutes(app, communities, events, platform.config);
    // EVT-REMIND-2: every process looks for started events; the first to claim one announces it.
    const timer = setInterval(() => {
      events.announceDue().catch((err) => platform.log.warn({ err }, 'announcing events failed'));
    }, platform.config.EVENT_REMIND_EVERY * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  seed: async (platform) => [
    ...(await seedDemoRooms(platform)),
    ...(await seedDemoCommunity(platform)),
  ],
};
