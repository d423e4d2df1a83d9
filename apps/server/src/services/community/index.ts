import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/service';
import { CommunitiesService } from './communities.service';
import { CommunityCore } from './core';
import { EventsService } from './events.service';
import { registerCommunityRoutes } from './routes';
import { seedDemoCommunity } from './seed';

/**
 * Communities and events (docs/COMMUNITY-RULES.md): a module with its own tables (schema.ts) but
 * no service name of its own. Its endpoints are declared under the room service, so the room
 * service mounts it — after installing ports.rooms, through which it reads all it needs of rooms
 * (a room by key, its roles, live rooms by id, who is in them). Nothing of the room service reads
 * communities or events.
 */
export const communityModule = {
  register(app: FastifyInstance, platform: Platform): void {
    const core = new CommunityCore(platform);
    const communities = new CommunitiesService(core);
    const events = new EventsService(core, communities);
    registerCommunityRoutes(app, communities, events, platform.config);
    // EVT-LIST-3: every process drops its kept upcoming lists on any change that alters them.
    const following = core.upcoming.follow(platform.bus);
    app.addHook('onClose', async () => {
      for (const off of await following) await off();
    });
    // EVT-REMIND-2: every process looks for started events; the first to claim one announces it.
    const timer = setInterval(() => {
      events.announceDue().catch((err) => platform.log.warn({ err }, 'announcing events failed'));
    }, platform.config.EVENT_REMIND_EVERY * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  /** DEMO-COMMUNITY-1, after the room service's demo rooms. */
  seed: seedDemoCommunity,
};
