import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  analyticsSummaryEndpoint,
  auditEndpoints as au,
  communityEndpoints as c,
  eventEndpoints as e,
  type ModerationActionType,
} from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';

const PAGE = 20;

/** AUDIT-MOD-3: the moderation log, newest first, filtered by action and by person. */
export function useModerationLogQuery(
  filter: { actionType: ModerationActionType | ''; person: string },
  page: number,
) {
  return useQuery({
    queryKey: ['admin', 'moderation-log', filter, page],
    queryFn: () => {
      const parts: Record<string, unknown>[] = [];
      if (filter.actionType) parts.push({ actionType: filter.actionType });
      if (filter.person) {
        parts.push({ $or: [{ targetUuid: filter.person }, { actorUuid: filter.person }] });
      }
      const search = parts.length ? JSON.stringify({ $and: parts }) : undefined;
      return api.call(au.list, { query: { s: search, limit: PAGE, page } });
    },
    placeholderData: keepPreviousData,
  });
}

/** What was done to one person (their page in the console). */
export function useUserActionsQuery(uuid: string) {
  return useQuery({
    queryKey: ['admin', 'user-actions', uuid],
    queryFn: () => api.call(au.userActions, { params: { x: uuid }, query: { limit: 50 } }),
    enabled: uuid.length > 0,
  });
}

export function useAddNoteMutation(uuid: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      api.call(au.create, { body: { targetUuid: uuid, actionType: 'note', reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'user-actions', uuid] }),
  });
}

/** AUDIT-STATS-1: the charts' figures. */
export function useAnalyticsSummaryQuery(days: number) {
  return useQuery({
    queryKey: ['admin', 'analytics', days],
    queryFn: () => api.call(analyticsSummaryEndpoint, { query: { days } }),
    placeholderData: keepPreviousData,
  });
}

/** Every community (qb), name contains `search`. */
export function useAdminCommunitiesQuery(search: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'communities', search, page],
    queryFn: () =>
      api.call(c.adminList, {
        query: { filter: search ? [`name||$cont||${search}`] : [], limit: PAGE, page },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminRemoveCommunityMutation() {
  return useMutation({
    mutationFn: (uuid: string) => api.call(c.adminRemove, { params: { id: uuid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'communities'] }),
  });
}

/** Every event (qb), name contains `search`, latest start first. */
export function useAdminEventsQuery(search: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'events', search, page],
    queryFn: () =>
      api.call(e.adminList, {
        query: { filter: search ? [`name||$cont||${search}`] : [], limit: PAGE, page },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminRemoveEventMutation() {
  return useMutation({
    mutationFn: (uuid: string) => api.call(e.remove, { params: { id: uuid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'events'] }),
  });
}
