import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useInvalidatingMutation, useRowQuery } from '../../lib/query-hooks';
import {
  createUser,
  fetchGroupLimits,
  fetchGroups,
  fetchUser,
  fetchUsers,
  manageUser,
  updateUser,
  type ManageAction,
  type UserListQuery,
  type UserPage,
} from './api';

const usersKey = ['users'] as const;

export function useUsersQuery(query: UserListQuery) {
  return useQuery({
    queryKey: [...usersKey, 'list', query],
    queryFn: () => fetchUsers(query),
    placeholderData: keepPreviousData,
  });
}

export function useUserQuery(id: number | null) {
  return useRowQuery([...usersKey, 'detail'], id, fetchUser);
}

export function useGroupsQuery(enabled = true) {
  return useQuery({ queryKey: ['groups'], queryFn: fetchGroups, staleTime: 60_000, enabled });
}

export function useGroupLimitsQuery(enabled: boolean) {
  return useQuery({
    queryKey: ['group-limits'],
    queryFn: fetchGroupLimits,
    staleTime: 60_000,
    enabled,
  });
}

export const useCreateUserMutation = () => useInvalidatingMutation(usersKey, createUser);

export const useUpdateUserMutation = () => useInvalidatingMutation(usersKey, updateUser);

/** Applies the role and status the server answers at once, then refetches the lists. */
export function useManageUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ManageAction }) => manageUser(id, action),
    onSuccess: (result, { id, action }) => {
      if (result && action !== 'delete') {
        queryClient.setQueriesData<UserPage>({ queryKey: [...usersKey, 'list'] }, (page) =>
          page
            ? {
                ...page,
                items: page.items.map((user) =>
                  user.id === id ? { ...user, role: result.role, status: result.status } : user,
                ),
              }
            : page,
        );
      }
      return queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}
