import type { LimitUsage, Token, UsageLimits } from '@tollgate/contracts';
import type { Kysely } from 'kysely';
import type { Database, TokenRow } from '../db/schema.js';
import {
  appliedLimits,
  effectiveUserLimits,
  parseStoredLimits,
  setLimitsOf,
  widerThanOwner,
  type SetLimits,
} from '../limits/applied-limits.js';
import { groupDefaultLimits } from '../limits/group-limits.js';
import type { LimitEngine } from '../limits/limit-engine.js';
import type { OptionStore } from '../options/option-store.js';

/** The owner's limits as tokens see them: their own, and their group's defaults. */
export interface OwnerLimits {
  own: SetLimits | undefined;
  group: SetLimits | undefined;
}

/** Reads the owner's own limits and their group's defaults (one small read). */
export async function ownerLimits(
  db: Kysely<Database>,
  options: OptionStore,
  ownerId: number,
): Promise<OwnerLimits> {
  const row = await db
    .selectFrom('users')
    .select(['limits', 'group'])
    .where('id', '=', ownerId)
    .executeTakeFirst();
  return {
    own: parseStoredLimits(row?.limits),
    group: groupDefaultLimits(options.getJson('GroupLimits'), row?.group || 'default'),
  };
}

/**
 * A token may only narrow its owner's limits: a value above the owner's effective value (their
 * own, else their group's default) is refused.
 */
export function tokenLimitsProblem(
  limits: UsageLimits | null | undefined,
  owner: OwnerLimits,
): string | undefined {
  const wider = widerThanOwner(setLimitsOf(limits), effectiveUserLimits(owner.own, owner.group));
  if (wider === undefined) return undefined;
  return `令牌的 ${wider.kind} 限额 ${wider.token} 不能高于用户的限额 ${wider.owner}`;
}

/**
 * The token list with `limit_usage`: the standing of every limit that applies to each token,
 * read for the whole page in one store round trip.
 */
export async function withLimitUsage(
  engine: LimitEngine | undefined,
  rows: readonly TokenRow[],
  tokens: Token[],
  owner: OwnerLimits,
  ownerId: number,
): Promise<Token[]> {
  if (engine === undefined) return tokens;
  const lists = rows.map((row) =>
    appliedLimits({
      tokenId: row.id,
      tokenLimits: parseStoredLimits(row.limits),
      userId: ownerId,
      userLimits: owner.own,
      groupLimits: owner.group,
    }),
  );
  const usage: LimitUsage[][] = await engine.usage(lists);
  // Tokens to which no limit applies keep new-api's fields only.
  return tokens.map((token, index) =>
    usage[index].length > 0 ? { ...token, limit_usage: usage[index] } : token,
  );
}
