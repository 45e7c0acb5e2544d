import { useMutation, useQuery } from '@tanstack/react-query';
import { useRefreshSelf } from '../../session/self-user';
import {
  changeOwnPassword,
  deleteOwnAccount,
  fetchAffCode,
  fetchUserModels,
  generateAccessToken,
  transferAffQuota,
  updateUserSetting,
} from './api';

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

/** Only the user row changes after a transfer or a settings save, not the models or the code. */
export function useAffTransferMutation() {
  const refreshSelf = useRefreshSelf();
  return useMutation({ mutationFn: transferAffQuota, onSuccess: refreshSelf });
}

export function useUpdateUserSettingMutation() {
  const refreshSelf = useRefreshSelf();
  return useMutation({ mutationFn: updateUserSetting, onSuccess: refreshSelf });
}
