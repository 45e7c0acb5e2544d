/**
 * Subscriptions: the admin plan page (the default export, /subscription), the user editor's
 * subscriptions panel, and what the wallet page needs to sell plans (the plans on sale, the
 * user's subscriptions and billing preference, and their texts).
 */
export { default } from './subscriptions-page';
export { UserSubscriptionsPanel } from './components/user-subscriptions-panel';
export { SubscriptionQuotaText } from './components/subscription-quota-text';
export { SubscriptionStatusTag } from './components/subscription-status-tag';
export {
  billingPreferences,
  type BillingPreference,
  type SelfSubscriptions,
  type SubscriptionPlan,
  type UserSubscription,
} from './api';
export {
  useBillingPreferenceMutation,
  usePlansOnSaleQuery,
  useSelfSubscriptionsQuery,
} from './queries';
export { durationText, planName, purchaseCapReached, resetText } from './rules/plan-text';
