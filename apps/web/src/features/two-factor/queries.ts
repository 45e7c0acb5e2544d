import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  disableTwoFactor,
  enableTwoFactor,
  fetchTwoFactorStatus,
  regenerateBackupCodes,
  resetUserTwoFactor,
  startTwoFactorSetup,
} from './api';

const statusKey = ['self', 'two-factor'] as const;

export function useTwoFactorStatusQuery() {
  return useQuery({ queryKey: statusKey, queryFn: fetchTwoFactorStatus });
}

function useRefreshStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: statusKey });
}

export function useStartSetupMutation() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}

export function useEnableTwoFactorMutation() {
  const refresh = useRefreshStatus();
  return useMutation({ mutationFn: enableTwoFactor, onSuccess: refresh });
}

export function useDisableTwoFactorMutation() {
  const refresh = useRefreshStatus();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: refresh });
}

export function useRegenerateBackupCodesMutation() {
  const refresh = useRefreshStatus();
  return useMutation({ mutationFn: regenerateBackupCodes, onSuccess: refresh });
}

export function useResetUserTwoFactorMutation() {
  return useMutation({ mutationFn: resetUserTwoFactor });
}
