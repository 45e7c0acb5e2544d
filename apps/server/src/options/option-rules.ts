import type { OptionKey } from '@tollgate/contracts';

/**
 * Save-time rules of the option catalogue: checked only when an operator saves a value, after the
 * value has been read into its kind (and, for JSON options, checked against its schema in
 * `option-schemas.ts`). Every message is Chinese, like the rest of the console's server messages.
 */

/** What a rule may look at besides the value being saved: the other options as they are now. */
export interface OptionRuleContext {
  get(key: OptionKey): string;
}

/** A save-time rule; returns an error message or undefined. */
export type OptionRule = (
  value: unknown,
  key: string,
  context: OptionRuleContext,
) => string | undefined;

// ---------------------------------------------------------------------------------------------
// Save-time rules.

interface NumberBounds {
  min?: number;
  max?: number;
  /** The value must be strictly greater than this. */
  above?: number;
}

/** Numeric range of a number or integer option. */
export function inRange(bounds: NumberBounds): OptionRule {
  return (value, key) => {
    const number = value as number;
    if (bounds.above !== undefined && !(number > bounds.above))
      return `${key} 必须大于 ${bounds.above}`;
    if (bounds.min !== undefined && number < bounds.min) return `${key} 不能小于 ${bounds.min}`;
    if (bounds.max !== undefined && number > bounds.max) return `${key} 不能大于 ${bounds.max}`;
    return undefined;
  };
}

/**
 * The largest ratio or per-call price (USD) accepted. Real ones stay below a few hundred; this
 * only stops values that would overflow a charge or disable billing by accident (1e308).
 */
export const MAX_RATIO_OR_PRICE = 1_000_000;

/** The first value of `entries` below 0 or above MAX_RATIO_OR_PRICE, described at `prefix.name`. */
function ratioOutOfRange(
  key: string,
  entries: Record<string, number>,
  prefix = '',
): string | undefined {
  for (const [name, entry] of Object.entries(entries)) {
    if (entry < 0) return `${key} 中 ${prefix}${name} 的值不能小于 0`;
    if (entry > MAX_RATIO_OR_PRICE) {
      return `${key} 中 ${prefix}${name} 的值不能大于 ${MAX_RATIO_OR_PRICE}`;
    }
  }
  return undefined;
}

/** Every value of a number map is at least 0 and at most MAX_RATIO_OR_PRICE (ratios, prices). */
export const nonNegativeEntries: OptionRule = (value, key) =>
  ratioOutOfRange(key, value as Record<string, number>);

/** GroupRatio keeps the reference's own message for a negative ratio. */
export const nonNegativeGroupRatios: OptionRule = (value, key) => {
  for (const [name, entry] of Object.entries(value as Record<string, number>)) {
    if (entry < 0) return `group ratio must be not less than 0: ${name}`;
  }
  return ratioOutOfRange(key, value as Record<string, number>);
};

/** Every inner value of a nested number map is in the ratio range (GroupGroupRatio). */
export const nonNegativeNestedEntries: OptionRule = (value, key) => {
  for (const [name, inner] of Object.entries(value as Record<string, Record<string, number>>)) {
    const message = ratioOutOfRange(key, inner, `${name}.`);
    if (message) return message;
  }
  return undefined;
};

/** Empty, or an absolute http(s) URL. */
export const httpUrlOrEmpty: OptionRule = (value, key) => {
  const text = (value as string).trim();
  if (text === '') return undefined;
  if (!/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(text)) return `${key} 必须以 http:// 或 https:// 开头`;
  return undefined;
};

/** Empty, an http(s) URL or an inline `data:` image (QR codes, logos). */
export const imageUrlOrEmpty: OptionRule = (value, key, context) => {
  if (/^data:image\//i.test((value as string).trim())) return undefined;
  return httpUrlOrEmpty(value, key, context);
};

/** One of a fixed set of words. */
export function oneOf(allowed: readonly string[]): OptionRule {
  return (value, key) =>
    allowed.includes(value as string) ? undefined : `${key} 的值必须是 ${allowed.join('、')} 之一`;
}

/** Every item of a string-record list has a non-empty `name` and `type` (PayMethods). */
export const namedAndTyped: OptionRule = (value, key) => {
  for (const item of value as Array<Record<string, string>>) {
    if (!item.name || !item.type) return `${key} 的每一项都必须有 name 和 type`;
  }
  return undefined;
};

const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** Splits the comma list of EmailDomainWhitelist, ignoring blanks. */
export function splitDomainList(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** EmailDomainWhitelist: comma-separated valid domain names, no duplicates. */
export const emailDomainList: OptionRule = (value) => {
  const seen = new Set<string>();
  for (const domain of splitDomainList(value as string)) {
    if (!domainPattern.test(domain)) return `无效的邮箱域名：${domain}，例如 gmail.com`;
    const normalised = domain.toLowerCase();
    if (seen.has(normalised)) return `邮箱域名重复：${domain}`;
    seen.add(normalised);
  }
  return undefined;
};

/**
 * Turning a switch on needs another option filled in first (reference `PUT /api/option/`
 * pre-checks); turning it off is always allowed.
 */
export function requiresWhenEnabled(
  isSatisfied: (context: OptionRuleContext) => boolean,
  message: string,
): OptionRule {
  return (value, _key, context) => (value === true && !isSatisfied(context) ? message : undefined);
}

/** `isSatisfied` helper: the option is not blank. */
export function filled(key: OptionKey): (context: OptionRuleContext) => boolean {
  return (context) => context.get(key).trim() !== '';
}
