import {
  LIMIT_KINDS,
  limitUsageSchema,
  type LimitKind,
  type LimitUsage,
  type UsageLimits,
} from '@tollgate/contracts';

/**
 * The limits and budgets of a token, a user or a group as the console's forms edit them: one text
 * per kind, '' = no limit. Budgets are quota, entered like `remain_quota` (raw quota; the currency
 * equivalent is shown beside the field when currency display is on).
 */
export type LimitTexts = Record<LimitKind, string>;

/** The kinds that are quota budgets (the others count requests, tokens or calls). */
export const BUDGET_KINDS: readonly LimitKind[] = ['budget_day', 'budget_week', 'budget_month'];

export function isBudgetKind(kind: LimitKind): boolean {
  return BUDGET_KINDS.includes(kind);
}

/** Eight empty texts. */
export function emptyLimitTexts(): LimitTexts {
  return Object.fromEntries(LIMIT_KINDS.map((kind) => [kind, ''])) as LimitTexts;
}

/** A positive limit value, or undefined when absent, null, 0 or not a number (all mean "no limit"). */
export function limitValueOf(
  limits: UsageLimits | null | undefined,
  kind: LimitKind,
): number | undefined {
  const value = limits?.[kind];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The texts of stored limits (absent, null and 0 show as empty). */
export function limitTextsOf(limits: UsageLimits | null | undefined): LimitTexts {
  const texts = emptyLimitTexts();
  for (const kind of LIMIT_KINDS) {
    const value = limitValueOf(limits, kind);
    if (value !== undefined) texts[kind] = String(value);
  }
  return texts;
}

export type LimitTextsResult = { ok: true; limits: UsageLimits } | { ok: false; kind: LimitKind };

/**
 * The `limits` object of the texts: every kind present, null where empty (or 0), so a saved object
 * clears what was removed. A text that is not a whole number ≥ 0 is refused, named by its kind.
 */
export function readLimitTexts(texts: Partial<LimitTexts> | undefined): LimitTextsResult {
  const limits: UsageLimits = {};
  for (const kind of LIMIT_KINDS) {
    const text = (texts?.[kind] ?? '').trim();
    if (text === '') {
      limits[kind] = null;
      continue;
    }
    if (!/^\d+$/.test(text)) return { ok: false, kind };
    const value = Number(text);
    if (!Number.isSafeInteger(value)) return { ok: false, kind };
    limits[kind] = value === 0 ? null : value;
  }
  return { ok: true, limits };
}

/** True when at least one limit is set. */
export function anyLimitSet(limits: UsageLimits | null | undefined): boolean {
  return LIMIT_KINDS.some((kind) => limitValueOf(limits, kind) !== undefined);
}

/** True when two sets of limits mean the same (absent, null and 0 alike). */
export function sameLimits(
  left: UsageLimits | null | undefined,
  right: UsageLimits | null | undefined,
): boolean {
  return LIMIT_KINDS.every((kind) => limitValueOf(left, kind) === limitValueOf(right, kind));
}

/**
 * What a form sends as `limits`: the edited limits when any is set or one changed from what was
 * stored, else nothing, so that a body of a form that never touched limits stays new-api's body.
 */
export function limitsToSend(
  edited: UsageLimits,
  stored: UsageLimits | null | undefined,
): UsageLimits | undefined {
  return anyLimitSet(edited) || !sameLimits(edited, stored) ? edited : undefined;
}

/**
 * The `limits` of an answer row, read leniently: only the eight kinds, only numbers; anything else
 * (absent on new-api servers and old rows, or a field this console does not know) is left out.
 */
export function readUsageLimits(value: unknown): UsageLimits | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const limits: UsageLimits = {};
  for (const kind of LIMIT_KINDS) {
    const entry = record[kind];
    if (typeof entry === 'number' && Number.isFinite(entry)) limits[kind] = entry;
  }
  return limits;
}

/** The `limit_usage` rows of an answer row that have the contract's shape (others are dropped). */
export function readLimitUsages(value: unknown): LimitUsage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((row) => {
    const parsed = limitUsageSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

/** True when a form shows at least one limit (its section then starts open). */
export function anyLimitText(texts: LimitTexts): boolean {
  return LIMIT_KINDS.some((kind) => texts[kind].trim() !== '');
}

/**
 * Option `GroupLimits` (JSON text: group → limits) read leniently: text that does not parse, and
 * entries that are not objects, give no defaults rather than an error.
 */
export function readGroupLimits(text: string | undefined): Record<string, UsageLimits> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '');
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const groups: Record<string, UsageLimits> = {};
  for (const [group, value] of Object.entries(parsed)) {
    const limits = readUsageLimits(value);
    if (limits) groups[group] = limits;
  }
  return groups;
}
