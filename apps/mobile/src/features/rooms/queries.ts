import { useQuery } from '@tanstack/react-query';
import { communityEndpoints, eventEndpoints, roomListEndpoints } from '@tt/protocol';
import { api } from '../../lib/api';

export const PUBLIC_PAGE_SIZE = 20;

export const roomKeys = {
  public: ['rooms', 'public'] as const,
  promoted: ['rooms', 'promoted'] as const,
  communities: (search: string) => ['communities', 'list', search.toLowerCase()] as const,
  events: ['events', 'upcoming', 'all'] as const,
};

/** Lists refresh every 30 s while shown, as on the web: listener counts and songs change. */
const LIST_REFRESH = 30_000;

/** The first page of public, listed, live rooms (fullest first). */
export function usePublicRooms() {
  return useQuery({
    queryKey: roomKeys.public,
    queryFn: () =>
      api.call(roomListEndpoints.public, { query: { limit: PUBLIC_PAGE_SIZE, offset: 0 } }),
    staleTime: 10_000,
    refetchInterval: LIST_REFRESH,
  });
}

/** Promoted live rooms (GET /rooms/promoted-rooms). */
export function usePromotedRooms() {
  return useQuery({
    queryKey: roomKeys.promoted,
    queryFn: () => api.call(roomListEndpoints.promoted, { query: {} }),
    staleTime: 10_000,
    refetchInterval: LIST_REFRESH,
  });
}

/** Public communities, the largest first; `search` by name (GET /communities). */
export function useCommunities(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: roomKeys.communities(term),
    queryFn: () =>
      api.call(communityEndpoints.list, {
        query: { limit: 10, offset: 0, ...(term ? { search: term } : {}) },
      }),
    staleTime: 30_000,
  });
}

/** Events on now and coming, soonest first (GET /events/upcoming), refreshed every minute. */
export function useUpcomingEvents() {
  return useQuery({
    queryKey: roomKeys.events,
    queryFn: () => api.call(eventEndpoints.upcoming, { query: { limit: 6 } }),
    refetchInterval: 60_000,
  });
}
