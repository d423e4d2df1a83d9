import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';

const S = 'notification' as const;

/** A friend invitation moves from pending to accepted or rejected (handle-friend). */
export const InvitationStatus = z.enum(['pending', 'accepted', 'rejected']);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

const userUuid = (what: string) => z.string().uuid(`must be a ${what} uuid`);

export const FriendInvitationDto = z.object({
  id: z.string().uuid(),
  senderUuid: z.string(),
  receiverUuid: z.string(),
  invitationStatus: InvitationStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FriendInvitationDto = z.infer<typeof FriendInvitationDto>;

export const FriendDto = z.object({
  userUuid: z.string(),
  friendUuid: z.string(),
  /** When the friendship began (the invitation was accepted). */
  since: z.string(),
});
export type FriendDto = z.infer<typeof FriendDto>;

export const BlockedUserDto = z.object({
  userUuid: z.string(),
  blockedUserUuid: z.string(),
  createdAt: z.string(),
});
export type BlockedUserDto = z.infer<typeof BlockedUserDto>;

/** Lists of people: `skip`/`take` pages (take 12 by default, at most 150). */
export const SOCIAL_PAGE_DEFAULT = 12;
export const SOCIAL_PAGE_MAX = 150;
export const SkipTakeQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(SOCIAL_PAGE_MAX).default(SOCIAL_PAGE_DEFAULT),
});

export const SocialUserParam = z.object({ id: userUuid('user') });
export const InvitationParam = z.object({ id: z.string().uuid('must be an invitation id') });

export const CreateInvitationReq = z.object({ receiverUuid: userUuid('user') });
export const HandleInvitationReq = z.object({
  invitationId: z.string().uuid('must be an invitation id'),
  invitationStatus: z.enum(['accepted', 'rejected']),
});
export const BlockUserReq = z.object({ blockedUserUuid: userUuid('user') });

export const InvitationListDto = z.object({ invitations: z.array(FriendInvitationDto) });
export const FriendPageDto = z.object({
  friends: z.array(FriendDto),
  total: z.number().int(),
  skip: z.number().int(),
  take: z.number().int(),
});
export const FriendUuidsDto = z.object({ friendsUuids: z.array(z.string()) });
export const BlockedListDto = z.object({ blockedUsers: z.array(BlockedUserDto) });

/** Friends, friend invitations and blocked users (SOC-* rules in docs/SOCIAL-RULES.md). */
export const friendEndpoints = {
  invite: endpoint({
    service: S,
    method: 'POST',
    path: '/friend-invitations',
    auth: 'user',
    summary: 'Invites a user to be friends (or accepts their pending invitation)',
    body: CreateInvitationReq,
    response: FriendInvitationDto,
    status: 201,
    rateLimitPerMinute: 60,
  }),
  invitationsOf: endpoint({
    service: S,
    method: 'GET',
    path: '/friend-invitations/user-invitations/{id}',
    auth: 'user',
    summary: "A user's invitations, sent and received (their own, or any for admins)",
    params: SocialUserParam,
    response: InvitationListDto,
  }),
  invitationsFor: endpoint({
    service: S,
    method: 'GET',
    path: '/friend-invitations/user-invitations-for',
    auth: 'user',
    summary: 'Pending invitations the caller received',
    response: InvitationListDto,
  }),
  invitationsFrom: endpoint({
    service: S,
    method: 'GET',
    path: '/friend-invitations/user-invitations-from',
    auth: 'user',
    summary: 'Pending invitations the caller sent',
    response: InvitationListDto,
  }),
  cancel: endpoint({
    service: S,
    method: 'DELETE',
    path: '/friend-invitations/{id}',
    auth: 'user',
    summary: 'Withdraws a pending invitation (its sender) or dismisses it (its receiver)',
    params: InvitationParam,
    response: OkResponse,
  }),
  handle: endpoint({
    service: S,
    method: 'POST',
    path: '/friend-invitations/handle-friend',
    auth: 'user',
    summary: 'Accepts or rejects a pending invitation the caller received',
    body: HandleInvitationReq,
    response: FriendInvitationDto,
  }),
  friends: endpoint({
    service: S,
    method: 'GET',
    path: '/friends/{id}',
    auth: 'user',
    summary: "A user's friends, newest first (skip, take)",
    params: SocialUserParam,
    query: SkipTakeQuery,
    response: FriendPageDto,
  }),
  unfriend: endpoint({
    service: S,
    method: 'DELETE',
    path: '/friends/{id}',
    auth: 'user',
    summary: 'Ends a friendship, for both',
    params: SocialUserParam,
    response: OkResponse,
  }),
  friendUuids: endpoint({
    service: S,
    method: 'GET',
    path: '/friends/list/{id}',
    auth: 'user',
    summary: "The uuids of a user's friends",
    params: SocialUserParam,
    response: FriendUuidsDto,
  }),
  singleFriend: endpoint({
    service: S,
    method: 'GET',
    path: '/friends/single-friend/{id}',
    auth: 'user',
    summary: 'The friendship of the caller with this user (404 when they are not friends)',
    params: SocialUserParam,
    response: FriendDto,
  }),
  block: endpoint({
    service: S,
    method: 'POST',
    path: '/blocked-users',
    auth: 'user',
    summary: 'Blocks a user: ends a friendship and pending invitations both ways',
    body: BlockUserReq,
    response: BlockedUserDto,
    status: 201,
  }),
  blocked: endpoint({
    service: S,
    method: 'GET',
    path: '/blocked-users',
    auth: 'user',
    summary: 'The users the caller blocked',
    response: BlockedListDto,
  }),
  blockedOne: endpoint({
    service: S,
    method: 'GET',
    path: '/blocked-users/{id}',
    auth: 'user',
    summary: 'The caller’s block of this user (404 when there is none)',
    params: SocialUserParam,
    response: BlockedUserDto,
  }),
  unblock: endpoint({
    service: S,
    method: 'DELETE',
    path: '/blocked-users/{id}',
    auth: 'user',
    summary: 'Lifts the caller’s block of this user',
    params: SocialUserParam,
    response: OkResponse,
  }),
};
