import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createRedemptions,
  deleteRedemption,
  fetchRedemption,
  fetchRedemptionPage,
  updateRedemption,
  updateRedemptionStatus,
  type RedemptionListQuery,
} from './api';
import type { RedemptionFields } from './rules/redemption-form-values';

const redemptionsKey = ['redemptions'] as const;

/** One page of the list (or of a search); the previous page stays shown while the next loads. */
export function useRedemptionsQuery(query: RedemptionListQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...redemptionsKey, 'list', query],
    queryFn: () => fetchRedemptionPage(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRedemptionQuery(id: number | null) {
  return useQuery({
    queryKey: [...redemptionsKey, 'detail', id],
    queryFn: () => fetchRedemption(id ?? 0),
    enabled: id !== null,
    // Loaded afresh for each edit, and left alone while the form is open.
    gcTime: 0,
    staleTime: Infinity,
  });
}

function useInvalidateRedemptions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: redemptionsKey });
}

export function useCreateRedemptionsMutation() {
  const invalidate = useInvalidateRedemptions();
  return useMutation({
    mutationFn: ({ fields, count }: { fields: RedemptionFields; count: number }) =>
      createRedemptions(fields, count),
    onSuccess: invalidate,
  });
}

export function useUpdateRedemptionMutation() {
  const invalidate = useInvalidateRedemptions();
  return useMutation({
    mutationFn: ({ id, fields }: { id: number; fields: RedemptionFields }) =>
      updateRedemption(id, fields),
    onSuccess: invalidate,
  });
}

export function useRedemptionStatusMutation() {
  const invalidate = useInvalidateRedemptions();
  return useMutation({ mutationFn: updateRedemptionStatus, onSuccess: invalidate });
}

export function useDeleteRedemptionMutation() {
  const invalidate = useInvalidateRedemptions();
  return useMutation({ mutationFn: deleteRedemption, onSuccess: invalidate });
}
