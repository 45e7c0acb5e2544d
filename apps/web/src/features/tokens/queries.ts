import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useInvalidatingMutation, useRowQuery } from '../../lib/query-hooks';
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

/** The token being edited, loaded afresh for each edit and left alone while the form is open. */
export function useTokenQuery(id: number | null) {
  return useRowQuery([...tokensKey, 'detail'], id, fetchToken, { frozen: true });
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

export function useCreateTokensMutation() {
  return useInvalidatingMutation(
    tokensKey,
    ({ fields, count }: { fields: TokenFields; count: number }) => createTokens(fields, count),
  );
}

export function useUpdateTokenMutation() {
  return useInvalidatingMutation(tokensKey, ({ id, fields }: { id: number; fields: TokenFields }) =>
    updateToken(id, fields),
  );
}

export const useTokenStatusMutation = () => useInvalidatingMutation(tokensKey, updateTokenStatus);

export const useDeleteTokenMutation = () => useInvalidatingMutation(tokensKey, deleteToken);
