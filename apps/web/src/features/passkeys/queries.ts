import { useMutation, useQuery } from '@tanstack/react-query';
import { useInvalidatingMutation } from '../../lib/query-hooks';
import { fetchPasskeyStatus, removeOwnPasskey, resetUserPasskey } from './api';
import { registerPasskey } from '../../lib/passkey-ceremony';

const statusKey = ['self', 'passkey'] as const;

export function usePasskeyStatusQuery() {
  return useQuery({ queryKey: statusKey, queryFn: fetchPasskeyStatus });
}

export const useRegisterPasskeyMutation = () =>
  useInvalidatingMutation(statusKey, () => registerPasskey());

export const useRemovePasskeyMutation = () =>
  useInvalidatingMutation(statusKey, () => removeOwnPasskey());

export function useResetUserPasskeyMutation() {
  return useMutation({ mutationFn: resetUserPasskey });
}
