import { useQuery } from '@tanstack/react-query';
import { useInvalidatingMutation } from '../../lib/query-hooks';
import {
  bindPlan,
  createPlan,
  deleteSubscription,
  fetchAdminPlans,
  fetchGroupNames,
  fetchPlansOnSale,
  fetchSelfSubscriptions,
  fetchUserSubscriptions,
  invalidateSubscription,
  saveBillingPreference,
  setPlanEnabled,
  updatePlan,
} from './api';

const subscriptionsKey = ['subscriptions'] as const;
const adminPlansKey = [...subscriptionsKey, 'admin-plans'] as const;
const selfKey = [...subscriptionsKey, 'self'] as const;
const userKey = (userId: number) => [...subscriptionsKey, 'user', userId] as const;

/** Every plan (admin). */
export function useAdminPlansQuery(enabled = true) {
  return useQuery({ queryKey: adminPlansKey, queryFn: fetchAdminPlans, enabled });
}

export const useCreatePlanMutation = () => useInvalidatingMutation(subscriptionsKey, createPlan);
export const useUpdatePlanMutation = () => useInvalidatingMutation(subscriptionsKey, updatePlan);
export const usePlanEnabledMutation = () =>
  useInvalidatingMutation(subscriptionsKey, setPlanEnabled);

/** The group names (under the key the user screens cache them by). */
export function useGroupNamesQuery(enabled = true) {
  return useQuery({ queryKey: ['groups'], queryFn: fetchGroupNames, staleTime: 60_000, enabled });
}

/** The plans on sale (the wallet page). */
export function usePlansOnSaleQuery() {
  return useQuery({ queryKey: [...subscriptionsKey, 'on-sale'], queryFn: fetchPlansOnSale });
}

/** The signed-in user's subscriptions and billing preference. */
export function useSelfSubscriptionsQuery() {
  return useQuery({ queryKey: selfKey, queryFn: fetchSelfSubscriptions });
}

export const useBillingPreferenceMutation = () =>
  useInvalidatingMutation(selfKey, saveBillingPreference);

/** One user's subscriptions (admin). */
export function useUserSubscriptionsQuery(userId: number) {
  return useQuery({ queryKey: userKey(userId), queryFn: () => fetchUserSubscriptions(userId) });
}

export const useBindPlanMutation = () => useInvalidatingMutation(subscriptionsKey, bindPlan);
export const useInvalidateSubscriptionMutation = () =>
  useInvalidatingMutation(subscriptionsKey, invalidateSubscription);
export const useDeleteSubscriptionMutation = () =>
  useInvalidatingMutation(subscriptionsKey, deleteSubscription);
