import type { Admission } from '../billing/quota-ledger.js';
import { subscriptionQuotaError } from '../billing/ledger-refusals.js';
import { RelayError } from '../errors/relay-error.js';
import type { RelayCaller } from './auth/relay-caller-cache.js';
import type { RelayServices } from './relay-services.js';

/** new-api 1.0's billing preferences (`users.setting.billing_preference`). */
type BillingPreference =
  | 'subscription_first'
  | 'wallet_first'
  | 'subscription_only'
  | 'wallet_only';

/** The user's preference; anything unknown (or unset) is `subscription_first`, as in new-api. */
function preferenceOf(caller: RelayCaller): BillingPreference {
  const value = caller.user.setting.billing_preference;
  return value === 'wallet_first' || value === 'subscription_only' || value === 'wallet_only'
    ? value
    : 'subscription_first';
}

/** A refusal for want of quota in the pool asked (not the token's, not an outage). */
function isEmptyPool(error: unknown): boolean {
  return error instanceof RelayError && error.code === 'insufficient_user_quota';
}

/**
 * Admits a call's estimate from the pool that pays for it: the user's wallet, or one of their
 * subscriptions, by their billing preference (new-api 1.0, reference §1.8):
 *
 * - `subscription_first` (default): the subscriptions, the one ending first first; the wallet when
 *   none can cover the call (or the user has none);
 * - `wallet_first`: the wallet; the subscriptions when the wallet cannot;
 * - `subscription_only`: the subscriptions alone (403 "订阅额度不足或未配置订阅" otherwise);
 * - `wallet_only`: the wallet alone.
 *
 * The token's own quota is held and charged whichever pool pays. A user without subscriptions
 * costs one map lookup and is admitted as before (synchronously when the hold covers the call).
 */
export function admitFromPayer(
  services: RelayServices,
  caller: RelayCaller,
  estimate: number,
): Admission | Promise<Admission> {
  const wallet = () => services.ledger.admit({ user: caller.user, token: caller.token, estimate });
  const preference = preferenceOf(caller);
  if (preference === 'wallet_only') return wallet();
  const candidates = services.subscriptions.candidates(caller.user.id);
  if (candidates.length === 0) {
    if (preference === 'subscription_only') throw subscriptionQuotaError();
    return wallet();
  }
  if (preference === 'wallet_first') {
    return orElseWhenSpent(wallet, () => fromSubscriptions(services, caller, estimate, candidates));
  }
  const subscriptions = fromSubscriptions(services, caller, estimate, candidates);
  if (preference === 'subscription_only') return subscriptions;
  return subscriptions.catch((error: unknown) => {
    if (isEmptyPool(error)) return wallet();
    throw error;
  });
}

/** Runs `first`; when its pool is refused for want of quota, `second`. */
async function orElseWhenSpent(
  first: () => Admission | Promise<Admission>,
  second: () => Promise<Admission>,
): Promise<Admission> {
  try {
    return await first();
  } catch (error) {
    if (isEmptyPool(error)) return second();
    throw error;
  }
}

/** Tries each subscription in turn; rejects with the last pool's refusal when none covers it. */
async function fromSubscriptions(
  services: RelayServices,
  caller: RelayCaller,
  estimate: number,
  candidates: ReturnType<RelayServices['subscriptions']['candidates']>,
): Promise<Admission> {
  let refusal: unknown = subscriptionQuotaError(estimate);
  for (const { subscription, remaining } of candidates) {
    try {
      return await services.ledger.admit({
        user: caller.user,
        token: caller.token,
        estimate,
        subscription: { id: subscription.id, remaining },
      });
    } catch (error) {
      if (!isEmptyPool(error)) throw error;
      services.subscriptions.markSpent(subscription.id);
      refusal = error;
    }
  }
  throw refusal;
}
