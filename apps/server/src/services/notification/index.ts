import type { FastifyInstance } from 'fastify';
import { friendEndpoints as e } from '@tt/protocol';
import type { AuthContext } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { route } from '../../platform/route';
import type { ServiceModule } from '../../platform/service';
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

/**
 * The notification service. So far: friends, friend invitations and blocks (SOC-* rules in
 * docs/SOCIAL-RULES.md); DJ fans, devices and sending come next.
 */
export const notificationService: ServiceModule = {
  name: 'notification',
  version: '1.0.0',
  async register(app, platform) {
    registerFriendRoutes(app, new FriendsService(platform));
  },
};
