import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@tt/api-client';

/** As on the web: client errors (4xx) are not retried, others twice. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      },
    },
  });
}

export const queryClient = createQueryClient();
