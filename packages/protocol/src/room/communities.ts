import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';
import { LimitOffsetQuery, QbQuery, qbPage } from '../qb';
import { RoomDto } from './dto';
import { HttpsUrl, RoomSlugInput } from './endpoints-shared';

const S = 'room' as const;

/** Community roles, highest first (COMM-ROLE-1 in docs/COMMUNITY-RULES.md). */
export const COMMUNITY_ROLES = ['owner', 'moderator', 'member'] as const;
export const CommunityRole = z.enum(COMMUNITY_ROLES);
export type CommunityRole = z.infer<typeof CommunityRole>;

/** PUBLIC: anyone signed in joins; PRIVATE: members are added by its owner and moderators. */
export const CommunityVisibility = z.enum(['PUBLIC', 'PRIVATE']);
export type CommunityVisibility = z.infer<typeof CommunityVisibility>;

/** Most communities one person owns (admins are not limited) (COMM-CREATE-2). */
export const MAX_OWNED_COMMUNITIES = 5;
/** Most rooms in one community, and most communities one room belongs to (COMM-ROOM-3). */
export const MAX_COMMUNITY_ROOMS = 100;
export const MAX_ROOM_COMMUNITIES = 5;
/** Most rooms one add/remove call names. */
export const MAX_ROOMS_PER_COMMUNITY_CALL = 20;

export const CommunityDto = z.object({
  id: z.number().int(),
  uuid: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  bannerUrl: z.string().nullable(),
  visibility: CommunityVisibility,
  ownerUuid: z.string(),
  memberCount: z.number().int(),
  roomCount: z.number().int(),
  /** The caller's role in it, or null (guests and non-members). */
  myRole: CommunityRole.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CommunityDto = z.infer<typeof CommunityDto>;

export const CommunityMemberDto = z.object({
  userUuid: z.string(),
  role: CommunityRole,
  joinedAt: z.string(),
});
export type CommunityMemberDto = z.infer<typeof CommunityMemberDto>;

export const CommunityMembersDto = z.object({
  members: z.array(CommunityMemberDto),
  total: z.number().int(),
});
export const CommunityRoomsDto = z.object({ rooms: z.array(RoomDto), total: z.number().int() });
export const CommunityPageDto = z.object({
  communities: z.array(CommunityDto),
  total: z.number().int(),
});
export type CommunityPageDto = z.infer<typeof CommunityPageDto>;

/** What an owner sets (COMM-EDIT-1). */
export const CommunitySettingsInput = z.object({
  name: z.string().trim().min(2, 'name: at least 2 characters').max(60),
  slug: RoomSlugInput,
  description: z.string().trim().max(1000),
  bannerUrl: HttpsUrl.nullable(),
  visibility: CommunityVisibility,
});

/** POST /communities: `name` is needed; the slug is made from it unless given. */
export const CreateCommunityReq = CommunitySettingsInput.partial().extend({
  name: CommunitySettingsInput.shape.name,
});
export type CreateCommunityReq = z.infer<typeof CreateCommunityReq>;
export const UpdateCommunityReq = CommunitySettingsInput.partial();
export type UpdateCommunityReq = z.infer<typeof UpdateCommunityReq>;

/** Admins create communities for someone else (`ownerUuid`, default the admin). */
export const AdminCreateCommunityReq = CreateCommunityReq.extend({
  ownerUuid: z.string().uuid().optional(),
});
export type AdminCreateCommunityReq = z.infer<typeof AdminCreateCommunityReq>;
/** PUT replaces every setting (a missing optional one goes back to its default). */
export const AdminReplaceCommunityReq = CommunitySettingsInput.partial().extend({
  name: CommunitySettingsInput.shape.name,
  ownerUuid: z.string().uuid().optional(),
});
export const AdminBulkCommunitiesReq = z.object({
  bulk: z.array(AdminCreateCommunityReq).min(1, 'bulk: at least one community').max(100),
});

export const CommunityIdParam = z.object({ id: z.string().min(1).max(200) });
export const CommunityUserParam = CommunityIdParam.extend({ userId: z.string().uuid() });
export const CommunityRoomParam = CommunityIdParam.extend({ roomId: z.string().min(1).max(200) });
export const RoomCommunitiesParam = z.object({ roomId: z.string().min(1).max(200) });

/** PUT /communities/{id}/users/{userId}: add someone or change their role (default member). */
export const SetCommunityMemberReq = z.object({ role: CommunityRole.default('member') });
export const CommunityRoomsReq = z.object({
  rooms: z.array(z.string().min(1).max(200)).min(1).max(MAX_ROOMS_PER_COMMUNITY_CALL),
});
export const CommunityListQuery = LimitOffsetQuery.extend({
  search: z.string().trim().max(60).optional(),
});

export const ADMIN_COMMUNITY_QB_FIELDS = [
  'id',
  'uuid',
  'slug',
  'name',
  'visibility',
  'ownerUuid',
  'createdAt',
  'updatedAt',
] as const;

/** Communities: pages, members, rooms, join and leave; admin lists and bulk creation. */
export const communityEndpoints = {
  list: endpoint({
    service: S,
    method: 'GET',
    path: '/communities',
    auth: 'public',
    summary: 'Public communities, the largest first (search by name)',
    query: CommunityListQuery,
    response: CommunityPageDto,
  }),
  create: endpoint({
    service: S,
    method: 'POST',
    path: '/communities',
    auth: 'user',
    summary: 'Starts a community; the caller is its owner (COMM-CREATE-1/2)',
    body: CreateCommunityReq,
    response: CommunityDto,
    status: 201,
  }),
  get: endpoint({
    service: S,
    method: 'GET',
    path: '/communities/{id}',
    auth: 'public',
    summary: 'One community by uuid, slug or id (a private one only for its members and staff)',
    params: CommunityIdParam,
    response: CommunityDto,
  }),
  update: endpoint({
    service: S,
    method: 'PATCH',
    path: '/communities/{id}',
    auth: 'user',
    summary: 'Changes a community (its owner and moderators, COMM-EDIT-1)',
    params: CommunityIdParam,
    body: UpdateCommunityReq,
    response: CommunityDto,
  }),
  remove: endpoint({
    service: S,
    method: 'DELETE',
    path: '/communities/{id}',
    auth: 'user',
    summary: 'Ends a community (its owner or an admin); its rooms stay',
    params: CommunityIdParam,
    response: OkResponse,
  }),
  users: endpoint({
    service: S,
    method: 'GET',
    path: '/communities/{id}/users',
    auth: 'public',
    summary: 'Members, owner and moderators first',
    params: CommunityIdParam,
    query: LimitOffsetQuery,
    response: CommunityMembersDto,
  }),
  join: endpoint({
    service: S,
    method: 'POST',
    path: '/communities/{id}/join',
    auth: 'user',
    summary: 'Joins a public community (COMM-JOIN-1)',
    params: CommunityIdParam,
    response: CommunityDto,
  }),
  leave: endpoint({
    service: S,
    method: 'POST',
    path: '/communities/{id}/leave',
    auth: 'user',
    summary: 'Leaves a community (its owner hands it over first, COMM-JOIN-3)',
    params: CommunityIdParam,
    response: CommunityDto,
  }),
  setUser: endpoint({
    service: S,
    method: 'PUT',
    path: '/communities/{id}/users/{userId}',
    auth: 'user',
    summary: 'Adds a member or changes their role (COMM-ROLE-2)',
    params: CommunityUserParam,
    body: SetCommunityMemberReq,
    response: CommunityMemberDto,
  }),
  removeUser: endpoint({
    service: S,
    method: 'DELETE',
    path: '/communities/{id}/users/{userId}',
    auth: 'user',
    summary: 'Takes someone out of a community (COMM-ROLE-3)',
    params: CommunityUserParam,
    response: OkResponse,
  }),
  rooms: endpoint({
    service: S,
    method: 'GET',
    path: '/communities/{id}/rooms',
    auth: 'public',
    summary: "A community's rooms, live ones first, with who is in them",
    params: CommunityIdParam,
    query: LimitOffsetQuery,
    response: CommunityRoomsDto,
  }),
  putRoom: endpoint({
    service: S,
    method: 'PUT',
    path: '/communities/{id}/rooms/{roomId}',
    auth: 'user',
    summary: 'Adds a room (COMM-ROOM-1)',
    params: CommunityRoomParam,
    response: OkResponse,
  }),
  deleteRoom: endpoint({
    service: S,
    method: 'DELETE',
    path: '/communities/{id}/rooms/{roomId}',
    auth: 'user',
    summary: 'Takes a room out (COMM-ROOM-2)',
    params: CommunityRoomParam,
    response: OkResponse,
  }),
  addRoom: endpoint({
    service: S,
    method: 'POST',
    path: '/communities/{id}/{roomId}',
    auth: 'user',
    summary: 'Adds a room (same as PUT /communities/{id}/rooms/{roomId})',
    params: CommunityRoomParam,
    response: OkResponse,
  }),
  dropRoom: endpoint({
    service: S,
    method: 'DELETE',
    path: '/communities/{id}/{roomId}',
    auth: 'user',
    summary: 'Takes a room out (same as DELETE /communities/{id}/rooms/{roomId})',
    params: CommunityRoomParam,
    response: OkResponse,
  }),
  addRooms: endpoint({
    service: S,
    method: 'POST',
    path: '/communities/{id}/add',
    auth: 'user',
    summary: 'Adds several rooms at once (all or none)',
    params: CommunityIdParam,
    body: CommunityRoomsReq,
    response: OkResponse,
  }),
  removeRooms: endpoint({
    service: S,
    method: 'POST',
    path: '/communities/{id}/remove',
    auth: 'user',
    summary: 'Takes several rooms out at once (all or none)',
    params: CommunityIdParam,
    body: CommunityRoomsReq,
    response: OkResponse,
  }),
  ofRoom: endpoint({
    service: S,
    method: 'GET',
    path: '/room-communities/{roomId}',
    auth: 'public',
    summary: 'The communities a room belongs to (private ones only for their members)',
    params: RoomCommunitiesParam,
    query: LimitOffsetQuery,
    response: CommunityPageDto,
  }),
  mine: endpoint({
    service: S,
    method: 'GET',
    path: '/user-communities',
    auth: 'user',
    summary: "The caller's communities, most recently joined first",
    query: LimitOffsetQuery,
    response: CommunityPageDto,
  }),
  adminList: endpoint({
    service: S,
    method: 'GET',
    path: '/admin/communities',
    auth: 'admin.communities',
    summary: 'Every community (qb): filter/or/s/sort on id, uuid, slug, name, visibility…',
    query: QbQuery,
    response: qbPage(CommunityDto),
  }),
  adminGet: endpoint({
    service: S,
    method: 'GET',
    path: '/admin/communities/{id}',
    auth: 'admin.communities',
    summary: 'One community, private ones included',
    params: CommunityIdParam,
    response: CommunityDto,
  }),
  adminCreate: endpoint({
    service: S,
    method: 'POST',
    path: '/admin/communities',
    auth: 'admin.communities',
    summary: 'Creates a community for `ownerUuid` (default the admin); no ownership limit',
    body: AdminCreateCommunityReq,
    response: CommunityDto,
    status: 201,
  }),
  adminBulk: endpoint({
    service: S,
    method: 'POST',
    path: '/admin/communities/bulk',
    auth: 'admin.communities',
    summary: 'Creates several communities (`bulk`), all or none',
    body: AdminBulkCommunitiesReq,
    response: z.array(CommunityDto),
    status: 201,
  }),
  adminPatch: endpoint({
    service: S,
    method: 'PATCH',
    path: '/admin/communities/{id}',
    auth: 'admin.communities',
    summary: 'Changes some settings of any community',
    params: CommunityIdParam,
    body: UpdateCommunityReq.extend({ ownerUuid: z.string().uuid().optional() }),
    response: CommunityDto,
  }),
  adminReplace: endpoint({
    service: S,
    method: 'PUT',
    path: '/admin/communities/{id}',
    auth: 'admin.communities',
    summary: 'Replaces every setting of a community',
    params: CommunityIdParam,
    body: AdminReplaceCommunityReq,
    response: CommunityDto,
  }),
  adminRemove: endpoint({
    service: S,
    method: 'DELETE',
    path: '/admin/communities/{id}',
    auth: 'admin.communities',
    summary: 'Ends any community; its rooms stay',
    params: CommunityIdParam,
    response: OkResponse,
  }),
};
