import { CHANNEL_STATUS } from '@tollgate/contracts';
import { RelayError } from '../../errors/relay-error.js';
import type { CachedChannel, ChannelCache } from '../channel-cache.js';
import type { RelayCaller } from './relay-caller-cache.js';

/** Refuses a model outside the token's model list when the token limits models (reference §2.3). */
export function checkModelAllowed(caller: RelayCaller, model: string): void {
  if (caller.token.model_limits_enabled && !caller.modelLimits.has(model)) {
    throw new RelayError(403, `该令牌无权访问模型 ${model}`, 'new_api_error', 'model_not_allowed');
  }
}

/**
 * The channel a key pins (`sk-<key>-<channel id>`, admins only), which must exist and be enabled;
 * without a pin, the token's model list decides whether `model` may be called. Answers the pinned
 * channel, if any.
 */
export function checkChannelAccess(
  channels: ChannelCache,
  call: { caller: RelayCaller; pinnedChannelId?: number },
  model: string,
): CachedChannel | undefined {
  if (call.pinnedChannelId === undefined) {
    checkModelAllowed(call.caller, model);
    return undefined;
  }
  const pinned = channels.getById(call.pinnedChannelId);
  if (!pinned) throw RelayError.badRequest('无效的渠道 Id', 'invalid_channel_id');
  if (pinned.status !== CHANNEL_STATUS.enabled) {
    throw new RelayError(403, '该渠道已被禁用', 'new_api_error', 'channel_disabled');
  }
  return pinned;
}
