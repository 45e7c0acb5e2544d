import { useMutation, useQuery } from '@tanstack/react-query';
import { useInvalidatingMutation } from '../../lib/query-hooks';
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

export function useStartSetupMutation() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}

export const useEnableTwoFactorMutation = () => useInvalidatingMutation(statusKey, enableTwoFactor);

export const useDisableTwoFactorMutation = () =>
  useInvalidatingMutation(statusKey, disableTwoFactor);

export const useRegenerateBackupCodesMutation = () =>
  useInvalidatingMutation(statusKey, regenerateBackupCodes);

export function useResetUserTwoFactorMutation() {
  return useMutation({ mutationFn: resetUserTwoFactor });
}
