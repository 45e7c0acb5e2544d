import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Marks the queries under `queryKey` stale (only that very key with `exact`), so that those on
 * screen refetch; the returned function's promise settles once they have.
 */
export function useInvalidate(queryKey: QueryKey, { exact = false } = {}) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey, exact });
}

/**
 * A mutation that runs `refresh` once it succeeded; the mutation settles only after the refresh
 * did, so a caller that closes a form on success finds the list already updated.
 */
export function useRefreshingMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  refresh: () => Promise<unknown>,
) {
  return useMutation({ mutationFn, onSuccess: () => refresh() });
}

/** A mutation that refreshes the queries under `queryKey` once it succeeded (see above). */
export function useInvalidatingMutation<Input, Output>(
  queryKey: QueryKey,
  mutationFn: (input: Input) => Promise<Output>,
) {
  return useRefreshingMutation(mutationFn, useInvalidate(queryKey));
}

/**
 * One row for an edit form or a detail dialog, under `[...queryKey, id]`: fetched while `id` is
 * set and dropped from the cache as soon as nothing shows it, so that each opening loads it afresh.
 * `frozen` also leaves it alone while it is shown (no background refetch under a user's edits).
 */
export function useRowQuery<Row>(
  queryKey: QueryKey,
  id: number | null,
  fetchRow: (id: number) => Promise<Row>,
  { frozen = false } = {},
) {
  return useQuery({
    queryKey: [...queryKey, id],
    queryFn: () => fetchRow(id ?? 0),
    enabled: id !== null,
    gcTime: 0,
    ...(frozen ? { staleTime: Infinity } : {}),
  });
}
