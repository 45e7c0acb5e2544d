/**
 * A custom provider's access policy: `{logic, conditions: [{field, op, value}], groups}` over the
 * user info the provider returned. `logic` (default `and`) combines the conditions and the nested
 * groups. An empty policy admits everyone; a policy that does not parse admits no one (a typo must
 * not open the door).
 */
import { accessPolicySchema, type AccessPolicy } from '@tollgate/contracts';
import { readClaim } from './claim-path.js';

type Condition = NonNullable<AccessPolicy['conditions']>[number];

/** Parses stored policy text; undefined for '' (no policy), null for text that is not a policy. */
export function parseAccessPolicy(text: string | null): AccessPolicy | undefined | null {
  if (!text || text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = accessPolicySchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Whether the user info satisfies the stored policy text. */
export function admittedByPolicy(policyText: string | null, userInfo: unknown): boolean {
  const policy = parseAccessPolicy(policyText);
  if (policy === undefined) return true;
  if (policy === null) return false;
  return evaluate(policy, userInfo);
}

function evaluate(policy: AccessPolicy, userInfo: unknown): boolean {
  const results = [
    ...(policy.conditions ?? []).map((condition) => holds(condition, userInfo)),
    ...(policy.groups ?? []).map((group) => evaluate(group, userInfo)),
  ];
  if (results.length === 0) return true;
  return policy.logic === 'or' ? results.some(Boolean) : results.every(Boolean);
}

function holds(condition: Condition, userInfo: unknown): boolean {
  const actual = readClaim(userInfo, condition.field);
  const expected = condition.value;
  switch (condition.op) {
    case 'exists':
      return actual !== undefined && actual !== null;
    case 'not_exists':
      return actual === undefined || actual === null;
    case 'eq':
      return same(actual, expected);
    case 'ne':
      return !same(actual, expected);
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return compare(condition.op, actual, expected);
    case 'in':
      return Array.isArray(expected) && expected.some((item) => same(actual, item));
    case 'not_in':
      return !(Array.isArray(expected) && expected.some((item) => same(actual, item)));
    case 'contains':
      return contains(actual, expected);
    case 'not_contains':
      return !contains(actual, expected);
  }
}

/** Equality across the JSON scalar kinds: `"5"` equals `5`, `"true"` equals `true`. */
function same(left: unknown, right: unknown): boolean {
  if (left === undefined || left === null) return right === undefined || right === null;
  if (typeof left === 'object' || typeof right === 'object') return false;
  return String(left) === String(right);
}

function compare(op: 'gt' | 'gte' | 'lt' | 'lte', actual: unknown, expected: unknown): boolean {
  const left = toNumber(actual);
  const right = toNumber(expected);
  if (left === undefined || right === undefined) return false;
  if (op === 'gt') return left > right;
  if (op === 'gte') return left >= right;
  if (op === 'lt') return left < right;
  return left <= right;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

/** A list contains the element; a text contains the substring. */
function contains(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(actual)) return actual.some((item) => same(item, expected));
  if (typeof actual === 'string' && expected !== undefined && expected !== null) {
    return actual.includes(String(expected));
  }
  return false;
}
