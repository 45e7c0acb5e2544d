/**
 * Renders quota in log messages the way new-api does: in dollars when the site displays currency,
 * else as raw points.
 */
export function formatQuota(
  quota: number,
  quotaPerUnit: number,
  displayInCurrency: boolean,
): string {
  if (displayInCurrency && quotaPerUnit > 0) return `＄${(quota / quotaPerUnit).toFixed(6)} 额度`;
  return `${quota} 点额度`;
}
