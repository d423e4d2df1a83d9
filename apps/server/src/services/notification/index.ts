import type { FastifyInstance } from 'fastify';
import {
  deviceEndpoints as dv,
  djFanEndpoints as d,
  friendEndpoints as e,
  notificationCentreEndpoints as c,
} from '@tt/protocol';
import { caller } from '../../platform/auth';
import { route } from '../../platform/route';
import type { ServiceModule } from '../../platform/service';
import { Deliverer } from './deliver';
import { DevicesService, pushProviders } from './devices.service';
import { FansService } from './fans.service';
import { FriendsService } from './friends.service';
import { registerSendingRoutes } from './sending';
import { registerTriggers } from './triggers';

function registerFriendRoutes(app: FastifyInstance, friends: FriendsService): void {
  route(app, e.invite, ({ request, body }) => friends.invite(caller(request), body.receiverUuid));
  route(app, e.invitationsOf, async ({ request, params }) => ({
    invitations: await friends.invitationsOf(caller(request), params.id),
  }));
  route(app, e.invitationsFor, async ({ request }) => ({
    invitations: await friends.pendingOf(caller(request), 'for'),
  }));
  route(app, e.invitationsFrom, async ({ request }) => ({
    invitations: await friends.pendingOf(caller(request), 'from'),
  }));
  route(app, e.cancel, ({ request, params }) => friends.cancel(caller(request), params.id));
  route(app, e.handle, ({ request, body }) =>
    friends.handle(caller(request), body.invitationId, body.invitationStatus),
  );
  route(app, e.friends, ({ request, params, query }) =>
    friends.friends(caller(request), params.id, query.skip, query.take),
  );
  route(app, e.unfriend, ({ request, params }) => friends.unfriend(caller(request), params.id));
  route(app, e.friendUuids, async ({ params }) => ({
    friendsUuids: await friends.friendUuids(params.id),
  }));
  route(app, e.singleFriend, ({ request, params }) => friends.single(caller(request), params.id));
  route(app, e.block, ({ request, body }) => friends.block(caller(request), body.blockedUserUuid));
  route(app, e.blocked, async ({ request }) => ({
    blockedUsers: await friends.blocked(caller(request)),
  }));
  route(app, e.blockedOne, ({ request, params }) => friends.blockedOne(caller(request), params.id));
  route(app, e.unblock, ({ request, params }) => friends.unblock(caller(request), params.id));
}

function registerFanRoutes(app: FastifyInstance, fans: FansService): void {
  route(app, d.follow, ({ request, body }) => fans.follow(caller(request), body.djUuid));
  route(app, d.mine, ({ request, query }) => {
    const me = caller(request).uuid;
    return fans.followedBy(me, me, query.skip, query.take);
  });
  route(app, d.fansPaginated, ({ request, params, query }) =>
    fans.fansOf(caller(request).uuid, params.id, query.skip, query.take),
  );
  route(
    app,
    d.fansLegacy,
    async ({ request, params, query }) =>
      (await fans.fansOf(caller(request).uuid, params.id, query.skip, query.take)).fans,
  );
  route(app, d.count, ({ params }) => fans.counts(params.id));
  route(app, d.followed, ({ request, params, query }) =>
    fans.followedBy(caller(request).uuid, params.id, query.skip, query.take),
  );
  route(app, d.adminFans, ({ params, query }) =>
    fans.fansOf(null, params.id, query.skip, query.take),
  );
  route(app, d.single, ({ request, params }) => fans.single(caller(request), params.id));
  route(app, d.unfollow, ({ request, params }) => fans.unfollow(caller(request), params.id));
  route(app, d.adminDjs, ({ query }) => fans.djs(query.skip, query.take));
  route(app, d.adminDj, async ({ params }) => {
    const { fansCount } = await fans.counts(params.id);
    return { djUuid: params.id, fansCount };
  });
}

function registerDeviceRoutes(
  app: FastifyInstance,
  devices: DevicesService,
  fans: FansService,
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
    const page = await fans.fansOf(null, query.djUuid, query.skip, query.take);
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
 * The notification service: friends, invitations, blocks and DJ fans (SOC-* rules in
 * docs/SOCIAL-RULES.md); devices, the notification centre, sending, and what sends what
 * (NOTIFY-* rules in docs/NOTIFICATION-RULES.md).
 */
export const notificationService: ServiceModule = {
  name: 'notification',
  version: '1.0',
  async register(app, platform) {
    const friends = new FriendsService(platform);
    registerFriendRoutes(app, friends);
    // SOC-BLOCK-2: chat hides what blocked people write and refuses their direct messages.
    platform.ports.social = {
      isBlocked: (blocker, other) => friends.hasBlocked(blocker, other),
      blockedUuids: (blocker) => friends.blockedUuids(blocker),
    };
    const fans = new FansService(platform);
    registerFanRoutes(app, fans);
    platform.ports.graph = {
      friendUuids: (uuid) => friends.friendUuids(uuid),
      blockedEitherWay: (uuid) => friends.blockedEitherWayUuids(uuid),
      followedDjUuids: (uuid) => fans.followedUuids(uuid),
      fansOf: (viewer, dj, skip, take) => fans.fansOf(viewer, dj, skip, take),
      followedBy: (viewer, uuid, skip, take) => fans.followedBy(viewer, uuid, skip, take),
      fanCounts: (uuid) => fans.counts(uuid),
    };
    const devices = new DevicesService(platform, pushProviders(platform));
    const deliverer = new Deliverer(platform, devices);
    registerDeviceRoutes(app, devices, fans);
    registerCentreRoutes(app, deliverer);
    registerSendingRoutes(app, platform, deliverer, fans);
    registerTriggers(platform, deliverer, fans);
    app.addHook('onClose', () => devices.close());
  },
};
