import type { QuotaDataEntry } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { buildTimeSeries, cacheHitRate, modelShares, perMinute, sumRows } from './dashboard-data';

const local = (day: number, hour: number) =>
  Math.floor(new Date(2025, 0, day, hour).getTime() / 1000);

function row(
  model: string,
  day: number,
  hour: number,
  quota: number,
  tokens: number,
  count: number,
  cache: { hits: number; saved: number } = { hits: 0, saved: 0 },
): QuotaDataEntry {
  return {
    id: 0,
    user_id: 1,
    username: 'alice',
    model_name: model,
    created_at: local(day, hour),
    quota,
    token_used: tokens,
    count,
    cache_hits: cache.hits,
    cache_saved_quota: cache.saved,
  };
}

const rows = [
  row('gpt-4o', 15, 10, 100, 1000, 2),
  row('gpt-4o', 15, 11, 50, 500, 1),
  row('claude-3', 15, 10, 400, 300, 1),
  row('gpt-4o', 16, 9, 10, 100, 1),
];

describe('dashboard data', () => {
  it('sums quota, tokens and calls', () => {
    const none = { cacheHits: 0, cacheSavedQuota: 0 };
    expect(sumRows(rows)).toEqual({ quota: 560, tokens: 1900, count: 5, ...none });
    expect(sumRows([])).toEqual({ quota: 0, tokens: 0, count: 0, ...none });
  });

  it('sums the response cache hits and the quota they saved, and rates the hits', () => {
    const withHits = [
      ...rows,
      row('gpt-4o', 16, 10, 5, 200, 3, { hits: 2, saved: 120 }),
      row('claude-3', 16, 10, 0, 100, 2, { hits: 1, saved: 80 }),
    ];
    const totals = sumRows(withHits);
    expect(totals).toMatchObject({ count: 10, cacheHits: 3, cacheSavedQuota: 200 });
    expect(cacheHitRate(totals)).toBeCloseTo(0.3);
    expect(cacheHitRate(sumRows(rows))).toBe(0);
    expect(cacheHitRate(sumRows([]))).toBe(0);
  });

  it('averages per minute over the range', () => {
    expect(perMinute(120, 0, 3600)).toBe(2);
    expect(perMinute(5, 100, 100)).toBe(0);
  });

  it('regroups hours into days per model, largest model first', () => {
    const series = buildTimeSeries(rows, 'quota', 'day');
    expect(series.labels).toEqual(['01-15', '01-16']);
    expect(series.series).toEqual([
      { name: 'claude-3', values: [400, 0] },
      { name: 'gpt-4o', values: [150, 10] },
    ]);
    expect(buildTimeSeries(rows, 'count', 'day').series[0]).toEqual({
      name: 'gpt-4o',
      values: [3, 1],
    });
  });

  it('fills every bucket of the range with zeros', () => {
    const series = buildTimeSeries(rows, 'token_used', 'hour', {
      start: local(15, 9),
      end: local(15, 12),
    });
    expect(series.labels).toEqual(['01-15 09:00', '01-15 10:00', '01-15 11:00', '01-15 12:00']);
    expect(series.series.find((entry) => entry.name === 'gpt-4o')?.values).toEqual([
      0, 1000, 500, 0,
    ]);
  });

  it('gives each model its share', () => {
    expect(modelShares(rows, 'count')).toEqual([
      { name: 'gpt-4o', value: 4 },
      { name: 'claude-3', value: 1 },
    ]);
    expect(modelShares([row('idle', 15, 1, 0, 0, 0)], 'quota')).toEqual([]);
  });
});
