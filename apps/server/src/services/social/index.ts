import { socialEndpoints as e } from '@tt/protocol';
import { caller } from '../../platform/auth';
import { route } from '../../platform/route';
import type { ServiceModule } from '../../platform/service';
import { ContactBook } from './contacts';
import { FansService } from './fans.service';
import { FriendsService } from './friends.service';
import { registerFanRoutes, registerFriendRoutes } from './graph.routes';
import { WebPushService } from './webpush';

/**
 * The social service: the social graph — friends, invitations, blocks and DJ fans (SOC-* rules in
 * docs/SOCIAL-RULES.md), whose routes keep the notification service's URLs (graph.routes.ts) —
 * address books and finding friends (SOCIAL-CONTACT-*), web push subscriptions and sending
 * (SOCIAL-PUSH-*), and a person's fans and followed DJs.
 */
export const socialService: ServiceModule = {
  name: 'social',
  version: '1.0.10',
  provides: ['social', 'graph', 'webPush'],
  requires: [],
  optional: {
    users:
      'inviting, blocking or following someone answers 503 SERVICE_UNAVAILABLE (their account cannot be checked); address books match nobody',
  },
  async register(app, platform, mountAt) {
    const friends = new FriendsService(platform);
    const fans = new FansService(platform);
    // SOC-INV-LIST-2: every process drops a person's kept pending lists when theirs change.
    const following = friends.pendingLists.follow(platform.bus);
    app.addHook('onClose', async () => {
      await (
        await following
      )();
    });
    mountAt('notification', (scope) => {
      registerFriendRoutes(scope, friends);
      registerFanRoutes(scope, fans);
    });
    // SOC-BLOCK-2: chat hides what blocked people write and refuses their direct messages;
    // nobody is notified of what a person they blocked does.
    platform.ports.social = {
      isBlocked: (blocker, other) => friends.hasBlocked(blocker, other),
      blockedUuids: (blocker) => friends.blockedUuids(blocker),
      blockersAmong: (actor, uuids) => friends.blockersAmong(actor, uuids),
    };
    // NOTIFY-DJ-1: the notification service tells a DJ's fans.
    platform.ports.graph = {
      fanUuids: (dj) => fans.fanUuids(dj),
      fansOf: (viewer, dj, skip, take) => fans.fansOf(viewer, dj, skip, take),
      fanCounts: (uuid) => fans.counts(uuid),
    };

    const book = await ContactBook.create(platform, {
      friendUuids: (uuid) => friends.friendUuids(uuid),
      followedDjUuids: (uuid) => fans.followedUuids(uuid),
      blockedEitherWay: (uuid) => friends.blockedEitherWayUuids(uuid),
    });
    const push = await WebPushService.create(platform);
    platform.ports.webPush = push;

    route(app, e.uploadContacts, ({ request, body }) =>
      book.upload(caller(request).uuid, body.contacts, body.defaultCountry),
    );
    route(app, e.contacts, ({ request, query }) =>
      book.list(caller(request).uuid, query.skip, query.take),
    );
    route(app, e.deleteContacts, ({ request }) => book.clear(caller(request).uuid));
    route(app, e.single, ({ request, body }) =>
      book.upload(
        caller(request).uuid,
        [
          {
            emails: body.email ? [body.email] : [],
            phoneNumbers: body.phoneNumber ? [body.phoneNumber] : [],
          },
        ],
        body.defaultCountry,
      ),
    );
    route(app, e.admin, ({ params, query }) => book.list(params.id, query.skip, query.take));
    route(app, e.matchFriends, ({ request, body }) =>
      book.lookup(caller(request).uuid, body.contacts, body.defaultCountry),
    );
    route(app, e.matching, ({ request }) => book.storedMatches(caller(request).uuid));

    route(app, e.vapidKey, async () => ({ publicKey: push.vapid.publicKey }));
    route(app, e.subscribe, ({ request, body }) =>
      push.subscribe(caller(request).uuid, body.subscription),
    );
    route(app, e.unsubscribe, ({ request, body }) =>
      push.unsubscribe(caller(request).uuid, body.endpoint),
    );
    route(app, e.push, async ({ body }) => {
      const { sent } = await push.send([body.userUuid], {
        title: body.title,
        body: body.body,
        link: body.link ?? null,
        data: { kind: 'custom' },
        silent: false,
      });
      return { recipients: sent, eventId: null };
    });

    route(app, e.followedDjs, ({ request, params, query }) =>
      fans.followedBy(caller(request).uuid, params.id, query.skip, query.take),
    );
    route(app, e.fanCount, ({ params }) => fans.counts(params.id));
    route(app, e.fans, ({ request, params, query }) =>
      fans.fansOf(caller(request).uuid, params.id, query.skip, query.take),
    );
  },
};
