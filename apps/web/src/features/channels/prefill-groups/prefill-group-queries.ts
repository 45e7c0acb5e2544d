import { useQuery } from '@tanstack/react-query';
import type { PrefillGroupType } from '@tollgate/contracts';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { deletePrefillGroup, fetchPrefillGroups, savePrefillGroup } from './prefill-group-api';

const prefillGroupsKey = ['prefill-groups'] as const;

/** The groups of one type ('' = all), fetched while `enabled`. */
export function usePrefillGroupsQuery(type: PrefillGroupType | '', enabled = true) {
  return useQuery({
    queryKey: [...prefillGroupsKey, type],
    queryFn: () => fetchPrefillGroups(type),
    enabled,
  });
}

export const useSavePrefillGroupMutation = () =>
  useInvalidatingMutation(prefillGroupsKey, savePrefillGroup);

export const useDeletePrefillGroupMutation = () =>
  useInvalidatingMutation(prefillGroupsKey, deletePrefillGroup);
