import {
  LIMIT_KINDS,
  usageLimitsSchema,
  type LimitKind,
  type LimitScope,
  type UsageLimits,
} from '@tollgate/contracts';

/** A limits object with only its set values (each > 0); frozen, shared by every reader. */
export type SetLimits = Readonly<Partial<Record<LimitKind, number>>>;

/** One limit that applies to a call. */
export interface AppliedLimit {
  readonly scope: LimitScope;
  readonly kind: LimitKind;
  readonly max: number;
  /** Whose counter: `t<token id>` or `u<user id>` (user limits and group defaults count per user). */
  readonly subject: string;
}

const NONE: readonly AppliedLimit[] = Object.freeze([]);

/** Keeps the values that limit something (absent, null and 0 mean "no limit"). */
export function setLimitsOf(limits: UsageLimits | null | undefined): SetLimits | undefined {
  if (!limits) return undefined;
  let set: Partial<Record<LimitKind, number>> | undefined;
  for (const kind of LIMIT_KINDS) {
    const value = limits[kind];
    if (typeof value === 'number' && value > 0) (set ??= {})[kind] = value;
  }
  return set === undefined ? undefined : Object.freeze(set);
}

/**
 * Reads a stored `limits` column. A value that does not parse or has the wrong shape counts as
 * no limits (the console validated it when it was saved; an edited row must not break calls).
 */
export function parseStoredLimits(text: string | null | undefined): SetLimits | undefined {
  if (!text) return undefined;
  try {
    const parsed = usageLimitsSchema.safeParse(JSON.parse(text));
    return parsed.success ? setLimitsOf(parsed.data) : undefined;
  } catch {
    return undefined;
  }
}

/** The text stored for a limits object: NULL when it limits nothing. */
export function storedLimitsText(limits: UsageLimits | null | undefined): string | null {
  const set = setLimitsOf(limits);
  return set === undefined ? null : JSON.stringify(set);
}

/**
 * The user's effective limit of each kind: their own value, else their group's default (per
 * kind, so a user may set one limit and keep the group's others).
 */
export function effectiveUserLimits(
  own: SetLimits | undefined,
  groupDefault: SetLimits | undefined,
): SetLimits | undefined {
  if (groupDefault === undefined) return own;
  if (own === undefined) return groupDefault;
  return Object.freeze({ ...groupDefault, ...own });
}

/** Who is calling, as the limits see it. */
export interface LimitSubject {
  tokenId: number;
  tokenLimits: SetLimits | undefined;
  userId: number;
  userLimits: SetLimits | undefined;
  groupLimits: SetLimits | undefined;
}

/**
 * Every limit that applies to a call: the token's own, and the user's effective ones (their own
 * per kind, else the group's default). Both are counted; the narrowest decides. Returns a shared
 * empty list, allocating nothing, when no limit is set.
 */
export function appliedLimits(subject: LimitSubject): readonly AppliedLimit[] {
  const { tokenLimits, userLimits, groupLimits } = subject;
  if (tokenLimits === undefined && userLimits === undefined && groupLimits === undefined) {
    return NONE;
  }
  const applied: AppliedLimit[] = [];
  if (tokenLimits !== undefined) {
    const tokenSubject = `t${subject.tokenId}`;
    for (const kind of LIMIT_KINDS) {
      const max = tokenLimits[kind];
      if (max !== undefined) applied.push({ scope: 'token', kind, max, subject: tokenSubject });
    }
  }
  const userSubject = `u${subject.userId}`;
  for (const kind of LIMIT_KINDS) {
    const own = userLimits?.[kind];
    const fallback = groupLimits?.[kind];
    if (own !== undefined) applied.push({ scope: 'user', kind, max: own, subject: userSubject });
    else if (fallback !== undefined) {
      applied.push({ scope: 'group', kind, max: fallback, subject: userSubject });
    }
  }
  return applied;
}

/**
 * A token's limits must narrow its owner's: the first kind whose token value is above the
 * user's effective value, or undefined.
 */
export function widerThanOwner(
  token: SetLimits | undefined,
  owner: SetLimits | undefined,
): { kind: LimitKind; token: number; owner: number } | undefined {
  if (token === undefined || owner === undefined) return undefined;
  for (const kind of LIMIT_KINDS) {
    const tokenValue = token[kind];
    const ownerValue = owner[kind];
    if (tokenValue !== undefined && ownerValue !== undefined && tokenValue > ownerValue) {
      return { kind, token: tokenValue, owner: ownerValue };
    }
  }
  return undefined;
}
