import type { FastifyInstance } from 'fastify';
import { djFanEndpoints as d, friendEndpoints as e } from '@tt/protocol';
import type { AuthContext } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { route } from '../../platform/route';
import type { ServiceModule } from '../../platform/service';
import { FansService } from './fans.service';
import { FriendsService } from './friends.service';

/** The verified caller of a route that required a token (the auth hook refused everyone else). */
function caller(auth: AuthContext | null): AuthContext {
  if (!auth) throw fail('TOKEN_MISSING');
  return auth;
}

function registerFriendRoutes(app: FastifyInstance, friends: FriendsService): void {
  route(app, e.invite, ({ auth, body }) => friends.invite(caller(auth), body.receiverUuid));
  route(app, e.invitationsOf, async ({ auth, params }) => ({
    invitations: await friends.invitationsOf(caller(auth), params.id),
  }));
  route(app, e.invitationsFor, async ({ auth }) => ({
    invitations: await friends.pendingOf(caller(auth), 'for'),
  }));
  route(app, e.invitationsFrom, async ({ auth }) => ({
    invitations: await friends.pendingOf(caller(auth), 'from'),
  }));
  route(app, e.cancel, ({ auth, params }) => friends.cancel(caller(auth), params.id));
  route(app, e.handle, ({ auth, body }) =>
    friends.handle(caller(auth), body.invitationId, body.invitationStatus),
  );
  route(app, e.friends, ({ auth, params, query }) =>
    friends.friends(caller(auth), params.id, query.skip, query.take),
  );
  route(app, e.unfriend, ({ auth, params }) => friends.unfriend(caller(auth), params.id));
  route(app, e.friendUuids, async ({ params }) => ({
    friendsUuids: await friends.friendUuids(params.id),
  }));
  route(app, e.singleFriend, ({ auth, params }) => friends.single(caller(auth), params.id));
  route(app, e.block, ({ auth, body }) => friends.block(caller(auth), body.blockedUserUuid));
  route(app, e.blocked, async ({ auth }) => ({
    blockedUsers: await friends.blocked(caller(auth)),
  }));
  route(app, e.blockedOne, ({ auth, params }) => friends.blockedOne(caller(auth), params.id));
  route(app, e.unblock, ({ auth, params }) => friends.unblock(caller(auth), params.id));
}

function registerFanRoutes(app: FastifyInstance, fans: FansService): void {
  route(app, d.follow, ({ auth, body }) => fans.follow(caller(auth), body.djUuid));
  route(app, d.mine, ({ auth, query }) => {
    const me = caller(auth).uuid;
    return fans.followedBy(me, me, query.skip, query.take);
  });
  route(app, d.fansPaginated, ({ auth, params, query }) =>
    fans.fansOf(caller(auth).uuid, params.id, query.skip, query.take),
  );
  route(
    app,
    d.fansLegacy,
    async ({ auth, params, query }) =>
      (await fans.fansOf(caller(auth).uuid, params.id, query.skip, query.take)).fans,
  );
  route(app, d.count, ({ params }) => fans.counts(params.id));
  route(app, d.followed, ({ auth, params, query }) =>
    fans.followedBy(caller(auth).uuid, params.id, query.skip, query.take),
  );
  route(app, d.adminFans, ({ params, query }) =>
    fans.fansOf(null, params.id, query.skip, query.take),
  );
  route(app, d.single, ({ auth, params }) => fans.single(caller(auth), params.id));
  route(app, d.unfollow, ({ auth, params }) => fans.unfollow(caller(auth), params.id));
  route(app, d.adminDjs, ({ query }) => fans.djs(query.skip, query.take));
  route(app, d.adminDj, async ({ params }) => {
    const { fansCount } = await fans.counts(params.id);
    return { djUuid: params.id, fansCount };
  });
}

/**
 * The notification service. So far: friends, friend invitations, blocks and DJ fans (SOC-* rules
 * in docs/SOCIAL-RULES.md); devices and sending come next.
 */
export const notificationService: ServiceModule = {
  name: 'notification',
  version: '1.0.0',
  async register(app, platform) {
    const friends = new FriendsService(platform);
    registerFriendRoutes(app, friends);
    // SOC-BLOCK-2: chat hides what blocked people write and refuses their direct messages.
    platform.ports.social = {
      isBlocked: (blocker, other) => friends.hasBlocked(blocker, other),
      blockedUuids: (blocker) => friends.blockedUuids(blocker),
    };
    registerFanRoutes(app, new FansService(platform));
  },
};
