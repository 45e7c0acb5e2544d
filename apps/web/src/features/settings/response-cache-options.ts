import { z } from 'zod';

/** Longest time a cached answer may be kept: 30 days, as the server's option schema allows. */
export const maxResponseCacheTtlSeconds = 2_592_000;

/** The bounds of `ResponseCacheMaxMB` (memory of the cache, in MB; the server's default is 64). */
export const responseCacheSizeRange = { min: 1, max: 65_536 } as const;

const names = z.array(z.string().min(1)).min(1);

/**
 * One rule of `ResponseCacheRules`, mirroring the server's option schema: which calls it matches
 * (`models`, `groups`, `token_ids`; a list left out matches any, an empty list is refused) and how
 * their answers are cached (`ttl_seconds`, `allow_temperature`, `charge_ratio`). Unknown fields are
 * refused so that a misspelt matcher cannot silently widen a rule.
 */
const responseCacheRuleSchema = z
  .strictObject({
    models: names,
    groups: names,
    token_ids: z.array(z.int().min(1)).min(1),
    ttl_seconds: z.int().min(1).max(maxResponseCacheTtlSeconds),
    allow_temperature: z.boolean(),
    charge_ratio: z.number().min(0).max(1),
  })
  .partial();

/** The whole option: a list of rules, the first that matches a call applies. */
export const responseCacheRulesSchema = z.array(responseCacheRuleSchema);

/**
 * The response-cache section's last check before saving (a translation key of `settings`): the
 * rules must be empty (no rules) or a JSON list of rules of the shape above.
 */
export function responseCacheOptionsProblem(values: Record<string, unknown>): string | undefined {
  const rules = values.ResponseCacheRules;
  if (typeof rules !== 'string' || rules.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(rules);
  } catch {
    return 'responseCache.rulesInvalid';
  }
  return responseCacheRulesSchema.safeParse(parsed).success
    ? undefined
    : 'responseCache.rulesInvalid';
}
