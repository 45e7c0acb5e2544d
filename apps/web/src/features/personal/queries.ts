import { useMutation, useQuery } from '@tanstack/react-query';
import {
  changeOwnPassword,
  deleteOwnAccount,
  fetchSelf,
  fetchUserModels,
  generateAccessToken,
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
