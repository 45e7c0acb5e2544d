import {
  REDEMPTION_BATCH_MAX_COUNT,
  REDEMPTION_NAME_MAX_BYTES,
  REDEMPTION_QUOTA_MAX,
  REDEMPTION_STATUS,
} from '@tollgate/contracts';

/**
 * The input rules of redemption codes, each returning the message to show or undefined. Messages
 * are new-api's where it has one.
 */

export const REDEMPTION_NOT_FOUND = '兑换码不存在';
export const NAME_LENGTH_INVALID = '兑换码名称长度必须在1-20之间';
export const COUNT_NOT_POSITIVE = '兑换码个数必须大于0';
export const COUNT_TOO_LARGE = '一次兑换码批量生成的个数不能大于 100';
export const COUNT_NOT_INTEGER = '兑换码个数必须是整数';
export const QUOTA_INVALID = `兑换额度必须是 0 到 ${REDEMPTION_QUOTA_MAX} 之间的整数`;
export const STATUS_INVALID = '无效的兑换码状态';
export const USED_STATUS_LOCKED = '已使用的兑换码状态不可修改';
export const ONLY_UNUSED_EDITABLE = '只能编辑未使用的兑换码';

/** The name is measured in UTF-8 bytes, as new-api's Go `len` does: 6 Chinese characters fit. */
export function redemptionNameProblem(name: string): string | undefined {
  const bytes = Buffer.byteLength(name, 'utf8');
  return bytes === 0 || bytes > REDEMPTION_NAME_MAX_BYTES ? NAME_LENGTH_INVALID : undefined;
}

export function redemptionQuotaProblem(quota: number): string | undefined {
  return Number.isSafeInteger(quota) && quota >= 0 && quota <= REDEMPTION_QUOTA_MAX
    ? undefined
    : QUOTA_INVALID;
}

export function redemptionCountProblem(count: number): string | undefined {
  if (!Number.isInteger(count)) return COUNT_NOT_INTEGER;
  if (count <= 0) return COUNT_NOT_POSITIVE;
  if (count > REDEMPTION_BATCH_MAX_COUNT) return COUNT_TOO_LARGE;
  return undefined;
}

/** An admin may only switch a code between unused (1) and disabled (2). */
export function redemptionStatusProblem(status: number): string | undefined {
  return status === REDEMPTION_STATUS.unused || status === REDEMPTION_STATUS.disabled
    ? undefined
    : STATUS_INVALID;
}
