import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import {
  adminEndpoints as a,
  auditEndpoints as au,
  botEndpoints as b,
  djFanEndpoints as d,
  moderationEndpoints as m,
  paymentEndpoints as pay,
  pointsEndpoints as pts,
  roomAdminEndpoints as ra,
  sendingEndpoints as s,
  serviceStatusEndpoint,
  socialEndpoints as so,
  SERVICE_NAMES,
  type AnalyticsTopic,
  type AdminUserDto,
  type Permission,
  type SignUpBotReq,
  type SubscriptionLevel,
  type UserRole,
} from '@tt/protocol';
import { mayI } from '../../entities/session/access';
import { useOwnProfile } from '../../entities/user/queries';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { adminKeys } from './queries';

/** ACCESS-CAN-1: may the signed-in person use this console tool (the server checks again)? */
export function useMayI(): (permission: Permission) => boolean {
  const me = useOwnProfile();
  return (permission) => mayI(me.data, permission);
}

/** STAFF-NOTIFY-1: who a console message goes to. */
export type NotifyTarget =
  | { to: 'user'; userUuid: string }
  | { to: 'users'; userUuids: string[] }
  | { to: 'room'; roomUuid: string }
  | { to: 'everyone' };
export type NotifyContent = { title: string; body: string; link?: string };

/** STAFF-NOTIFY-1/2: sends one message (or a silent data push) through the admin routes. */
export function useSendNotificationMutation() {
  return useMutation({
    mutationFn: (
      input:
        | (NotifyTarget & NotifyContent & { silent?: false })
        | { to: 'user'; userUuid: string; silent: true; data: Record<string, string> },
    ) => {
      if (input.silent) {
        return api.call(s.userAdminSilent, {
          body: { userUuid: input.userUuid, data: input.data },
        });
      }
      const content = { title: input.title, body: input.body, link: input.link };
      if (input.to === 'user')
        return api.call(s.userAdmin, { body: { userUuid: input.userUuid, ...content } });
      if (input.to === 'users')
        return api.call(s.customMessageAdmin, { body: { userUuids: input.userUuids, ...content } });
      if (input.to === 'room')
        return api.call(s.roomUsersAdmin, {
          body: { roomUuid: input.roomUuid, title: input.title, body: input.body },
        });
      return api.call(s.allDevices, { body: content });
    },
  });
}

const setUser = (id: string, user: AdminUserDto) =>
  queryClient.setQueryData(adminKeys.user(id), user);

/** STAFF-ROLES-1/2: gives or takes a platform role (globalModerator has its own route). */
export function useRoleMutation(id: string) {
  return useMutation({
    mutationFn: ({ role, give }: { role: UserRole; give: boolean }) => {
      const body = { userUuid: id, role };
      if (!give) return api.call(m.removeRole, { body });
      if (role === 'globalModerator')
        return api.call(m.addGlobalModeratorRole, { body: { userUuid: id } });
      return api.call(m.addRole, { body });
    },
    onSuccess: (user) => setUser(id, user),
  });
}

/** STAFF-ACCOUNT-1: deactivates or reactivates an account from its page. */
export function useAccountStatusMutation(id: string) {
  return useMutation({
    mutationFn: (active: boolean) =>
      api.call(active ? m.reactivate : m.deactivate, { params: { id } }),
    onSuccess: (user) => {
      setUser(id, user);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'user-actions', id] });
    },
  });
}

/** STAFF-CONTACTS-1: a person's stored address book (hashes only). */
export function useContactBookQuery(uuid: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'contacts', uuid, page],
    queryFn: () =>
      api.call(so.admin, { params: { id: uuid }, query: { skip: (page - 1) * 20, take: 20 } }),
    placeholderData: keepPreviousData,
  });
}

/** STAFF-BOTS-1: every bot account (qb on isBot), newest first. */
export function useBotsQuery(page: number) {
  return useQuery({
    queryKey: ['admin', 'bots', page],
    queryFn: () =>
      api.call(a.users, {
        query: { filter: ['isBot||$eq||true'], sort: 'createdAt,DESC', limit: 20, page },
      }),
    placeholderData: keepPreviousData,
  });
}

/** STAFF-BOTS-1: a bot owned by the caller; answers its first long-lived token. */
export function useCreateBotMutation() {
  return useMutation({
    mutationFn: (body: SignUpBotReq) => api.call(b.signUp, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'bots'] }),
  });
}

/** STAFF-BOTS-2: a fresh token for one of the caller's bots. */
export function useBotTokenMutation() {
  return useMutation({
    mutationFn: (botUuid: string) => api.call(b.token, { query: { botUuid } }),
  });
}

/** STAFF-VIEWS-1: DJs by their number of fans. */
export function useAdminDjsQuery(page: number) {
  return useQuery({
    queryKey: ['admin', 'djs', page],
    queryFn: () => api.call(d.adminDjs, { query: { skip: (page - 1) * 20, take: 20 } }),
    placeholderData: keepPreviousData,
  });
}

/** STAFF-VIEWS-2: season balances (or lifetime ones), highest first. */
export function useRankingStatusQuery(
  filter: { seasonId: number | null; lifetime: boolean; userUuid: string },
  page: number,
) {
  return useQuery({
    queryKey: ['admin', 'ranking-status', filter, page],
    queryFn: () => {
      const query = {
        limit: 20,
        page,
        sort: 'balance,DESC' as const,
        userUuid: filter.userUuid || undefined,
      };
      return filter.lifetime
        ? api.call(pts.adminLifetime, { query })
        : api.call(pts.adminStatuses, {
            query: { ...query, seasonId: filter.seasonId ?? undefined },
          });
    },
    placeholderData: keepPreviousData,
  });
}

/** STAFF-VIEWS-3: subscriptions in force, started in a period, of a region and level. */
export function useSubscriptionCountQuery(filter: {
  startDate?: string;
  endDate?: string;
  region?: string;
  level?: SubscriptionLevel;
}) {
  return useQuery({
    queryKey: ['admin', 'subscription-count', filter],
    queryFn: () => api.call(pay.count, { query: filter }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** STAFF-VIEWS-4: each service's health (public), and the room service's counts. */
export function useServiceStatusQueries() {
  return useQueries({
    queries: SERVICE_NAMES.map((name) => ({
      queryKey: ['admin', 'service-status', name],
      queryFn: () => api.call(serviceStatusEndpoint(name), {}),
      retry: false,
    })),
  });
}

export function useRoomServiceStatusQuery() {
  return useQuery({
    queryKey: ['admin', 'room-status'],
    queryFn: () => api.call(ra.status, {}),
  });
}

/** STAFF-VIEWS-5: the socket's message names and the analytics topics. */
export function useEventNamesQuery(kind: 'socket' | 'user') {
  return useQuery({
    queryKey: ['admin', 'event-names', kind],
    queryFn: () => api.call(kind === 'socket' ? au.socketEventNames : au.userEventNames, {}),
  });
}

/** STAFF-VIEWS-5: the newest analytics event of one topic (404 when none yet). */
export function useEventLastQuery(topic: AnalyticsTopic | null) {
  return useQuery({
    queryKey: ['admin', 'event-last', topic],
    queryFn: () => api.call(au.eventLast, { params: { x: topic! } }),
    enabled: topic !== null,
    retry: false,
  });
}
