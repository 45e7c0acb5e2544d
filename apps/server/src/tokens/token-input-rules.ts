import { isIPv4, isIPv6 } from 'node:net';
import {
  AUTO_GROUP,
  TOKEN_ALLOW_IPS_MAX_LENGTH,
  TOKEN_MODEL_LIMITS_MAX_LENGTH,
  TOKEN_NAME_MAX_BYTES,
  TOKEN_NEVER_EXPIRES,
} from '@tollgate/contracts';
import { usableGroups } from '../groups/usable-groups.js';
import type { OptionStore } from '../options/option-store.js';

/**
 * The field rules of a token, as pure functions returning the message the console shows (or undefined
 * when the value is fine), so the service stays a sequence of checks.
 */

/** new-api measures the name in bytes (`len` of a Go string): 30 bytes = 10 Chinese characters. */
export function tokenNameProblem(name: string): string | undefined {
  return Buffer.byteLength(name, 'utf8') > TOKEN_NAME_MAX_BYTES ? '令牌名称过长' : undefined;
}

/** `expired_time` must be -1 (never) or a unix time still in the future. */
export function expiryProblem(expiredTime: number, now: number): string | undefined {
  if (expiredTime === TOKEN_NEVER_EXPIRES) return undefined;
  if (expiredTime <= now) return '过期时间不能早于当前时间，或设置为永不过期（-1）';
  return undefined;
}

/** A limited token's quota cannot be negative. */
export function remainQuotaProblem(remainQuota: number, unlimited: boolean): string | undefined {
  return !unlimited && remainQuota < 0 ? '额度值不能为负数' : undefined;
}

export function modelLimitsProblem(modelLimits: string): string | undefined {
  return modelLimits.length > TOKEN_MODEL_LIMITS_MAX_LENGTH ? '模型限制列表过长' : undefined;
}

/** True for one IPv4/IPv6 address or a CIDR range such as `10.0.0.0/8` or `2001:db8::/32`. */
export function isIpOrCidr(entry: string): boolean {
  const slash = entry.indexOf('/');
  if (slash < 0) return isIPv4(entry) || isIPv6(entry);
  const address = entry.slice(0, slash);
  const prefix = entry.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  if (isIPv4(address)) return bits <= 32;
  if (isIPv6(address)) return bits <= 128;
  return false;
}

export type AllowIpsResult = { ok: true; value: string } | { ok: false; message: string };

/**
 * Validates the IP allow list (one address or CIDR per line; commas also separate, blank lines and
 * spaces are ignored) and returns it normalised to one entry per line. Empty = any address.
 */
export function normaliseAllowIps(text: string | null): AllowIpsResult {
  const entries = (text ?? '')
    .split(/[\r\n,]+/)
    .map((entry) => entry.replace(/\s+/g, ''))
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!isIpOrCidr(entry)) return { ok: false, message: `IP 白名单格式错误：${entry}` };
  }
  const value = entries.join('\n');
  if (value.length > TOKEN_ALLOW_IPS_MAX_LENGTH) return { ok: false, message: 'IP 白名单过长' };
  return { ok: true, value };
}

/**
 * A token group must be '' (the owner's group), one of the owner's usable groups, or `auto` when the
 * administrator offers it (listed in `UserUsableGroups`, or `DefaultUseAutoGroup` switched on).
 */
export function tokenGroupProblem(
  options: OptionStore,
  userGroup: string,
  group: string,
): string | undefined {
  if (group === '') return undefined;
  const groups = usableGroups(options, userGroup);
  if (group === AUTO_GROUP) {
    return Object.hasOwn(groups, AUTO_GROUP) || options.getBoolean('DefaultUseAutoGroup')
      ? undefined
      : `无权使用分组 ${group}`;
  }
  return Object.hasOwn(groups, group) ? undefined : `无权使用分组 ${group}`;
}
