import type { FastifyInstance } from 'fastify';
import { discordEndpoints as d } from '@tt/protocol';
import { caller } from '../../../platform/auth';
import { route } from '../../../platform/route';
import type { DiscordService } from './discord.service';

/** Sign in with Discord: configuration, code exchange, sign-in, link and unlink. */
export function registerDiscordRoutes(app: FastifyInstance, discord: DiscordService): void {
  route(app, d.config, () => discord.publicConfig());
  route(app, d.exchangeCode, ({ body }) => discord.exchange(body.code, body.redirectUri));
  route(app, d.discordAuth, ({ body }) => discord.signIn(body.accessToken));
  route(app, d.linkDiscord, ({ request, body }) => discord.link(caller(request), body.accessToken));
  route(app, d.link, ({ request }) => discord.status(caller(request)));
  route(app, d.unlink, ({ request }) => discord.unlink(caller(request)));
}
