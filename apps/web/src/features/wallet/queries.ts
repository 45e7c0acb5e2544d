import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchTopUpPage, quoteTopUp, redeemCode, requestPayment } from './api';

const selfKey = ['self'] as const;
const topUpsKey = ['wallet', 'top-ups'] as const;
const quoteKey = (amount: number) => ['wallet', 'quote', amount] as const;

/** The money to pay for `amount`; only asked when online top-up is on and the amount allowed. */
export function useTopUpQuoteQuery(amount: number, enabled: boolean) {
  return useQuery({
    queryKey: quoteKey(amount),
    queryFn: ({ signal }) => quoteTopUp(amount, signal),
    enabled,
    retry: false,
    staleTime: 30_000,
    // The last price stays on screen while the next amount is quoted.
    placeholderData: keepPreviousData,
  });
}

export function useTopUpPageQuery(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...topUpsKey, page, pageSize],
    queryFn: () => fetchTopUpPage(page, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** Redeems a code; the balance and the personal page's figures refresh at once. */
export function useRedeemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfKey }),
  });
}

/** Creates an order; the history shows it as pending. */
export function usePayMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, method }: { amount: number; method: string }) =>
      requestPayment(amount, method),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topUpsKey }),
  });
}

/** Quotes `amount` now (or takes a quote still fresh), for the confirmation dialog. */
export function useFetchQuote() {
  const queryClient = useQueryClient();
  return (amount: number) =>
    queryClient.fetchQuery({
      queryKey: quoteKey(amount),
      queryFn: ({ signal }) => quoteTopUp(amount, signal),
      staleTime: 30_000,
      retry: false,
    });
}
