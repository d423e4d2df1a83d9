import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@tt/api-client';

/** Profiles stay fresh for 5 minutes; client errors (4xx) are not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    },
  },
});
