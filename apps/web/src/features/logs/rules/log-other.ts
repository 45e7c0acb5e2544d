export { parseLogOther, type LogOther } from '@tollgate/contracts';
import type { LogOther } from '@tollgate/contracts';

/** The upstream model when the requested one was mapped to another, else undefined. */
export function mappedModel(other: LogOther | null): string | undefined {
  return other?.is_model_mapped && other.upstream_model_name
    ? other.upstream_model_name
    : undefined;
}

/**
 * The model the client asked for when a model fallback answered the call (`other.fallback_from`;
 * the row's own model is the one that answered), else undefined.
 */
export function fallbackFrom(other: LogOther | null): string | undefined {
  const requested = other?.fallback_from?.trim();
  return requested ? requested : undefined;
}

/** A call the response cache answered. */
export interface CacheHit {
  /** Quota the hit saved against the full charge; undefined when the row does not say. */
  savedQuota: number | undefined;
}

/**
 * The response-cache hit of a consume row (`other.cache_hit: true`, with `cache_saved_quota`), or
 * undefined for every other row. A negative saving is not shown: the cache never charges more.
 */
export function cacheHitOf(other: LogOther | null): CacheHit | undefined {
  if (other?.cache_hit !== true) return undefined;
  const saved = other.cache_saved_quota;
  return { savedQuota: saved !== undefined && saved >= 0 ? saved : undefined };
}
