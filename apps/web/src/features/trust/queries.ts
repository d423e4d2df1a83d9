import { useQuery } from '@tanstack/react-query';
import { trustEndpoints } from '@tt/protocol';
import { api } from '../../lib/api';
import { useIsSignedIn } from '../../lib/session';

export const trustKeys = { mine: ['trust', 'mine'] as const };

/** TRUST-7: how far I am from posting links, messaging strangers and busy DJ seats (signed in). */
export function useTrustQuery() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: trustKeys.mine,
    queryFn: () => api.call(trustEndpoints.mine, {}),
    enabled: signedIn,
    staleTime: 60_000,
  });
}
