import { useQuery } from '@tanstack/react-query';
import { roomListEndpoints } from '@tt/protocol';
import { api } from '../../lib/api';

export const PUBLIC_PAGE_SIZE = 20;

export const roomKeys = {
  public: ['rooms', 'public'] as const,
};

/** The first page of public, listed, live rooms (fullest first); refreshed every 30 s while shown. */
export function usePublicRooms() {
  return useQuery({
    queryKey: roomKeys.public,
    queryFn: () =>
      api.call(roomListEndpoints.public, { query: { limit: PUBLIC_PAGE_SIZE, offset: 0 } }),
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
}
