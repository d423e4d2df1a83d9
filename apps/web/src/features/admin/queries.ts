import { mayI } from '../../entities/session/access';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  accessRequestEndpoints as ar,
  adminEndpoints as a,
  moderationEndpoints as m,
  phoneEndpoints as ph,
  roomAdminEndpoints as ra,
  voucherEndpoints as v,
  type AdminSignUpReq,
  type AdminUpdateRoomReq,
  type AdminUserDto,
  type Badge,
  type Capability,
  type UpdateProfileReq,
  type VoucherStatus,
} from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useOwnProfile } from '../../entities/user/queries';

export const adminKeys = {
  users: (search: string, page: number) => ['admin', 'users', search, page] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  comments: (id: string) => ['admin', 'comments', id] as const,
  accessRequests: ['admin', 'access-requests'] as const,
  deactivations: ['admin', 'deactivations'] as const,
  vouchers: (status: VoucherStatus | null) => ['admin', 'vouchers', status] as const,
  phones: (search: string) => ['admin', 'phones', search] as const,
  rooms: (search: string, page: number) => ['admin', 'rooms', search, page] as const,
};

/** Who may open the staff console: moderators see users; admins also search everyone. */
export function useStaff(): { isModerator: boolean; isAdmin: boolean; loading: boolean } {
  const me = useOwnProfile();
  return {
    isModerator: mayI(me.data, 'user.moderation.read'),
    isAdmin: mayI(me.data, 'admin.users'),
    loading: me.isLoading,
  };
}

/** Admins: accounts whose nickname or e-mail contains `search` (qb `s`), 20 a page. */
export function useAdminUsersQuery(search: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.users(search, page),
    queryFn: () =>
      api.call(a.users, {
        query: {
          s: search
            ? JSON.stringify({
                $or: [{ nickname: { $contL: search } }, { email: { $contL: search } }],
              })
            : undefined,
          sort: 'createdAt,DESC',
          limit: 20,
          page,
        },
      }),
    enabled,
  });
}

export function useStaffUserQuery(id: string) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: () => api.call(m.userView, { params: { id } }),
  });
}

export function useCommentsQuery(id: string) {
  return useQuery({
    queryKey: adminKeys.comments(id),
    queryFn: () => api.call(m.comments, { params: { id } }),
  });
}

const setUser = (id: string, user: AdminUserDto) =>
  queryClient.setQueryData(adminKeys.user(id), user);

export function useCapabilityMutation(id: string) {
  return useMutation({
    mutationFn: ({ capability, on }: { capability: Capability; on: boolean }) =>
      api.call(on ? m.addCapability : m.removeCapability, { params: { id, capability } }),
    // The switch moves at once; put back if the server refuses.
    onMutate: ({ capability, on }) => {
      const before = queryClient.getQueryData<AdminUserDto>(adminKeys.user(id));
      if (before) {
        const rest = before.capabilities.filter((c) => c !== capability);
        setUser(id, { ...before, capabilities: on ? [...rest, capability] : rest });
      }
      return { before };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.before) setUser(id, ctx.before);
    },
    onSuccess: ({ capabilities }) => {
      const user = queryClient.getQueryData<AdminUserDto>(adminKeys.user(id));
      if (user) setUser(id, { ...user, capabilities });
    },
  });
}

/** Ban (for good or for a while), unban, kick: each answers the account as it is now. */
export function useBanMutation(id: string) {
  return useMutation({
    mutationFn: async (input: {
      action: 'ban' | 'unban' | 'kick';
      userUuid: string;
      reason?: string;
      minutes?: number | null;
    }) => {
      const { userUuid, reason } = input;
      if (input.action === 'unban') return api.call(m.unban, { body: { userUuid } });
      if (input.action === 'kick') return api.call(m.kick, { body: { userUuid, reason } });
      return input.minutes
        ? api.call(m.temporaryBan, { body: { userUuid, reason, durationMinutes: input.minutes } })
        : api.call(m.ban, { body: { userUuid, reason } });
    },
    onSuccess: (user) => {
      setUser(id, user);
      void queryClient.invalidateQueries({ queryKey: adminKeys.comments(id) });
    },
  });
}

export function useAddCommentMutation(id: string) {
  return useMutation({
    mutationFn: (input: { userUuid: string; comment: string }) =>
      api.call(m.addComment, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.comments(id) }),
  });
}

/** ACCESS-REQ-2: the pending upload requests, oldest first. */
export function useAccessRequestsQuery() {
  return useQuery({
    queryKey: adminKeys.accessRequests,
    queryFn: () => api.call(ar.list, { query: { limit: 50 } }),
  });
}

/** ACCESS-REQ-2: allows (uploadMusic) or declines a request. */
export function useAnswerAccessRequestMutation() {
  return useMutation({
    mutationFn: ({ id, grant }: { id: number; grant: boolean }) =>
      api.call(ar.handle, { params: { id }, body: { grant } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.accessRequests }),
  });
}

/** DEACTIVATE-2: open deactivation requests, oldest first. */
export function useDeactivationsQuery() {
  return useQuery({
    queryKey: adminKeys.deactivations,
    queryFn: () => api.call(m.listDeactivate, { query: { limit: 50, offset: 0 } }),
  });
}

/** DEACTIVATE-2: carries a request out (the account is deactivated) or cancels it. */
export function useHandleDeactivationMutation() {
  return useMutation({
    mutationFn: async ({ userUuid, deactivate }: { userUuid: string; deactivate: boolean }) => {
      if (deactivate) await api.call(m.deactivate, { params: { id: userUuid } });
      else await api.call(m.cancelRequestedDeactivate, { body: { userUuid } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.deactivations }),
  });
}

/** STAFF-CONSOLE-3: a moderator corrects someone's profile (nickname, names, pronoun…). */
export function useEditProfileMutation(id: string) {
  return useMutation({
    mutationFn: (body: UpdateProfileReq & { userUuid: string }) =>
      api.call(m.profileAdmin, { body }),
    onSuccess: (user) => setUser(id, user),
  });
}

/** STAFF-CONSOLE-3: the badges shown on a profile (verified artist, platinum, staff…). */
export function useBadgesMutation(id: string) {
  return useMutation({
    mutationFn: (body: { userUuid: string; badges: Badge[] }) =>
      api.call(m.changeBadgesAdmin, { body }),
    onSuccess: (user) => setUser(id, user),
  });
}

/** STAFF-CONSOLE-4: an admin sets someone's password (their sessions end). */
export function useAdminPasswordMutation() {
  return useMutation({
    mutationFn: (body: { userUuid: string; newPassword: string }) =>
      api.call(a.changePassword, { body }),
  });
}

/** STAFF-CONSOLE-4: an admin creates an account whose e-mail needs no verification. */
export function useAdminSignUpMutation() {
  return useMutation({
    mutationFn: (body: AdminSignUpReq) => api.call(a.signUp, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

export function useVouchersQuery(status: VoucherStatus | null) {
  return useQuery({
    queryKey: adminKeys.vouchers(status),
    queryFn: () =>
      api.call(v.list, { query: { limit: 100, offset: 0, status: status ?? undefined } }),
  });
}

const refreshVouchers = () => queryClient.invalidateQueries({ queryKey: ['admin', 'vouchers'] });

export function useCreateVouchersMutation() {
  return useMutation({
    mutationFn: (body: { count: number; capability?: Capability; note?: string }) =>
      api.call(v.create, { body }),
    onSuccess: refreshVouchers,
  });
}

export function useRevokeVoucherMutation() {
  return useMutation({
    mutationFn: (uuid: string) => api.call(v.revoke, { params: { id: uuid } }),
    onSuccess: refreshVouchers,
  });
}

export function usePhonesQuery(search: string) {
  return useQuery({
    queryKey: adminKeys.phones(search),
    queryFn: () =>
      api.call(ph.adminList, { query: { limit: 100, offset: 0, search: search || undefined } }),
  });
}

const refreshPhones = () => queryClient.invalidateQueries({ queryKey: ['admin', 'phones'] });

export function useAddPhoneMutation() {
  return useMutation({
    mutationFn: (body: { phoneNumber: string; note?: string; fixedCode?: string }) =>
      api.call(ph.adminCreate, { body }),
    onSuccess: refreshPhones,
  });
}

export function useRemovePhoneMutation() {
  return useMutation({
    mutationFn: (id: number) => api.call(ph.adminDelete, { params: { id } }),
    onSuccess: refreshPhones,
  });
}

/** Admins: every room (deleted ones too) whose name or slug contains `search`, 20 a page. */
export function useAdminRoomsQuery(search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.rooms(search, page),
    queryFn: () =>
      api.call(ra.list, {
        query: {
          s: search
            ? JSON.stringify({ $or: [{ name: { $contL: search } }, { slug: { $contL: search } }] })
            : undefined,
          sort: 'createdAt,DESC',
          limit: 20,
          page,
        },
      }),
  });
}

const refreshRooms = () => queryClient.invalidateQueries({ queryKey: ['admin', 'rooms'] });

export function useAdminRoomUpdateMutation() {
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: AdminUpdateRoomReq }) =>
      api.call(ra.update, { params: { id: uuid }, body }),
    onSuccess: refreshRooms,
  });
}

export function useResetRoomMutation() {
  return useMutation({
    mutationFn: (uuid: string) => api.call(ra.reset, { params: { id: uuid } }),
    onSuccess: refreshRooms,
  });
}
