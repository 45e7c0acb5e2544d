import { LOG_TYPES, type LimitRefusalFilter } from '@tollgate/contracts';

/** Log types offered by the type filter (0 = every type). */
export const logTypeFilters = [
  LOG_TYPES.unknown,
  LOG_TYPES.topUp,
  LOG_TYPES.consume,
  LOG_TYPES.manage,
  LOG_TYPES.system,
] as const;

/** The routing outcomes a log list can be narrowed to: every row, cache hits, fallback answers. */
export const routingFilters = ['', 'cacheHit', 'fallback'] as const;
export type RoutingFilter = (typeof routingFilters)[number];

/** What the log list is filtered by; texts as typed, timestamps in unix seconds (0 = open). */
export interface LogFilters {
  type: number;
  startTimestamp: number;
  endTimestamp: number;
  tokenName: string;
  modelName: string;
  group: string;
  /** Admin only. */
  channel: string;
  /** Admin only. */
  username: string;
  /** The refusals of one limit (`token.rpm`), of any (`any`), or '' = every log. */
  limitRefusal: LimitRefusalFilter;
  /** Only the calls the response cache answered, or only those a model fallback answered. */
  routing: RoutingFilter;
}

/** The default window: from the start of today to one hour from now (spec part 2 §9). */
export function defaultTimeRange(nowMilliseconds: number): { start: number; end: number } {
  const startOfToday = new Date(nowMilliseconds);
  startOfToday.setHours(0, 0, 0, 0);
  return {
    start: Math.floor(startOfToday.getTime() / 1000),
    end: Math.floor(nowMilliseconds / 1000) + 3600,
  };
}

export function defaultLogFilters(nowMilliseconds: number): LogFilters {
  const range = defaultTimeRange(nowMilliseconds);
  return {
    type: LOG_TYPES.unknown,
    startTimestamp: range.start,
    endTimestamp: range.end,
    tokenName: '',
    modelName: '',
    group: '',
    channel: '',
    username: '',
    limitRefusal: '',
    routing: '',
  };
}

/** A channel id filter: a positive integer, else 0 (any channel). */
export function channelFilterValue(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : 0;
}

/**
 * Query parameters of the log list and stat calls. Ordinary users' calls carry neither username
 * nor channel (their endpoints are scoped to their own rows); `limit_refusal`, `cache_hit=1` and
 * `fallback=1` (Tollgate's) only when chosen, so the calls stay new-api's otherwise.
 */
export function logFilterParams(
  filters: LogFilters,
  admin: boolean,
): Record<string, string | number> {
  const params: Record<string, string | number> = {
    type: filters.type,
    token_name: filters.tokenName.trim(),
    model_name: filters.modelName.trim(),
    start_timestamp: filters.startTimestamp,
    end_timestamp: filters.endTimestamp,
    group: filters.group.trim(),
  };
  if (admin) {
    params.username = filters.username.trim();
    params.channel = channelFilterValue(filters.channel);
  }
  if (filters.limitRefusal !== '') params.limit_refusal = filters.limitRefusal;
  if (filters.routing === 'cacheHit') params.cache_hit = 1;
  if (filters.routing === 'fallback') params.fallback = 1;
  return params;
}
