import { z } from 'zod';
import { endpoint } from '../contract';
import { QbQuery, qbPage } from '../qb';
import {
  AssignAvatarReq,
  AvatarAssignmentDto,
  AvatarDto,
  AvatarHoldingDto,
  CreateAvatarReq,
  CustomFieldReq,
  DeleteCustomFieldReq,
  MyAvatarDto,
  UnassignAvatarReq,
  UpdateAvatarReq,
} from './avatars';

const S = 'points' as const;
const AvatarIdParam = z.object({ id: z.string().uuid('must be an avatar id') });
export const PointsUserParam = z.object({ id: z.string().uuid('must be a user uuid') });
export const PointsOk = z.object({ success: z.boolean() });
const UserParam = PointsUserParam;
const Ok = PointsOk;

/** Fields of GET /admin/avatars (qb). */
export const ADMIN_AVATAR_QB_FIELDS = [
  'slug',
  'name',
  'visibility',
  'discordOnly',
  'createdAt',
] as const;

/** The avatar catalogue, who may wear what, and giving avatars out. */
export const avatarEndpoints = {
  mine: endpoint({
    service: S,
    method: 'GET',
    path: '/avatars',
    auth: 'user',
    summary: 'The avatars offered to the caller, each with its lock (null: they may wear it)',
    response: z.array(MyAvatarDto),
  }),
  create: endpoint({
    service: S,
    method: 'POST',
    path: '/avatars',
    auth: 'admin.avatars',
    summary: 'Adds an avatar to the catalogue',
    body: CreateAvatarReq,
    response: AvatarDto,
    status: 201,
  }),
  update: endpoint({
    service: S,
    method: 'PATCH',
    path: '/avatars/{id}',
    auth: 'admin.avatars',
    summary: 'Changes an avatar (its slug stays)',
    params: AvatarIdParam,
    body: UpdateAvatarReq,
    response: AvatarDto,
  }),
  remove: endpoint({
    service: S,
    method: 'DELETE',
    path: '/avatars/{id}',
    auth: 'admin.avatars',
    summary: 'Removes an avatar; the people wearing it go back to the default one',
    params: AvatarIdParam,
    response: Ok,
  }),
  subscriber: endpoint({
    service: S,
    method: 'GET',
    path: '/avatars/subscriber',
    auth: 'public',
    summary: 'The avatars a Pro subscription unlocks',
    response: z.array(AvatarDto),
  }),
  bySlug: endpoint({
    service: S,
    method: 'GET',
    path: '/avatars/{slug}',
    auth: 'public',
    summary: 'One avatar, by slug (to draw what someone wears)',
    params: z.object({ slug: z.string().min(1).max(100) }),
    response: AvatarDto,
  }),
  all: endpoint({
    service: S,
    method: 'GET',
    path: '/all-avatars',
    auth: 'public',
    summary:
      'The whole catalogue, to draw anyone (private avatars included: wearing one is public)',
    response: z.array(AvatarDto),
  }),
  holding: endpoint({
    service: S,
    method: 'GET',
    path: '/avatars/{userUuid}/{slug}',
    auth: 'authenticated',
    summary: 'May this person wear this avatar, and if not, what unlocks it',
    params: z.object({
      userUuid: z.string().uuid('must be a user uuid'),
      slug: z.string().min(1).max(100),
    }),
    response: AvatarHoldingDto,
  }),
  ofUser: endpoint({
    service: S,
    method: 'GET',
    path: '/service/avatar/{id}',
    auth: 'avatar.assign',
    summary:
      "Every avatar with a person's lock and assignment, private ones included (services and admins)",
    params: UserParam,
    response: z.array(MyAvatarDto),
  }),
  adminList: endpoint({
    service: S,
    method: 'GET',
    path: '/admin/avatars',
    auth: 'admin.avatars',
    summary: 'Avatars (qb list)',
    query: QbQuery,
    response: qbPage(AvatarDto),
  }),
  adminGet: endpoint({
    service: S,
    method: 'GET',
    path: '/admin/avatars/{id}',
    auth: 'admin.avatars',
    summary: 'One avatar, with its holders counted',
    params: AvatarIdParam,
    response: AvatarDto.extend({ holders: z.number().int() }),
  }),
  adminRemove: endpoint({
    service: S,
    method: 'DELETE',
    path: '/admin/avatars/{id}',
    auth: 'admin.avatars',
    summary: 'Removes an avatar (as DELETE /avatars/{id})',
    params: AvatarIdParam,
    response: Ok,
  }),
  assign: endpoint({
    service: S,
    method: 'POST',
    path: '/avatar-assignment/{id}',
    auth: 'admin.avatars',
    summary: 'Gives a person an avatar (MANUAL, SEASON_AWARD or PURCHASED)',
    params: AvatarIdParam,
    body: AssignAvatarReq,
    response: AvatarAssignmentDto,
    status: 201,
  }),
  unassign: endpoint({
    service: S,
    method: 'DELETE',
    path: '/avatar-assignment/{id}',
    auth: 'admin.avatars',
    summary: 'Takes an avatar back (if they wear it, they go back to the default one)',
    params: AvatarIdParam,
    body: UnassignAvatarReq,
    response: Ok,
  }),
  setField: endpoint({
    service: S,
    method: 'POST',
    path: '/custom-fields',
    auth: 'admin.avatars',
    summary: 'Sets a custom field of an avatar (free-form key and value)',
    body: CustomFieldReq,
    response: AvatarDto,
    status: 201,
  }),
  deleteField: endpoint({
    service: S,
    method: 'DELETE',
    path: '/custom-fields',
    auth: 'admin.avatars',
    summary: 'Removes a custom field of an avatar',
    body: DeleteCustomFieldReq,
    response: AvatarDto,
  }),
};
