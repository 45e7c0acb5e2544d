import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchSetupState, submitSetup } from './api';

export const setupQueryKey = ['setup'] as const;

/** The setup state is read once per page load; the wizard reloads the page when it is done. */
export function useSetupStatusQuery() {
  return useQuery({ queryKey: setupQueryKey, queryFn: fetchSetupState, staleTime: Infinity });
}

export function useSubmitSetupMutation() {
  return useMutation({ mutationFn: submitSetup });
}
