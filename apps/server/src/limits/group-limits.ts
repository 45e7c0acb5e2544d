import type { UsageLimits } from '@tollgate/contracts';
import { setLimitsOf, type SetLimits } from './applied-limits.js';

/** The `GroupLimits` option's value: group → that group's default user limits. */
export type GroupLimitsOption = Readonly<Record<string, Readonly<UsageLimits>>>;

const resolved = new WeakMap<GroupLimitsOption, Map<string, SetLimits | undefined>>();

/**
 * A group's default user limits. Option values are frozen and replaced as a whole when saved, so
 * the answer is kept per value: the hot path looks a group up in a map and allocates nothing.
 */
export function groupDefaultLimits(
  option: GroupLimitsOption,
  group: string,
): SetLimits | undefined {
  let byGroup = resolved.get(option);
  if (byGroup === undefined) {
    byGroup = new Map();
    resolved.set(option, byGroup);
  }
  if (byGroup.has(group)) return byGroup.get(group);
  const limits = Object.hasOwn(option, group) ? setLimitsOf(option[group]) : undefined;
  byGroup.set(group, limits);
  return limits;
}
