import type { OptionStore } from '../options/option-store.js';

/**
 * Groups a user may route through: the `UserUsableGroups` option (group → description) plus the
 * user's own group, which is always usable (reference §12.6).
 */
export function usableGroups(options: OptionStore, userGroup: string): Record<string, string> {
  const configured = options.getJson('UserUsableGroups');
  const groups: Record<string, string> = { ...configured };
  if (userGroup === '') groups.default ??= '默认分组';
  else groups[userGroup] ??= '用户分组';
  return groups;
}

/** Ratio of each group (`GroupRatio`); unknown groups cost 1×. */
export function groupRatio(options: OptionStore, group: string): number {
  const ratios = options.getJson('GroupRatio');
  const ratio = ratios[group];
  return typeof ratio === 'number' && Number.isFinite(ratio) ? ratio : 1;
}

/** `{group: {ratio, desc}}` for the groups that are both usable and priced. */
export function describeUsableGroups(
  options: OptionStore,
  userGroup: string,
): Record<string, { ratio: number; desc: string }> {
  const ratios = options.getJson('GroupRatio');
  const result: Record<string, { ratio: number; desc: string }> = {};
  for (const [group, desc] of Object.entries(usableGroups(options, userGroup))) {
    if (group in ratios) result[group] = { ratio: groupRatio(options, group), desc };
  }
  return result;
}
