import { z } from 'zod';
import { endpoint } from '../contract';
import { AccessTokenRes } from './dto';

const S = 'user' as const;

export const MagicLinkRes = z.object({ shortLivedToken: z.string() });
export type MagicLinkRes = z.infer<typeof MagicLinkRes>;

export const ValidateMagicLinkReq = z.object({
  shortLivedToken: z.string().trim().min(1).max(200),
});
export type ValidateMagicLinkReq = z.infer<typeof ValidateMagicLinkReq>;

export const magicLinkEndpoints = {
  create: endpoint({
    service: S,
    method: 'GET',
    path: '/auth/magic-link',
    auth: 'user',
    summary:
      'A single-use short-lived token (MAGIC_LINK_TTL) for a /magic-link/{token}/{target} address',
    response: MagicLinkRes,
    rateLimitPerMinute: 20,
  }),
  validate: endpoint({
    service: S,
    method: 'POST',
    path: '/auth/validate-magic-link',
    auth: 'public',
    summary: 'Exchange a magic-link token (once) for an access token',
    body: ValidateMagicLinkReq,
    response: AccessTokenRes,
    rateLimitPerMinute: 30,
  }),
};
