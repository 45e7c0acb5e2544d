import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createTokens,
  deleteToken,
  fetchToken,
  fetchTokenPage,
  fetchUserGroups,
  fetchUserModels,
  searchTokens,
  updateToken,
  updateTokenStatus,
} from './api';
import type { TokenFields } from './rules/token-form-values';

const tokensKey = ['tokens'] as const;

/** The search of the token list; both empty = the plain list. */
export interface TokenSearch {
  keyword: string;
  token: string;
}

/**
 * The plain list, page by page (`p` is 0-based): a page is fetched only when asked for, and a
 * page shorter than the page size means there is nothing after it.
 */
export function useTokenPagesQuery(pageSize: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...tokensKey, 'pages', pageSize],
    queryFn: ({ pageParam }) => fetchTokenPage(pageParam, pageSize),
    initialPageParam: 0,
    getNextPageParam: (lastPage, allPages) =>
      lastPage.length >= pageSize ? allPages.length : undefined,
    enabled,
  });
}

export function useTokenSearchQuery(search: TokenSearch, enabled: boolean) {
  return useQuery({
    queryKey: [...tokensKey, 'search', search],
    queryFn: () => searchTokens(search.keyword, search.token),
    enabled,
  });
}

export function useTokenQuery(id: number | null) {
  return useQuery({
    queryKey: [...tokensKey, 'detail', id],
    queryFn: () => fetchToken(id ?? 0),
    enabled: id !== null,
    // Loaded afresh for each edit, and left alone while the form is open.
    gcTime: 0,
    staleTime: Infinity,
  });
}

export function useUserModelsQuery(enabled: boolean) {
  return useQuery({
    queryKey: ['user-models'],
    queryFn: fetchUserModels,
    staleTime: 60_000,
    enabled,
  });
}

export function useUserGroupsQuery(enabled: boolean) {
  return useQuery({
    queryKey: ['user-self-groups'],
    queryFn: fetchUserGroups,
    staleTime: 60_000,
    enabled,
  });
}

function useInvalidateTokens() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tokensKey });
}

export function useCreateTokensMutation() {
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: ({ fields, count }: { fields: TokenFields; count: number }) =>
      createTokens(fields, count),
    onSuccess: invalidate,
  });
}

export function useUpdateTokenMutation() {
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: ({ id, fields }: { id: number; fields: TokenFields }) => updateToken(id, fields),
    onSuccess: invalidate,
  });
}

export function useTokenStatusMutation() {
  const invalidate = useInvalidateTokens();
  return useMutation({ mutationFn: updateTokenStatus, onSuccess: invalidate });
}

export function useDeleteTokenMutation() {
  const invalidate = useInvalidateTokens();
  return useMutation({ mutationFn: deleteToken, onSuccess: invalidate });
}
