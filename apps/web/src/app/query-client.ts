import { QueryClient } from '@tanstack/react-query';

/**
 * Failures are already reported by the HTTP client, so queries do not retry (a retry would
 * toast the same error again) and do not refetch on focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
