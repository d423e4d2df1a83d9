import { socialEndpoints as e } from '@tt/protocol';
import { caller } from '../../platform/auth';
import { fail } from '../../platform/errors';
import type { GraphPort } from '../../platform/ports';
import { route } from '../../platform/route';
import type { Platform, ServiceModule } from '../../platform/service';
import { ContactBook } from './contacts';
import { WebPushService } from './webpush';

/** Friends and fans live in the notification service; without it here, these routes answer 503. */
function graphOf(platform: Platform): GraphPort {
  const graph = platform.ports.graph;
  if (!graph) throw fail('SERVICE_UNAVAILABLE');
  return graph;
}

/**
 * The social service: address books and finding friends (SOCIAL-CONTACT-*), web push
 * subscriptions and sending (SOCIAL-PUSH-*), and a person's fans and followed DJs.
 */
export const socialService: ServiceModule = {
  name: 'social',
  version: '1.0.10',
  async register(app, platform) {
    const book = await ContactBook.create(platform);
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
      graphOf(platform).followedBy(caller(request).uuid, params.id, query.skip, query.take),
    );
    route(app, e.fanCount, ({ params }) => graphOf(platform).fanCounts(params.id));
    route(app, e.fans, ({ request, params, query }) =>
      graphOf(platform).fansOf(caller(request).uuid, params.id, query.skip, query.take),
    );
  },
};
