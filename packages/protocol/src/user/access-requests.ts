import { z } from 'zod';
import { endpoint } from '../contract';
import { LimitOffsetQuery } from '../qb';

const S = 'user' as const;

export const AccessRequestStatus = z.enum(['PENDING', 'GRANTED', 'DECLINED']);
export type AccessRequestStatus = z.infer<typeof AccessRequestStatus>;

/** Someone asking moderators for the upload permission (ACCESS-REQ-* rules). */
export const AccessRequestDto = z.object({
  id: z.number().int(),
  userUuid: z.string(),
  nickname: z.string().nullable(),
  message: z.string(),
  status: AccessRequestStatus,
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AccessRequestDto = z.infer<typeof AccessRequestDto>;

export const accessRequestEndpoints = {
  request: endpoint({
    service: S,
    method: 'POST',
    path: '/users/upload-access-requests',
    auth: 'user',
    summary: 'Asks moderators for permission to upload music (they are notified)',
    body: z.object({ message: z.string().trim().max(500).optional() }),
    response: AccessRequestDto,
    status: 201,
    rateLimitPerMinute: 5,
  }),
  mine: endpoint({
    service: S,
    method: 'GET',
    path: '/users/upload-access-requests/mine',
    auth: 'user',
    summary: "The caller's latest request, or null",
    response: z.object({ request: AccessRequestDto.nullable() }),
  }),
  list: endpoint({
    service: S,
    method: 'GET',
    path: '/users/upload-access-requests',
    auth: 'upload.access.review',
    summary: 'Moderators: requests (status, default PENDING), oldest first',
    query: LimitOffsetQuery.extend({ status: AccessRequestStatus.default('PENDING') }),
    response: z.object({ data: z.array(AccessRequestDto), total: z.number().int() }),
  }),
  handle: endpoint({
    service: S,
    method: 'POST',
    path: '/users/upload-access-requests/{id}/handle',
    auth: 'upload.access.review',
    summary: 'Moderators: grant (the uploadMusic capability) or decline a request',
    params: z.object({ id: z.coerce.number().int().min(1) }),
    body: z.object({ grant: z.boolean() }),
    response: AccessRequestDto,
  }),
};
