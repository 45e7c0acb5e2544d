/**
 * How one metadata row (`models`) describes concrete model names: its `model_name` is matched
 * exactly, or as a prefix, a substring or a suffix of a name (`name_rule`, new-api's numbering).
 */

export const NAME_RULE = Object.freeze({ exact: 0, prefix: 1, contains: 2, suffix: 3 });

/** The rules a row may carry. */
export const NAME_RULES: readonly number[] = Object.values(NAME_RULE);

/** What a rule needs of a metadata row. */
export interface NamePattern {
  model_name: string;
  name_rule: number;
}

/** True when `pattern` describes the concrete model `name` (an unknown rule matches exactly). */
export function ruleMatches(pattern: NamePattern, name: string): boolean {
  const text = pattern.model_name;
  if (text === '') return false;
  switch (pattern.name_rule) {
    case NAME_RULE.prefix:
      return name.startsWith(text);
    case NAME_RULE.contains:
      return name.includes(text);
    case NAME_RULE.suffix:
      return name.endsWith(text);
    default:
      return name === text;
  }
}

/** Rule rows of equal pattern length are preferred in this order (most to least specific). */
const RULE_PREFERENCE: readonly number[] = [
  NAME_RULE.exact,
  NAME_RULE.prefix,
  NAME_RULE.suffix,
  NAME_RULE.contains,
];

/**
 * The row that describes `name` best, or undefined: an exact row of that name first; otherwise the
 * matching rule row with the longest pattern (the most specific), then prefix before suffix before
 * contains, then the oldest row (lowest id). new-api's own tie-breaking is unverified.
 */
export function bestMatch<Row extends NamePattern & { id: number }>(
  rows: readonly Row[],
  name: string,
): Row | undefined {
  let best: Row | undefined;
  for (const row of rows) {
    if (!ruleMatches(row, name)) continue;
    if (best === undefined || prefers(row, best)) best = row;
  }
  return best;
}

function preference(rule: number): number {
  const index = RULE_PREFERENCE.indexOf(rule);
  return index === -1 ? 0 : index;
}

function prefers(candidate: NamePattern & { id: number }, current: NamePattern & { id: number }) {
  const exactness = preference(candidate.name_rule) === 0 ? 1 : 0;
  const currentExactness = preference(current.name_rule) === 0 ? 1 : 0;
  if (exactness !== currentExactness) return exactness > currentExactness;
  if (candidate.model_name.length !== current.model_name.length) {
    return candidate.model_name.length > current.model_name.length;
  }
  const order = preference(candidate.name_rule) - preference(current.name_rule);
  if (order !== 0) return order < 0;
  return candidate.id < current.id;
}
