import type { FastifyInstance } from 'fastify';
import { adminEndpoints as e, moderationEndpoints as m } from '@tt/protocol';
import { route } from '../../../platform/route';
import { AdminService } from './admin.service';
import type { AccountService } from '../service';

/** Admin account list and views, admin sign-up, admin password change. */
export function registerAdminRoutes(app: FastifyInstance, accounts: AccountService): void {
  const admin = new AdminService(accounts);

  route(app, e.users, ({ query }) => admin.users(query));
  route(app, e.user, ({ params }) => admin.user(params.id));
  // The staff console's user page, for moderators too.
  route(app, m.userView, ({ params }) => admin.user(params.id));
  route(app, e.signUp, ({ auth, body }) => admin.signUp(auth, body));
  route(app, e.changePassword, ({ auth, body }) =>
    admin.changePassword(auth, body.userUuid, body.newPassword),
  );
}
