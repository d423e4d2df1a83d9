import { z } from 'zod';
import { endpoint } from '../contract';
import { AccessTokenRes } from './dto';

const S = 'user' as const;

export const SignUpBotReq = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(8, 'password must be at least 8 characters').max(200),
  nickname: z.string().trim().min(1).max(40),
});
export type SignUpBotReq = z.infer<typeof SignUpBotReq>;

export const BotTokenQuery = z.object({ botUuid: z.string().uuid().optional() });
export type BotTokenQuery = z.infer<typeof BotTokenQuery>;

/** How many bots one account may own. */
export const MAX_BOTS_PER_OWNER = 10;

export const botEndpoints = {
  signUp: endpoint({
    service: S,
    method: 'POST',
    path: '/users/sign-up-bot',
    auth: 'user',
    summary:
      'Create a bot account owned by the caller (e-mail counts as verified); answers a long-lived bot token',
    body: SignUpBotReq,
    response: AccessTokenRes,
    status: 201,
    rateLimitPerMinute: 10,
  }),
  token: endpoint({
    service: S,
    method: 'GET',
    path: '/users/bot-token',
    auth: 'user',
    summary:
      'A fresh long-lived bot token: for the calling bot, or (owner) for the bot named by botUuid',
    query: BotTokenQuery,
    response: AccessTokenRes,
    rateLimitPerMinute: 20,
  }),
};
