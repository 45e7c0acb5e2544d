import { useQuery } from '@tanstack/react-query';
import { fetchUserGroups, fetchUserModels } from './api';

export function usePlaygroundModelsQuery() {
  return useQuery({
    queryKey: ['playground', 'models'],
    queryFn: fetchUserModels,
    staleTime: 60_000,
  });
}

export function usePlaygroundGroupsQuery() {
  return useQuery({
    queryKey: ['playground', 'groups'],
    queryFn: fetchUserGroups,
    staleTime: 60_000,
  });
}
