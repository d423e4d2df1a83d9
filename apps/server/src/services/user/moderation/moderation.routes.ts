import type { FastifyInstance } from 'fastify';
import { moderationEndpoints as e } from '@tt/protocol';
import { route } from '../../../platform/route';
import { DeactivationService } from '../accounts/deactivation.service';
import { ModerationService } from './moderation.service';
import type { AccountService } from '../service';

/** Kick, bans, roles, capabilities, badges, moderator profile edits, notes and deactivation. */
export function registerModerationRoutes(app: FastifyInstance, accounts: AccountService): void {
  const moderation = new ModerationService(accounts);
  const deactivation = new DeactivationService(accounts, moderation);

  route(app, e.kick, ({ auth, body }) => moderation.kick(auth, body.userUuid, body.reason));
  route(app, e.ban, ({ auth, body }) => moderation.ban(auth, body.userUuid, body.reason));
  route(app, e.temporaryBan, ({ auth, body }) => moderation.temporaryBan(auth, body));
  route(app, e.unban, ({ auth, body }) => moderation.unban(auth, body.userUuid));
  route(app, e.addRole, ({ auth, body }) => moderation.addRole(auth, body.userUuid, body.role));
  route(app, e.removeRole, ({ auth, body }) =>
    moderation.removeRole(auth, body.userUuid, body.role),
  );
  route(app, e.addGlobalModeratorRole, ({ auth, body }) =>
    moderation.addRole(auth, body.userUuid, 'globalModerator'),
  );
  route(app, e.addCapability, ({ auth, params }) =>
    moderation.setCapability(auth, params.id, params.capability, true),
  );
  route(app, e.removeCapability, ({ auth, params }) =>
    moderation.setCapability(auth, params.id, params.capability, false),
  );
  route(app, e.profileAdmin, ({ auth, body }) => moderation.editProfile(auth, body));
  route(app, e.changeBadgesAdmin, ({ auth, body }) =>
    moderation.replaceBadges(auth, body.userUuid, body.badges),
  );
  route(app, e.addBadgesService, ({ body }) =>
    moderation.changeBadges(body.userUuid, body.badges, true),
  );
  route(app, e.removeBadgesService, ({ body }) =>
    moderation.changeBadges(body.userUuid, body.badges, false),
  );
  route(app, e.addComment, ({ auth, body }) =>
    moderation.addComment(auth, body.userUuid, body.comment),
  );
  route(app, e.comments, ({ params }) => moderation.comments(params.id));

  route(app, e.requestDeactivate, ({ auth, body }) => deactivation.request(auth, body?.reason));
  route(app, e.listDeactivate, ({ query }) => deactivation.list(query.limit, query.offset));
  route(app, e.cancelRequestedDeactivate, ({ auth, body }) =>
    deactivation.cancel(auth, body.userUuid),
  );
  route(app, e.deactivate, ({ auth, params }) => deactivation.deactivate(auth, params.id));
  route(app, e.reactivate, ({ auth, params }) => deactivation.reactivate(auth, params.id));
}
