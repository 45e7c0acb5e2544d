import type { QuotaDataEntry } from '@tollgate/contracts';
import { bucketLabel, bucketRange, bucketStart, type Granularity } from './time-buckets';

/** What a chart measures: quota spent, tokens used, or calls made. */
export type Metric = 'quota' | 'token_used' | 'count';
export const metrics: readonly Metric[] = ['quota', 'token_used', 'count'];

export interface DashboardTotals {
  quota: number;
  tokens: number;
  count: number;
  /** Calls answered by the response cache. */
  cacheHits: number;
  /** Quota the response cache hits did not charge. */
  cacheSavedQuota: number;
}

/** Sums of the rows. */
export function sumRows(rows: readonly QuotaDataEntry[]): DashboardTotals {
  return rows.reduce(
    (sum, row) => ({
      quota: sum.quota + row.quota,
      tokens: sum.tokens + row.token_used,
      count: sum.count + row.count,
      cacheHits: sum.cacheHits + row.cache_hits,
      cacheSavedQuota: sum.cacheSavedQuota + row.cache_saved_quota,
    }),
    { quota: 0, tokens: 0, count: 0, cacheHits: 0, cacheSavedQuota: 0 },
  );
}

/** Share of the calls the response cache answered, 0..1 (0 without calls). */
export function cacheHitRate(totals: Pick<DashboardTotals, 'count' | 'cacheHits'>): number {
  return totals.count > 0 ? Math.min(1, totals.cacheHits / totals.count) : 0;
}

/** Average per minute of a total over [start, end] (RPM from calls, TPM from tokens). */
export function perMinute(total: number, start: number, end: number): number {
  const minutes = (end - start) / 60;
  return minutes > 0 ? total / minutes : 0;
}

/** One line/bar series per model, aligned with `labels`. */
export interface TimeSeries {
  buckets: number[];
  labels: string[];
  series: { name: string; values: number[] }[];
}

/**
 * Regroups hourly rows into buckets per model. With a range, every bucket of it is present (zero
 * when empty) unless that would be too many; otherwise only buckets with data. Models are ordered
 * by their total, largest first, so the biggest consumer is at the bottom of a stacked bar.
 */
export function buildTimeSeries(
  rows: readonly QuotaDataEntry[],
  metric: Metric,
  granularity: Granularity,
  range?: { start: number; end: number },
): TimeSeries {
  const byModel = new Map<string, Map<number, number>>();
  const seen = new Set<number>();
  for (const row of rows) {
    const bucket = bucketStart(row.created_at, granularity);
    seen.add(bucket);
    const values = byModel.get(row.model_name) ?? new Map<number, number>();
    values.set(bucket, (values.get(bucket) ?? 0) + row[metric]);
    byModel.set(row.model_name, values);
  }
  const filled = range ? bucketRange(range.start, range.end, granularity) : null;
  const buckets = filled ?? [...seen].sort((left, right) => left - right);
  const series = [...byModel.entries()]
    .map(([name, values]) => ({
      name,
      values: buckets.map((bucket) => values.get(bucket) ?? 0),
      total: [...values.values()].reduce((sum, value) => sum + value, 0),
    }))
    .sort((left, right) => right.total - left.total || (left.name < right.name ? -1 : 1))
    .map(({ name, values }) => ({ name, values }));
  return {
    buckets,
    labels: buckets.map((bucket) => bucketLabel(bucket, granularity)),
    series,
  };
}

/** Each model's share of a metric, largest first; models with nothing are left out. */
export function modelShares(
  rows: readonly QuotaDataEntry[],
  metric: Metric,
): { name: string; value: number }[] {
  const totals = new Map<string, number>();
  for (const row of rows)
    totals.set(row.model_name, (totals.get(row.model_name) ?? 0) + row[metric]);
  return [...totals.entries()]
    .filter(([, value]) => value > 0)
    .map(([name, value]) => ({ name, value }))
    .sort((left, right) => right.value - left.value || (left.name < right.name ? -1 : 1));
}
