import type { JsonOptionValue } from '../../options/option-schemas.js';

/** The stored `ResponseCacheRules` value (read-only, shared by every reader). */
export type ResponseCacheRules = JsonOptionValue<'ResponseCacheRules'>;
/** One rule of `ResponseCacheRules`. */
export type ResponseCacheRule = ResponseCacheRules[number];

/** How long an answer is kept when its rule names no `ttl_seconds`. */
export const DEFAULT_CACHE_TTL_SECONDS = 300;

/** What a rule is matched on: the model as the client asked for it, the call's group, its token. */
export interface CacheRuleSubject {
  model: string;
  group: string;
  tokenId: number;
}

/** A matched rule with its defaults filled in. */
export interface CacheRuleTerms {
  ttlSeconds: number;
  allowTemperature: boolean;
  /** Share of the original call's quota a hit is charged, 0..1. */
  chargeRatio: number;
}

/**
 * The first rule matching `subject`, or undefined. A list a rule leaves out matches anything;
 * a list it gives must contain the subject's value.
 */
export function matchCacheRule(
  rules: ResponseCacheRules,
  subject: CacheRuleSubject,
): CacheRuleTerms | undefined {
  for (const rule of rules) {
    if (rule.models !== undefined && !rule.models.includes(subject.model)) continue;
    if (rule.groups !== undefined && !rule.groups.includes(subject.group)) continue;
    if (rule.token_ids !== undefined && !rule.token_ids.includes(subject.tokenId)) continue;
    return {
      ttlSeconds: rule.ttl_seconds ?? DEFAULT_CACHE_TTL_SECONDS,
      allowTemperature: rule.allow_temperature ?? false,
      chargeRatio: rule.charge_ratio ?? 0,
    };
  }
  return undefined;
}

/**
 * Whether a request body asks for an answer deterministic enough to replay: no sampling
 * temperature (absent or 0) unless allowed, and one choice at most (`n`, Gemini's
 * `candidateCount` arrives as `n` in the internal call).
 */
export function isReplayable(body: Readonly<Record<string, unknown>>, allowTemperature: boolean) {
  const n = body.n;
  if (n !== undefined && n !== null && !(typeof n === 'number' && n <= 1)) return false;
  if (allowTemperature) return true;
  const temperature = body.temperature;
  return temperature === undefined || temperature === null || temperature === 0;
}

/** What the client's own headers allow: reading a stored answer, storing this one, and `on`. */
export interface ClientCacheWishes {
  read: boolean;
  write: boolean;
  /** `x-tollgate-cache: on`: cache even a call whose temperature would keep it out. */
  forced: boolean;
}

const NO_WISHES: ClientCacheWishes = { read: true, write: true, forced: false };

/**
 * Reads `x-tollgate-cache: on|off` and `Cache-Control` (`no-cache`: do not read, may write;
 * `no-store`: neither). `off` always wins.
 */
export function clientCacheWishes(
  cacheHeader: string | string[] | undefined,
  cacheControl: string | string[] | undefined,
): ClientCacheWishes {
  if (cacheHeader === undefined && cacheControl === undefined) return NO_WISHES;
  const wish = String(cacheHeader ?? '')
    .trim()
    .toLowerCase();
  if (wish === 'off') return { read: false, write: false, forced: false };
  const directives = String(cacheControl ?? '')
    .toLowerCase()
    .split(',')
    .map((directive) => directive.trim());
  const noStore = directives.includes('no-store');
  const noCache = directives.includes('no-cache');
  return { read: !noStore && !noCache, write: !noStore, forced: wish === 'on' };
}
