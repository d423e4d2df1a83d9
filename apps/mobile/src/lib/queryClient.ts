import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@tt/api-client';
import { reportRefusal } from './refusals';

/**
 * As on the web: client errors (4xx) are not retried, others twice. Every failure is reported
 * (refusals.ts): a ban ends the session wherever the phone is (BAN-NOTICE-1).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportRefusal }),
    mutationCache: new MutationCache({ onError: reportRefusal }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      },
    },
  });
}

export const queryClient = createQueryClient();
