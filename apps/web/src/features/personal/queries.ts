import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changeOwnPassword,
  deleteOwnAccount,
  fetchAffCode,
  fetchSelf,
  fetchUserModels,
  generateAccessToken,
  transferAffQuota,
  updateUserSetting,
} from './api';

export function useSelfQuery() {
  return useQuery({ queryKey: ['self'], queryFn: fetchSelf });
}

export function useUserModelsQuery() {
  return useQuery({ queryKey: ['self', 'models'], queryFn: fetchUserModels, staleTime: 60_000 });
}

export function useGenerateAccessTokenMutation() {
  return useMutation({ mutationFn: generateAccessToken });
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changeOwnPassword });
}

export function useDeleteAccountMutation() {
  return useMutation({ mutationFn: deleteOwnAccount });
}

export function useAffCodeQuery() {
  return useQuery({ queryKey: ['self', 'aff'], queryFn: fetchAffCode, staleTime: Infinity });
}

/** Re-reads the own user row (after a binding). */
export function useRefreshSelf() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['self'], exact: true });
}

/** Only the user row changes after a transfer or a settings save, not the models or the code. */
export function useAffTransferMutation() {
  const refreshSelf = useRefreshSelf();
  return useMutation({ mutationFn: transferAffQuota, onSuccess: refreshSelf });
}

export function useUpdateUserSettingMutation() {
  const refreshSelf = useRefreshSelf();
  return useMutation({ mutationFn: updateUserSetting, onSuccess: refreshSelf });
}
