import { z } from 'zod';
import { endpoint } from '../contract';
import { UserRole } from '../enums';
import { QbQuery, qbPage } from '../qb';
import { SignUpReq } from './auth';
import { AdminUserDto, IdParam } from './dto';

const S = 'user' as const;

/**
 * Fields of GET /admin/users usable in `filter`, `or`, `s` and `sort` (qb).
 * `email` is the primary address; `roles` and `badges` take $cont/$excl with one role or badge.
 */
export const ADMIN_USER_QB_FIELDS = [
  'id',
  'uuid',
  'nickname',
  'email',
  'firstName',
  'lastName',
  'phoneNumber',
  'status',
  'banned',
  'bannedUntil',
  'isBot',
  'roles',
  'badges',
  'createdAt',
  'updatedAt',
  'lastLoginAt',
] as const;

export const AdminSignUpReq = SignUpReq.extend({
  roles: z.array(UserRole).max(8).optional(),
});
export type AdminSignUpReq = z.infer<typeof AdminSignUpReq>;

export const ChangePasswordAdminReq = z.object({
  userUuid: z.string().uuid(),
  newPassword: z.string().min(8, 'password must be at least 8 characters').max(200),
});

export const adminEndpoints = {
  users: endpoint({
    service: S,
    method: 'GET',
    path: '/admin/users',
    auth: 'admin.users',
    summary:
      'Accounts (qb): filter/or/s on id, uuid, nickname, email, status, roles…; sort by createdAt, nickname, id…; limit/offset/page',
    query: QbQuery,
    response: qbPage(AdminUserDto),
  }),
  user: endpoint({
    service: S,
    method: 'GET',
    path: '/admin/users/{id}',
    auth: 'admin.users',
    summary: 'One account, admin view (uuid or numeric id)',
    params: IdParam,
    response: AdminUserDto,
  }),
  signUp: endpoint({
    service: S,
    method: 'POST',
    path: '/users/admin/sign-up',
    auth: 'admin.users',
    summary: 'Creates an account whose e-mail needs no verification (CREATED_BY_ADMIN)',
    body: AdminSignUpReq,
    response: AdminUserDto,
    status: 201,
    missingFieldsMessage: 'Email or password is missing in request.',
  }),
  changePassword: endpoint({
    service: S,
    method: 'POST',
    path: '/users/change-password-admin',
    auth: 'admin.users',
    summary: "Sets an account's password and ends its sessions",
    body: ChangePasswordAdminReq,
    response: AdminUserDto,
  }),
};
