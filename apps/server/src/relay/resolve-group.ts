import { usableGroups } from '../groups/usable-groups.js';
import type { OptionStore } from '../options/option-store.js';
import type { RelayCaller } from './auth/relay-caller-cache.js';
import type { ChannelCache } from './channel-cache.js';
import { RelayError } from '../errors/relay-error.js';

export const AUTO_GROUP = 'auto';

/**
 * The group a call routes and is priced in (reference §2.3 step 3 and the "auto" group): the
 * token's group when set (it must be usable by the user and priced), else the user's group.
 * `auto` walks `AutoGroups` in order, keeping the user's usable groups, and takes the first
 * group that has a channel for the model.
 */
export function resolveGroup(
  caller: RelayCaller,
  model: string,
  options: OptionStore,
  channels: ChannelCache,
): string {
  const tokenGroup = caller.token.group ?? '';
  const userGroup = caller.user.group;
  const requested = tokenGroup || userGroup;
  if (requested === AUTO_GROUP) {
    const usable = usableGroups(options, userGroup);
    const order = options.getJson('AutoGroups');
    for (const group of order) {
      if (group in usable && channels.has(group, model)) return group;
    }
    return order.find((group) => group in usable) ?? userGroup;
  }
  if (tokenGroup) {
    if (!(tokenGroup in usableGroups(options, userGroup))) {
      throw new RelayError(
        403,
        `令牌分组 ${tokenGroup} 已被禁用`,
        'new_api_error',
        'group_forbidden',
      );
    }
    const ratios = options.getJson('GroupRatio');
    if (!(tokenGroup in ratios)) {
      throw new RelayError(403, `分组 ${tokenGroup} 已被弃用`, 'new_api_error', 'group_deprecated');
    }
  }
  return requested;
}
