/** How far away a limit's reset is, in the largest whole unit that fits (at least one second). */
export interface ResetDistance {
  unit: 'seconds' | 'minutes' | 'hours' | 'days';
  count: number;
}

/**
 * The distance from `nowSeconds` to `resetAt` (unix seconds), rounded up so that "in 1 min" never
 * shows for a window that has 61 s left; undefined when there is no reset (0, concurrency) or it has
 * passed (the next read shows the new window).
 */
export function resetDistance(resetAt: number, nowSeconds: number): ResetDistance | undefined {
  const left = resetAt - nowSeconds;
  if (resetAt <= 0 || left <= 0) return undefined;
  if (left < 60) return { unit: 'seconds', count: Math.ceil(left) };
  if (left < 3600) return { unit: 'minutes', count: Math.ceil(left / 60) };
  if (left < 86400) return { unit: 'hours', count: Math.ceil(left / 3600) };
  return { unit: 'days', count: Math.ceil(left / 86400) };
}

/** Share of a limit used, 0–100 (a limit of 0 counts as full). */
export function usedPercent(used: number, max: number): number {
  if (max <= 0) return 100;
  return Math.min(100, Math.max(0, (used / max) * 100));
}
