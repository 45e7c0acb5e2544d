import type { RelayMode } from '../../providers/provider-adaptor.js';
import type { CallPlan } from '../relay-call-context.js';
import type { RelayExchange } from '../relay-exchange.js';
import type { RelayServices } from '../relay-services.js';
import { responseCacheKey } from './cache-key.js';
import {
  clientCacheWishes,
  isReplayable,
  matchCacheRule,
  type CacheRuleTerms,
} from './cache-rules.js';

/** The header a client sends (`on`/`off`) and gets back (`hit`/`miss`). */
export const CACHE_HEADER = 'x-tollgate-cache';

/** Chat in every inbound format (OpenAI chat, Claude Messages, Gemini) and Responses; embeddings. */
const CACHED_MODES: ReadonlySet<RelayMode> = new Set(['chat', 'responses', 'embeddings']);

/** What the response cache does for one call. */
export interface CachePlan {
  key: string;
  terms: CacheRuleTerms;
  /** A stored answer may answer this call. */
  read: boolean;
  /** This call's answer may be stored. */
  write: boolean;
}

/**
 * Whether and how a call uses the response cache (the caller has checked `ResponseCacheEnabled`):
 * a rule matches the model as asked for, the call's group and token; its mode is cached; the
 * client's headers allow it; and it is deterministic enough (see `isReplayable`). A call pinned
 * to a channel is never cached: it asks that channel itself.
 */
export function planCaching(
  services: RelayServices,
  exchange: RelayExchange,
  plan: CallPlan,
): CachePlan | undefined {
  if (plan.pinned !== undefined || !CACHED_MODES.has(plan.mode)) return undefined;
  const parsed = plan.facts.parsed;
  if (parsed.json === undefined) return undefined;
  const wishes = clientCacheWishes(
    exchange.headers[CACHE_HEADER],
    exchange.headers['cache-control'],
  );
  if (!wishes.read && !wishes.write) return undefined;
  // A call already moved to a fallback (its model unroutable) is keyed by the model asked for.
  const model = plan.fallback?.from ?? plan.model;
  const terms = matchCacheRule(services.options.getJson('ResponseCacheRules'), {
    model,
    group: plan.group,
    tokenId: plan.caller.token.id,
  });
  if (terms === undefined) return undefined;
  if (!isReplayable(parsed.json, terms.allowTemperature || wishes.forced)) return undefined;
  const key = responseCacheKey({
    format: exchange.format.id,
    mode: plan.mode,
    model,
    group: plan.group,
    stream: plan.isStream,
    // The client's own body where its format was converted (Claude Messages).
    body: parsed.native?.body ?? parsed.json,
  });
  return { key, terms, read: wishes.read, write: wishes.write };
}
