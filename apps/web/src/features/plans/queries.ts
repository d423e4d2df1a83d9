import { useMutation, useQuery } from '@tanstack/react-query';
import { paymentEndpoints as p } from '@tt/protocol';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

export const planKeys = {
  status: ['plans', 'status'] as const,
  products: ['plans', 'products'] as const,
  mine: ['plans', 'mine'] as const,
};

/** Whether payments are on (SUB-STATUS-1): `off` once the server said so. */
export function usePaymentsStatus(): { enabled: boolean; off: boolean } {
  const status = useQuery({
    queryKey: planKeys.status,
    queryFn: () => api.call(p.status, {}),
    staleTime: 30 * 60_000,
    retry: false,
  });
  return { enabled: status.data?.enabled === true, off: status.data?.enabled === false };
}

/** The plans on sale (anyone may look); none asked for while payments are off. */
export function useProductsQuery() {
  const { enabled } = usePaymentsStatus();
  return useQuery({
    queryKey: planKeys.products,
    queryFn: () => api.call(p.products, {}),
    staleTime: 5 * 60_000,
    retry: false,
    enabled,
  });
}

/** My subscription; `poll` asks again every 2 s (after Checkout, until the webhook landed). */
export function useMySubscriptionQuery(poll = false) {
  const signedIn = useSession((s) => s.accessToken !== null);
  const payments = usePaymentsStatus().enabled;
  return useQuery({
    queryKey: planKeys.mine,
    queryFn: () => api.call(p.mine, {}),
    enabled: signedIn && payments,
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
