import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  completeTopUpOrder,
  fetchAdminTopUpPage,
  fetchTopUpInfo,
  payWithCreem,
  payWithStripe,
  quoteStripe,
} from './gateway-api';

const walletKey = ['wallet'] as const;

export function useTopUpInfoQuery() {
  return useQuery({ queryKey: [...walletKey, 'info'], queryFn: fetchTopUpInfo, staleTime: 60_000 });
}

/** Stripe's price for `amount`; asked only when Stripe is on and the amount allowed. */
export function useStripeQuoteQuery(amount: number, enabled: boolean) {
  return useQuery({
    queryKey: [...walletKey, 'stripe-quote', amount],
    queryFn: ({ signal }) => quoteStripe(amount, signal),
    enabled,
    retry: false,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** Opens a Stripe or Creem order; the history shows it as pending. */
export function useGatewayPayMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: { stripeAmount: number } | { creemProduct: string }) =>
      'stripeAmount' in order
        ? payWithStripe(order.stripeAmount)
        : payWithCreem(order.creemProduct),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...walletKey, 'top-ups'] }),
  });
}

export function useAdminTopUpPageQuery(page: number, pageSize: number, keyword: string) {
  return useQuery({
    queryKey: [...walletKey, 'top-ups', 'all', page, pageSize, keyword],
    queryFn: () => fetchAdminTopUpPage(page, pageSize, keyword),
    placeholderData: keepPreviousData,
  });
}

/** Completes an order by hand; every order list refreshes. */
export function useCompleteTopUpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeTopUpOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKey }),
  });
}
