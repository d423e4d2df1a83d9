import { useQuery } from '@tanstack/react-query';
import { eventEndpoints as e } from '@tt/protocol';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

export const eventKeys = {
  all: ['events'] as const,
  upcoming: (scope: string) => ['events', 'upcoming', scope] as const,
  one: (id: string) => ['events', 'one', id.toLowerCase()] as const,
};

/** Live and coming events (all, or of one room or community), refreshed every minute. */
export function useUpcomingEventsQuery(
  scope: { roomId?: string; communityId?: string } = {},
  limit = 6,
) {
  const ready = useSession((s) => s.ready);
  const key = `${scope.roomId ?? ''}:${scope.communityId ?? ''}:${limit}`;
  return useQuery({
    queryKey: eventKeys.upcoming(key),
    queryFn: () => api.call(e.upcoming, { query: { ...scope, limit } }),
    enabled: ready,
    refetchInterval: 60_000,
  });
}
