import type { FastifyInstance } from 'fastify';
import { djFanEndpoints as d, friendEndpoints as e } from '@tt/protocol';
import { caller } from '../../platform/auth';
import { route } from '../../platform/route';
import type { FansService } from './fans.service';
import type { FriendsService } from './friends.service';

/*
 * The friends, invitations, blocks and DJ-fan routes. Their contracts declare the notification
 * service, so they are mounted at /api/notification-service (MountAt in platform/service.ts),
 * while the social service owns their tables and serves them.
 */

/** SOC-INV-*, SOC-FRIEND-*, SOC-BLOCK-1. */
export function registerFriendRoutes(app: FastifyInstance, friends: FriendsService): void {
  route(app, e.invite, ({ request, body }) => friends.invite(caller(request), body.receiverUuid));
  route(app, e.invitationsOf, async ({ request, params }) => ({
    invitations: await friends.invitationsOf(caller(request), params.id),
  }));
  route(app, e.invitationsFor, ({ request }) => friends.pendingOf(caller(request), 'for'));
  route(app, e.invitationsFrom, ({ request }) => friends.pendingOf(caller(request), 'from'));
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

/** SOC-FAN-*. */
export function registerFanRoutes(app: FastifyInstance, fans: FansService): void {
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
