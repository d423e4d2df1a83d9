import { useMutation, useQuery } from '@tanstack/react-query';
import { paymentEndpoints as p } from '@tt/protocol';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

export const planKeys = {
  products: ['plans', 'products'] as const,
  mine: ['plans', 'mine'] as const,
};

/** The plans on sale (anyone may look). */
export function useProductsQuery() {
  return useQuery({
    queryKey: planKeys.products,
    queryFn: () => api.call(p.products, {}),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** My subscription; `poll` asks again every 2 s (after Checkout, until the webhook landed). */
export function useMySubscriptionQuery(poll = false) {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useQuery({
    queryKey: planKeys.mine,
    queryFn: () => api.call(p.mine, {}),
    enabled: signedIn,
    retry: false,
    refetchInterval: poll ? 2000 : false,
  });
}

/** Off to Stripe Checkout for a plan. */
export function useCheckoutMutation() {
  return useMutation({
    mutationFn: (priceId: string) => api.call(p.checkout, { params: { id: priceId } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Off to Stripe's billing portal. */
export function usePortalMutation() {
  return useMutation({
    mutationFn: () => api.call(p.portal, {}),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
