import type { FastifyInstance } from 'fastify';
import { passwordEndpoints as e } from '@tt/protocol';
import { route } from '../../../platform/route';
import { PasswordService } from './passwords.service';
import { clientIp, type AccountService } from '../service';

/** Change, forgot, reset and set password. */
export function registerPasswordsRoutes(app: FastifyInstance, accounts: AccountService): void {
  const passwords = new PasswordService(accounts);

  route(app, e.change, async ({ auth, body }) => ({
    accessToken: await passwords.change(auth, body),
  }));

  route(app, e.forgot, async ({ body }) => {
    await passwords.forgot(body.email);
    return { success: true };
  });

  route(app, e.reset, async ({ body, request }) => ({
    accessToken: await passwords.reset(body, clientIp(request)),
  }));

  route(app, e.set, async ({ auth, body }) => {
    await passwords.set(auth, body.newPassword);
    return { success: true };
  });
}
