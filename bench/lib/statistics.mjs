// Percentiles and summaries of latency samples (milliseconds, microsecond precision).

/** The value below which `fraction` of the sorted samples fall (nearest rank). */
export function percentile(sorted, fraction) {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank];
}

export function median(values) {
  const finite = values.filter((value) => typeof value === 'number' && Number.isFinite(value));
  if (finite.length === 0) return null;
  const sorted = [...finite].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function roundTo(value, digits) {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** p50/p90/p99/max/mean of a list of samples in ms, rounded to microseconds. */
export function summarize(samples) {
  const sorted = Float64Array.from(samples).sort();
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    p50: roundTo(percentile(sorted, 0.5), 3),
    p90: roundTo(percentile(sorted, 0.9), 3),
    p99: roundTo(percentile(sorted, 0.99), 3),
    max: roundTo(sorted.length ? sorted[sorted.length - 1] : null, 3),
    mean: roundTo(sorted.length ? total / sorted.length : null, 3),
  };
}
