import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useInvalidatingMutation, useRowQuery } from '../../lib/query-hooks';
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
export function useRedemptionsQuery(query: RedemptionListQuery) {
  return useQuery({
    queryKey: [...redemptionsKey, 'list', query],
    queryFn: () => fetchRedemptionPage(query),
    placeholderData: keepPreviousData,
  });
}

/** The code being edited, loaded afresh for each edit and left alone while the form is open. */
export function useRedemptionQuery(id: number | null) {
  return useRowQuery([...redemptionsKey, 'detail'], id, fetchRedemption, { frozen: true });
}

export function useCreateRedemptionsMutation() {
  return useInvalidatingMutation(
    redemptionsKey,
    ({ fields, count }: { fields: RedemptionFields; count: number }) =>
      createRedemptions(fields, count),
  );
}

export function useUpdateRedemptionMutation() {
  return useInvalidatingMutation(
    redemptionsKey,
    ({ id, fields }: { id: number; fields: RedemptionFields }) => updateRedemption(id, fields),
  );
}

export const useRedemptionStatusMutation = () =>
  useInvalidatingMutation(redemptionsKey, updateRedemptionStatus);

export const useDeleteRedemptionMutation = () =>
  useInvalidatingMutation(redemptionsKey, deleteRedemption);
