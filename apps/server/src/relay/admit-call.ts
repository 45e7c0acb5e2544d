import { estimatePreConsume, estimatePromptTokens } from '../billing/index.js';
import type { Admission } from '../billing/quota-ledger.js';
import { admitFromPayer } from './choose-payer.js';
import type { CallPlan } from './relay-call-context.js';
import type { RelayServices } from './relay-services.js';

/** What a call is expected to cost, before the upstream call. */
export interface CallEstimate {
  /** Prompt tokens estimated from the body size. */
  promptTokens: number;
  /** The ledger's quota estimate (pre-consumption, reference §4.1). */
  quota: number;
}

/** The call's estimate, shared by the ledger and the usage limits. */
export function estimateCall(services: RelayServices, plan: CallPlan): CallEstimate {
  const { options } = services;
  // The estimate needs a prompt size before the call: the body's size, not a tokenisation.
  const promptTokens = estimatePromptTokens(plan.facts.rawBody.length);
  const quota =
    plan.mode === 'images'
      ? 0
      : estimatePreConsume(plan.price, {
          promptTokens,
          maxTokens: plan.facts.parsed.maxTokens,
          quotaPerUnit: options.getNumber('QuotaPerUnit'),
          preConsumedTokens: options.getNumber('PreConsumedQuota'),
        });
  return { promptTokens, quota };
}

/**
 * Sets the call's estimated cost aside before the upstream call (reference §4.1), from the pool
 * the user's billing preference names (wallet or subscription, choose-payer.ts); the ledger
 * refuses with the reference's 403 when the balances cannot cover it.
 */
export function admitCall(
  services: RelayServices,
  plan: CallPlan,
  estimate: CallEstimate = estimateCall(services, plan),
): Admission | Promise<Admission> {
  return admitFromPayer(services, plan.caller, estimate.quota);
}
