import type { FastifyInstance } from 'fastify';
import { magicLinkEndpoints as e } from '@tt/protocol';
import { route } from '../../../platform/route';
import { MagicLinkService } from './magic-link.service';
import { clientIp, type AccountService } from '../service';

/** Magic links: get a short-lived token, exchange it for a session. */
export function registerMagicLinkRoutes(app: FastifyInstance, accounts: AccountService): void {
  const links = new MagicLinkService(accounts);

  route(app, e.create, async ({ auth }) => ({ shortLivedToken: await links.create(auth) }));

  route(app, e.validate, async ({ body, request }) => ({
    accessToken: await links.validate(body.shortLivedToken, clientIp(request)),
  }));
}
