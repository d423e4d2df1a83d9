import type { FastifyInstance } from 'fastify';
import { botEndpoints as e } from '@tt/protocol';
import { route } from '../../../platform/route';
import { BotService } from './bots.service';
import type { AccountService } from '../service';

/** Bot accounts: sign-up by an owner, long-lived bot tokens. */
export function registerBotsRoutes(app: FastifyInstance, accounts: AccountService): void {
  const bots = new BotService(accounts);

  route(app, e.signUp, async ({ auth, body }) => ({
    accessToken: await bots.signUp(auth, body),
  }));

  route(app, e.token, async ({ auth, query }) => ({
    accessToken: await bots.token(auth, query.botUuid),
  }));
}
