import { estimatePreConsume } from '../billing/index.js';
import type { Admission } from '../billing/quota-ledger.js';
import type { CallPlan } from './relay-call-context.js';
import type { RelayServices } from './relay-services.js';

/**
 * Sets the call's estimated cost aside before the upstream call (reference §4.1); the ledger
 * refuses with the reference's 403 when the balances cannot cover it.
 */
export function admitCall(services: RelayServices, plan: CallPlan): Admission | Promise<Admission> {
  const { options } = services;
  // The estimate needs a prompt size before the call; a byte-based estimate (about four bytes
  // per token) avoids tokenising every request on the hot path. The real count settles the bill.
  const promptEstimate = Math.ceil(plan.facts.rawBody.length / 4);
  const estimate =
    plan.mode === 'images'
      ? 0
      : estimatePreConsume(plan.price, {
          promptTokens: promptEstimate,
          maxTokens: plan.facts.parsed.maxTokens,
          quotaPerUnit: options.getNumber('QuotaPerUnit'),
          preConsumedTokens: options.getNumber('PreConsumedQuota'),
        });
  return services.ledger.admit({ user: plan.caller.user, token: plan.caller.token, estimate });
}
