import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { EditChannelTagRequest } from '@tollgate/contracts';
import {
  applyUpstreamUpdates,
  copyChannel,
  createChannel,
  deleteChannel,
  deleteChannels,
  deleteDisabledChannels,
  detectAllUpstreamUpdates,
  editTag,
  fetchAllModels,
  fetchChannel,
  fetchChannelPage,
  fetchDefaultModels,
  fetchGroups,
  fixChannels,
  isSearching,
  refreshAllBalances,
  refreshChannelBalance,
  searchChannels,
  setChannelsTag,
  setTagEnabled,
  testAllChannels,
  testChannel,
  updateChannel,
  type ChannelListShape,
  type ChannelSearch,
} from './api';
import { useInvalidate, useInvalidatingMutation, useRowQuery } from '../../lib/query-hooks';
import { clientPage, serverPage } from './rules/list-paging';

const channelsKey = ['channels'] as const;

export interface ChannelListQuery extends ChannelListShape {
  page: number;
  pageSize: number;
  search: ChannelSearch;
}

/** One page of the list: a server page, or a slice of the complete search result. */
export function useChannelListQuery(query: ChannelListQuery) {
  const searching = isSearching(query.search);
  const shape = { idSort: query.idSort, tagMode: query.tagMode };
  const listQuery = useQuery({
    queryKey: searching
      ? [...channelsKey, 'search', query.search, shape]
      : [...channelsKey, 'list', query.page, query.pageSize, shape],
    queryFn: () =>
      searching
        ? searchChannels(query.search, shape)
        : fetchChannelPage(query.page, query.pageSize, shape),
    placeholderData: keepPreviousData,
  });
  const rows = listQuery.data ?? [];
  const pageWindow = searching
    ? clientPage(rows, query.page, query.pageSize)
    : serverPage(rows, query.page, query.pageSize);
  return { ...listQuery, pageWindow };
}

export function useChannelQuery(id: number | null) {
  return useRowQuery([...channelsKey, 'detail'], id, fetchChannel);
}

export function useGroupsQuery() {
  return useQuery({ queryKey: ['groups'], queryFn: fetchGroups, staleTime: 60_000 });
}

/** The built-in catalogue and the per-type defaults, for the model field of the form. */
export function useModelCatalogueQueries(enabled: boolean) {
  const all = useQuery({
    queryKey: [...channelsKey, 'catalogue'],
    queryFn: fetchAllModels,
    staleTime: 300_000,
    enabled,
  });
  const defaults = useQuery({
    queryKey: ['models-by-type'],
    queryFn: fetchDefaultModels,
    staleTime: 300_000,
    enabled,
  });
  return { all, defaults };
}

/** A mutation that refreshes the channel lists once it succeeded. */
function useChannelMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  return useInvalidatingMutation(channelsKey, mutationFn);
}

export const useCreateChannelMutation = () => useChannelMutation(createChannel);

export const useUpdateChannelMutation = () => useChannelMutation(updateChannel);

export const useDeleteChannelMutation = () => useChannelMutation(deleteChannel);

export const useCopyChannelMutation = () => useChannelMutation(copyChannel);

/** Tests one channel; the list refreshes even after a failure (the time is stored either way). */
export function useTestChannelMutation() {
  const invalidate = useInvalidate(channelsKey);
  return useMutation({
    mutationFn: ({ id, model }: { id: number; model?: string }) => testChannel(id, model),
    onSettled: () => invalidate(),
  });
}

export const useRefreshBalanceMutation = () => useChannelMutation(refreshChannelBalance);

export const useTestAllMutation = () => useChannelMutation(testAllChannels);

export const useRefreshAllBalancesMutation = () => useChannelMutation(refreshAllBalances);

export const useDeleteDisabledMutation = () => useChannelMutation(deleteDisabledChannels);

export const useDeleteChannelsMutation = () => useChannelMutation(deleteChannels);

export function useSetChannelsTagMutation() {
  return useChannelMutation(({ ids, tag }: { ids: number[]; tag: string }) =>
    setChannelsTag(ids, tag),
  );
}

export const useFixChannelsMutation = () => useChannelMutation(fixChannels);

export function useSetTagEnabledMutation() {
  return useChannelMutation(({ tag, enabled }: { tag: string; enabled: boolean }) =>
    setTagEnabled(tag, enabled),
  );
}

export function useEditTagMutation() {
  return useChannelMutation((request: EditChannelTagRequest) => editTag(request));
}

export const useDetectAllUpstreamUpdatesMutation = () =>
  useChannelMutation(detectAllUpstreamUpdates);

export const useApplyUpstreamUpdatesMutation = () => useChannelMutation(applyUpstreamUpdates);
