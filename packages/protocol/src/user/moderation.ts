import { z } from 'zod';
import { endpoint } from '../contract';
import { Badge, Capability, DeactivationRequestStatus, UserRole } from '../enums';
import { LimitOffsetQuery } from '../qb';
import { AdminUserDto, IdParam, UpdateProfileReq, UserProfileDto } from './dto';
import { CapabilitiesDto } from './profile';

const S = 'user' as const;

/** Longest moderation reason and comment. */
export const MODERATION_REASON_MAX = 500;
export const MODERATION_COMMENT_MAX = 2000;
/** Longest temporary ban: one year. */
export const TEMP_BAN_MAX_MINUTES = 366 * 24 * 60;

const userUuid = z.string().uuid();
const reason = z.string().trim().max(MODERATION_REASON_MAX).optional();

export const TargetUserReq = z.object({ userUuid });
export const ModerationReasonReq = z.object({ userUuid, reason });

/** Exactly one of `durationMinutes` or `until` (ISO 8601). */
export const TemporaryBanReq = z.object({
  userUuid,
  reason,
  durationMinutes: z.number().int().min(1).max(TEMP_BAN_MAX_MINUTES).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
});
export type TemporaryBanReq = z.infer<typeof TemporaryBanReq>;

export const AddRoleReq = z.object({ userUuid, role: UserRole });

export const ProfileAdminReq = UpdateProfileReq.extend({ userUuid });
export type ProfileAdminReq = z.infer<typeof ProfileAdminReq>;

export const BadgesReq = z.object({
  userUuid,
  badges: z.array(Badge).max(20),
});

export const CapabilityParams = z.object({
  id: z.string().min(1).max(200),
  capability: Capability,
});

export const ModerationCommentReq = z.object({
  userUuid,
  comment: z.string().trim().min(1, 'must not be empty').max(MODERATION_COMMENT_MAX),
});

export const ModerationCommentDto = z.object({
  id: z.number().int(),
  userUuid: z.string(),
  authorUuid: z.string(),
  /** The author's nickname now, or null when the author account is gone. */
  authorNickname: z.string().nullable(),
  comment: z.string(),
  createdAt: z.string(),
});
export type ModerationCommentDto = z.infer<typeof ModerationCommentDto>;

export const RequestDeactivateReq = z.object({
  reason: z.string().trim().max(MODERATION_REASON_MAX).optional(),
});

export const DeactivationRequestDto = z.object({
  id: z.number().int(),
  userUuid: z.string(),
  reason: z.string(),
  status: DeactivationRequestStatus,
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DeactivationRequestDto = z.infer<typeof DeactivationRequestDto>;

export const DeactivationListRes = z.object({
  data: z.array(DeactivationRequestDto.extend({ user: AdminUserDto })),
  total: z.number().int(),
});
export type DeactivationListRes = z.infer<typeof DeactivationListRes>;

export const moderationEndpoints = {
  kick: endpoint({
    service: S,
    method: 'POST',
    path: '/users/kick',
    auth: 'user.kick',
    summary: 'Ends every session of an account (its tokens stop working)',
    body: ModerationReasonReq,
    response: AdminUserDto,
  }),
  ban: endpoint({
    service: S,
    method: 'POST',
    path: '/users/ban',
    auth: 'user.ban',
    summary: 'Bans an account until unbanned; ends its sessions and refuses its logins',
    body: ModerationReasonReq,
    response: AdminUserDto,
  }),
  temporaryBan: endpoint({
    service: S,
    method: 'POST',
    path: '/users/temporary-ban',
    auth: 'user.ban',
    summary:
      'Bans an account for durationMinutes or until an instant; the ban lifts by itself afterwards',
    body: TemporaryBanReq,
    response: AdminUserDto,
  }),
  unban: endpoint({
    service: S,
    method: 'POST',
    path: '/users/unban',
    auth: 'user.ban',
    summary: 'Lifts a ban',
    body: TargetUserReq,
    response: AdminUserDto,
  }),
  addRole: endpoint({
    service: S,
    method: 'POST',
    path: '/users/add-role',
    auth: 'user.role.grant',
    summary:
      'Grants a role (moderators may grant user and promoter; admins any role but superUser)',
    body: AddRoleReq,
    response: AdminUserDto,
  }),
  removeRole: endpoint({
    service: S,
    method: 'POST',
    path: '/users/remove-role',
    auth: 'user.role.grant',
    summary:
      "STAFF-ROLES-2: takes a role away (the roles the caller may grant); the account's sessions end so the role stops at once",
    body: AddRoleReq,
    response: AdminUserDto,
  }),
  addGlobalModeratorRole: endpoint({
    service: S,
    method: 'POST',
    path: '/users/add-global-moderator-role',
    auth: 'user.role.globalModerator.grant',
    summary: 'Grants the globalModerator role',
    body: TargetUserReq,
    response: AdminUserDto,
  }),
  addCapability: endpoint({
    service: S,
    method: 'PUT',
    path: '/users/{id}/capabilities/{capability}',
    auth: 'user.capability.edit',
    summary: 'Grants a capability to an account (uuid or numeric id); answers its capabilities',
    params: CapabilityParams,
    response: CapabilitiesDto,
  }),
  removeCapability: endpoint({
    service: S,
    method: 'DELETE',
    path: '/users/{id}/capabilities/{capability}',
    auth: 'user.capability.edit',
    summary: 'Takes a capability away (uuid or numeric id); answers the remaining capabilities',
    params: CapabilityParams,
    response: CapabilitiesDto,
  }),
  profileAdmin: endpoint({
    service: S,
    method: 'POST',
    path: '/users/profile-admin',
    auth: 'user.profile.edit.other',
    summary: "Edits another account's profile (the fields of POST /users/profile)",
    body: ProfileAdminReq,
    response: AdminUserDto,
  }),
  changeBadgesAdmin: endpoint({
    service: S,
    method: 'POST',
    path: '/users/change-badges-admin',
    auth: 'user.badges.edit',
    summary: "Replaces an account's badges",
    body: BadgesReq,
    response: AdminUserDto,
  }),
  addBadgesService: endpoint({
    service: S,
    method: 'POST',
    path: '/users/add-badges-service',
    auth: 'service.call',
    summary: 'Adds badges to an account (service to service)',
    body: BadgesReq,
    response: UserProfileDto,
  }),
  removeBadgesService: endpoint({
    service: S,
    method: 'POST',
    path: '/users/remove-badges-service',
    auth: 'service.call',
    summary: 'Removes badges from an account (service to service)',
    body: BadgesReq,
    response: UserProfileDto,
  }),
  addComment: endpoint({
    service: S,
    method: 'POST',
    path: '/moderation-comments',
    auth: 'user.notes',
    summary: 'Adds a moderator note about an account',
    body: ModerationCommentReq,
    response: ModerationCommentDto,
    status: 201,
  }),
  comments: endpoint({
    service: S,
    method: 'GET',
    path: '/moderation-comments/{id}',
    auth: 'user.notes',
    summary: 'Moderator notes about an account (id = user uuid), newest first',
    params: IdParam,
    response: z.array(ModerationCommentDto),
  }),

  // deactivation (DEACTIVATE-1, DEACTIVATE-2)
  requestDeactivate: endpoint({
    service: S,
    method: 'POST',
    path: '/users/request-deactivate',
    auth: 'user',
    summary: 'The caller asks for their account to be deactivated (the body may be left out)',
    body: RequestDeactivateReq.nullish(),
    response: DeactivationRequestDto,
    status: 201,
  }),
  listDeactivate: endpoint({
    service: S,
    method: 'GET',
    path: '/users/list-deactivate',
    auth: 'user.deactivation.manage',
    summary: 'Open deactivation requests with their accounts, oldest first',
    query: LimitOffsetQuery,
    response: DeactivationListRes,
  }),
  cancelRequestedDeactivate: endpoint({
    service: S,
    method: 'POST',
    path: '/users/cancel-requested-deactivate',
    auth: 'user.deactivation.manage',
    summary: 'Cancels an open deactivation request; the account is active again',
    body: TargetUserReq,
    response: DeactivationRequestDto,
  }),
  deactivate: endpoint({
    service: S,
    method: 'DELETE',
    path: '/users/deactivate/{id}',
    auth: 'user',
    summary:
      'Deactivates an account (id = uuid): the account itself or a moderator; it can no longer log in',
    params: IdParam,
    response: AdminUserDto,
  }),
  userView: endpoint({
    service: S,
    method: 'GET',
    path: '/users/moderation/{id}',
    auth: 'user.moderation.read',
    summary:
      'Moderators: one account as the staff console shows it (roles, capabilities, ban) — uuid or numeric id',
    params: IdParam,
    response: AdminUserDto,
  }),
  reactivate: endpoint({
    service: S,
    method: 'POST',
    path: '/users/reactivate/{id}',
    auth: 'user.deactivation.manage',
    summary: 'Reactivates a deactivated account (id = uuid)',
    params: IdParam,
    response: AdminUserDto,
  }),
};
