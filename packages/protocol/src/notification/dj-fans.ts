import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';
import { SkipTakeQuery, SocialUserParam } from './friends';

const S = 'notification' as const;

/** One person following a DJ (a "DJ fan"). */
export const DjFanDto = z.object({
  userUuid: z.string(),
  djUuid: z.string(),
  createdAt: z.string(),
});
export type DjFanDto = z.infer<typeof DjFanDto>;

export const FollowDjReq = z.object({ djUuid: z.string().uuid('must be a user uuid') });
export const DjFanPageDto = z.object({
  fans: z.array(DjFanDto),
  total: z.number().int(),
  skip: z.number().int(),
  take: z.number().int(),
});
export const FanCountDto = z.object({
  djUuid: z.string(),
  /** People following this DJ. */
  fansCount: z.number().int(),
  /** DJs this person follows. */
  followingCount: z.number().int(),
});
export const AdminDjDto = z.object({ djUuid: z.string(), fansCount: z.number().int() });
export const AdminDjPageDto = z.object({
  djs: z.array(AdminDjDto),
  total: z.number().int(),
  skip: z.number().int(),
  take: z.number().int(),
});

/** Following DJs (SOC-FAN-* rules in docs/SOCIAL-RULES.md). */
export const djFanEndpoints = {
  follow: endpoint({
    service: S,
    method: 'POST',
    path: '/dj-fans',
    auth: 'user',
    summary: 'Follows a DJ',
    body: FollowDjReq,
    response: DjFanDto,
    status: 201,
    rateLimitPerMinute: 120,
  }),
  mine: endpoint({
    service: S,
    method: 'GET',
    path: '/dj-fans',
    auth: 'user',
    summary: 'The DJs the caller follows, newest first (skip, take)',
    query: SkipTakeQuery,
    response: DjFanPageDto,
  }),
  fansPaginated: endpoint({
    service: S,
    method: 'GET',
    path: '/dj-fans/dj-fans-paginated/{id}',
    auth: 'user',
    summary: "A DJ's fans, newest first (skip, take: 12 by default, at most 150)",
    params: SocialUserParam,
    query: SkipTakeQuery,
    response: DjFanPageDto,
  }),
  count: endpoint({
    service: S,
    method: 'GET',
    path: '/dj-fans/count/{id}',
    auth: 'authenticated',
    summary: 'How many people follow this DJ, and how many DJs this person follows',
    params: SocialUserParam,
    response: FanCountDto,
  }),
  fansLegacy: endpoint({
    service: S,
    method: 'GET',
    path: '/dj-fans/dj-fans/{id}',
    auth: 'user',
    summary: "A DJ's fans as a plain list (legacy form of dj-fans-paginated)",
    params: SocialUserParam,
    query: SkipTakeQuery,
    response: z.array(DjFanDto),
    deprecated: true,
  }),
  followed: endpoint({
    service: S,
    method: 'GET',
    path: '/dj-fans/{id}/djs-followed',
    auth: 'user',
    summary: 'The DJs a person follows, newest first (skip, take)',
    params: SocialUserParam,
    query: SkipTakeQuery,
    response: DjFanPageDto,
  }),
  adminFans: endpoint({
    service: S,
    method: 'GET',
    path: '/dj-fans/admin/{id}',
    auth: 'admin.djs',
    summary: "Admins: a DJ's fans, blocks ignored (skip, take)",
    params: SocialUserParam,
    query: SkipTakeQuery,
    response: DjFanPageDto,
  }),
  single: endpoint({
    service: S,
    method: 'GET',
    path: '/dj-fans/dj-fan/{id}',
    auth: 'user',
    summary: 'Whether the caller follows this DJ (404 when not)',
    params: SocialUserParam,
    response: DjFanDto,
  }),
  unfollow: endpoint({
    service: S,
    method: 'DELETE',
    path: '/dj-fans/{id}',
    auth: 'user',
    summary: 'Stops following a DJ',
    params: SocialUserParam,
    response: OkResponse,
  }),
  adminDjs: endpoint({
    service: S,
    method: 'GET',
    path: '/admin/djs',
    auth: 'admin.djs',
    summary: 'Admins: DJs by their number of fans, most first (skip, take)',
    query: SkipTakeQuery,
    response: AdminDjPageDto,
  }),
  adminDj: endpoint({
    service: S,
    method: 'GET',
    path: '/admin/djs/{id}',
    auth: 'admin.djs',
    summary: 'Admins: one DJ and their number of fans',
    params: SocialUserParam,
    response: AdminDjDto,
  }),
};
