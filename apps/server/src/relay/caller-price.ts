import { resolvePrice, type PriceInfo } from '../billing/index.js';
import type { RelayCaller } from './auth/relay-caller-cache.js';
import type { RelayServices } from './relay-services.js';

/** The price of `model` in `group` for this caller (its user's group ratios and unset-ratio choice). */
export function callerPrice(
  services: RelayServices,
  caller: RelayCaller,
  model: string,
  group: string,
): PriceInfo {
  return resolvePrice(services.options, {
    model,
    group,
    userGroup: caller.user.group,
    userId: caller.user.id,
    acceptUnsetModelRatio: caller.user.setting.accept_unset_model_ratio_model === true,
  });
}
