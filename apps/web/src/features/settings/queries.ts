import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { statusQueryKey } from '../../status/status-loader';
import { fetchEnabledModels, fetchOptions, saveOption } from './api';
import { runOptionSaves, type FailedSave, type OptionSave } from './save-plan';

export const optionsQueryKey = ['options'] as const;

export function useOptionsQuery() {
  return useQuery({ queryKey: optionsQueryKey, queryFn: fetchOptions, staleTime: 0 });
}

export function useEnabledModelsQuery() {
  return useQuery({ queryKey: ['channels', 'models-enabled'], queryFn: fetchEnabledModels });
}

/**
 * Saves options in order (see planOptionSaves) and resolves with the failures, then re-reads the
 * options and the public status, so every screen (top bar, pricing) shows the new values.
 */
export function useSaveOptionsMutation() {
  const queryClient = useQueryClient();
  return useMutation<FailedSave[], Error, readonly OptionSave[]>({
    mutationFn: (saves) => runOptionSaves(saves, saveOption),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: optionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: statusQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['pricing'] });
    },
  });
}
