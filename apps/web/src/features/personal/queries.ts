import { useMutation, useQuery } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../lib/query-hooks';
import { useRefreshSelf } from '../../session/self-user';
import {
  changeOwnPassword,
  deleteOwnAccount,
  fetchAffCode,
  fetchUserModels,
  generateAccessToken,
  transferAffQuota,
  updateOwnProfile,
  updateUserSetting,
} from './api';

export function useUserModelsQuery() {
  return useQuery({ queryKey: ['self', 'models'], queryFn: fetchUserModels, staleTime: 60_000 });
}

export const useGenerateAccessTokenMutation = () =>
  useMutation({ mutationFn: generateAccessToken });

export const useChangePasswordMutation = () => useMutation({ mutationFn: changeOwnPassword });

export const useDeleteAccountMutation = () => useMutation({ mutationFn: deleteOwnAccount });

export function useAffCodeQuery() {
  return useQuery({ queryKey: ['self', 'aff'], queryFn: fetchAffCode, staleTime: Infinity });
}

/** Only the user row changes after a transfer or a settings save, not the models or the code. */
export const useAffTransferMutation = () =>
  useRefreshingMutation(transferAffQuota, useRefreshSelf());

export const useUpdateUserSettingMutation = () =>
  useRefreshingMutation(updateUserSetting, useRefreshSelf());

/** The own row (username, display name) changes after a profile save. */
export const useUpdateProfileMutation = () =>
  useRefreshingMutation(updateOwnProfile, useRefreshSelf());
