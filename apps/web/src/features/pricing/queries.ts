import { useQuery } from '@tanstack/react-query';
import { fetchPricing } from './api';

/** The pricing list; the user id is part of the key because the groups depend on the session. */
export function usePricingQuery(userId: number | null) {
  return useQuery({
    queryKey: ['pricing', userId],
    queryFn: fetchPricing,
    staleTime: 60_000,
  });
}
