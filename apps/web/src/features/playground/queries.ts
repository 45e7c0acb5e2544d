import { useQuery } from '@tanstack/react-query';
import { fetchUserGroups, fetchUserModels } from './api';
import { fetchCatalogueVideoModels } from './video-api';

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

/** Models the catalogue marks as video (besides those known by name). */
export function usePlaygroundVideoModelsQuery() {
  return useQuery({
    queryKey: ['playground', 'video-models'],
    queryFn: fetchCatalogueVideoModels,
    staleTime: 60_000,
  });
}
