import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useRefreshingMutation, useRowQuery } from '../../lib/query-hooks';
import {
  createModel,
  createVendor,
  deleteModel,
  deleteVendor,
  fetchAllVendors,
  fetchMissingModels,
  fetchModel,
  fetchModels,
  fetchSyncPreview,
  fetchVendor,
  fetchVendors,
  setModelStatus,
  syncUpstream,
  updateModel,
  updateVendor,
  type ModelListQuery,
  type VendorListQuery,
} from './api';
import type { ModelPage } from './model-shapes';

// Everything under the models key (lists, rows, the missing list) refreshes after a model change;
// a vendor change or a sync renames filter buttons and select options, so both lists refresh.
const catalogueKey = ['catalogue'] as const;
const vendorsKey = [...catalogueKey, 'vendors'] as const;
const modelRowsKey = [...catalogueKey, 'models'] as const;
// The pricing page shows the catalogue's metadata: it refreshes after every change too.
const pricingKey = ['pricing'] as const;

/** A mutation that refreshes the queries under `queryKey` and the pricing list once it succeeded. */
function useCatalogueMutation<Input, Output>(
  queryKey: QueryKey,
  mutationFn: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(mutationFn, () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey }),
      queryClient.invalidateQueries({ queryKey: pricingKey }),
    ]),
  );
}

export function useModelsQuery(query: ModelListQuery) {
  return useQuery({
    queryKey: [...modelRowsKey, 'list', query],
    queryFn: () => fetchModels(query),
    placeholderData: keepPreviousData,
  });
}

export function useModelQuery(id: number | null) {
  return useRowQuery([...modelRowsKey, 'detail'], id, fetchModel, { frozen: true });
}

export function useMissingModelsQuery(enabled: boolean) {
  return useQuery({
    queryKey: [...modelRowsKey, 'missing'],
    queryFn: fetchMissingModels,
    enabled,
  });
}

/** The preview is asked for on demand (the dialog's button), never in the background. */
export function useSyncPreviewQuery(locale: string, enabled: boolean) {
  return useQuery({
    queryKey: [...modelRowsKey, 'sync-preview', locale],
    queryFn: () => fetchSyncPreview(locale),
    enabled,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
}

export function useVendorsQuery(query: VendorListQuery) {
  return useQuery({
    queryKey: [...vendorsKey, 'list', query],
    queryFn: () => fetchVendors(query),
    placeholderData: keepPreviousData,
  });
}

export function useAllVendorsQuery() {
  return useQuery({ queryKey: [...vendorsKey, 'all'], queryFn: fetchAllVendors });
}

export function useVendorQuery(id: number | null) {
  return useRowQuery([...vendorsKey, 'detail'], id, fetchVendor, { frozen: true });
}

export const useCreateModelMutation = () => useCatalogueMutation(modelRowsKey, createModel);
export const useUpdateModelMutation = () => useCatalogueMutation(modelRowsKey, updateModel);
export const useDeleteModelMutation = () => useCatalogueMutation(modelRowsKey, deleteModel);
export const useSyncMutation = () => useCatalogueMutation(catalogueKey, syncUpstream);

/** The list's switch: the row shows its new status at once, then the lists refetch. */
export function useModelStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setModelStatus,
    onSuccess: (_, { id, status }) => {
      queryClient.setQueriesData<ModelPage>({ queryKey: [...modelRowsKey, 'list'] }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((model) => (model.id === id ? { ...model, status } : model)),
            }
          : page,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: modelRowsKey }),
        queryClient.invalidateQueries({ queryKey: pricingKey }),
      ]);
    },
  });
}

export const useCreateVendorMutation = () => useCatalogueMutation(catalogueKey, createVendor);
export const useUpdateVendorMutation = () => useCatalogueMutation(catalogueKey, updateVendor);
export const useDeleteVendorMutation = () => useCatalogueMutation(catalogueKey, deleteVendor);
