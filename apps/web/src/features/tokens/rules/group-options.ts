import { AUTO_GROUP } from '@tollgate/contracts';
import { isRecord } from '../../../lib/local-store';

/** A group the user may give a token (`GET /api/user/self/groups`). */
export interface GroupOption {
  value: string;
  /** The administrator's description; empty for the added auto option. */
  desc: string;
  /** Group ratio; undefined for the added auto option. */
  ratio?: number;
}

/** Reads `{<group>: {desc, ratio}}`, keeping the server's order and skipping malformed entries. */
export function parseUserGroups(data: unknown): GroupOption[] {
  if (!isRecord(data)) return [];
  const options: GroupOption[] = [];
  for (const [value, info] of Object.entries(data)) {
    if (!isRecord(info)) continue;
    const ratio =
      typeof info.ratio === 'number' && Number.isFinite(info.ratio) ? info.ratio : undefined;
    options.push({ value, desc: typeof info.desc === 'string' ? info.desc : '', ratio });
  }
  return options;
}

/**
 * The group choices of the token form: the usable groups, with the auto option first when the
 * status says new tokens default to automatic group selection (added unless already listed).
 */
export function tokenGroupOptions(
  groups: GroupOption[],
  defaultUseAutoGroup: boolean,
): GroupOption[] {
  if (!defaultUseAutoGroup) return groups;
  const auto = groups.find((group) => group.value === AUTO_GROUP) ?? {
    value: AUTO_GROUP,
    desc: '',
  };
  return [auto, ...groups.filter((group) => group.value !== AUTO_GROUP)];
}

/** Group of a new token: auto when that is the site default, else '' (the user's own group). */
export function defaultTokenGroup(defaultUseAutoGroup: boolean): string {
  return defaultUseAutoGroup ? AUTO_GROUP : '';
}

/** Ratio tag colour (spec part 1 §9): above 5 red, above 3 orange, above 1 blue, otherwise green. */
export function ratioColor(ratio: number): 'red' | 'orange' | 'blue' | 'green' {
  if (ratio > 5) return 'red';
  if (ratio > 3) return 'orange';
  if (ratio > 1) return 'blue';
  return 'green';
}
