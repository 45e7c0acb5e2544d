import { LIMIT_REFUSAL_CODES, type LimitRefusalCode } from '@tollgate/contracts';

/**
 * The refusal code of an error log row written when a limit refused a call (`other` JSON with
 * `limit_refusal`), or undefined for every other row (and `other` that does not parse).
 */
export function limitRefusalOf(other: string): LimitRefusalCode | undefined {
  if (!other.includes('limit_refusal')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(other);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const code = (parsed as Record<string, unknown>).limit_refusal;
  return (LIMIT_REFUSAL_CODES as readonly unknown[]).includes(code)
    ? (code as LimitRefusalCode)
    : undefined;
}
