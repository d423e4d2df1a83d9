import type { FastifyInstance } from 'fastify';
import { deviceEndpoints as dv, notificationCentreEndpoints as c } from '@tt/protocol';
import { caller } from '../../platform/auth';
import { route } from '../../platform/route';
import type { Platform, ServiceModule } from '../../platform/service';
import { Deliverer } from './deliver';
import { DevicesService, pushProviders } from './devices.service';
import { registerSendingRoutes } from './sending';
import { fansOf } from './social';
import { registerTriggers } from './triggers';

function registerDeviceRoutes(
  app: FastifyInstance,
  platform: Platform,
  devices: DevicesService,
): void {
  route(app, dv.register, ({ request, body }) =>
    devices.register(caller(request), body.token, body.devicePlatform),
  );
  route(app, dv.remove, ({ request, params }) => {
    const me = caller(request);
    return devices.remove(me, me.uuid, params.token);
  });
  route(app, dv.removeOfUser, ({ request, params }) =>
    devices.remove(caller(request), params.a, params.b),
  );
  route(app, dv.single, ({ request, params }) =>
    devices.single(caller(request), params.a, params.b),
  );
  route(app, dv.ofUser, ({ request, params }) => devices.ofUser(caller(request), params.userId));
  route(app, dv.fansDevices, async ({ query }) => {
    const page = await fansOf(platform).fansOf(null, query.djUuid, query.skip, query.take);
    return {
      devices: await devices.ofUsers(page.fans.map((f) => f.userUuid)),
      total: page.total,
    };
  });
}

function registerCentreRoutes(app: FastifyInstance, deliverer: Deliverer): void {
  const { centre } = deliverer;
  route(app, c.list, ({ request, query }) =>
    centre.list(caller(request).uuid, query.before, query.limit, query.unreadOnly),
  );
  route(app, c.unreadCount, async ({ request }) => ({
    unread: await centre.unread(caller(request).uuid),
  }));
  route(app, c.markRead, ({ request, body }) =>
    centre.markRead(caller(request).uuid, body.all ? undefined : body.ids),
  );
  route(app, c.settings, ({ request }) => centre.settings(caller(request).uuid));
  route(app, c.updateSettings, ({ request, body }) =>
    centre.updateSettings(caller(request).uuid, body.kinds),
  );
}

/**
 * The notification service sends: devices, the notification centre and its settings, sending,
 * push, and what sends what (NOTIFY-* rules in docs/NOTIFICATION-RULES.md). Friends, blocks and
 * DJ fans belong to the social service (services/social), which also serves their routes at this
 * service's prefix; this one reads blocks and fans through its ports (NOTIFY-SOCIAL-1).
 */
export const notificationService: ServiceModule = {
  name: 'notification',
  version: '1.0',
  provides: [],
  requires: [],
  optional: {
    users:
      'sending to named people answers 503 SERVICE_UNAVAILABLE; broadcasts to everyone fail and are retried; an actor is named "Someone"',
    rooms:
      'notifications about a room (a DJ or a room going live) are not sent; sending to a room answers NOTIFY_ROOM_NOT_FOUND',
    social:
      'deliveries with an actor fail and are retried rather than reach someone who blocked it (NOTIFY-SOCIAL-1)',
    graph:
      "what needs a DJ's fans answers 503 SERVICE_UNAVAILABLE naming the social service (NOTIFY-SOCIAL-1)",
    webPush: 'no browser push; devices and the notification centre still get every notification',
  },
  async register(app, platform) {
    const devices = new DevicesService(platform, pushProviders(platform));
    const deliverer = new Deliverer(platform, devices);
    registerDeviceRoutes(app, platform, devices);
    registerCentreRoutes(app, deliverer);
    registerSendingRoutes(app, platform, deliverer);
    registerTriggers(platform, deliverer);
    app.addHook('onClose', () => devices.close());
  },
};
