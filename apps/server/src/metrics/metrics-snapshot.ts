import type { GaugeAggregation } from './metric-types.js';

/**
 * Plain, JSON-serialisable copies of a registry's values. Worker processes of one server send
 * these to the process that answers `GET /metrics`, which merges them into one exposition.
 * JSON carries no Infinity or NaN: a gauge set to one of those arrives as null and the snapshot
 * fails `isMetricsSnapshot` (send snapshots with the IPC 'advanced' serialization to keep them).
 */
export interface MetricsSnapshot {
  /** In registration order. */
  metrics: MetricSnapshot[];
}

export type MetricSnapshot = CounterSnapshot | GaugeSnapshot | HistogramSnapshot;

interface MetricSnapshotBase {
  name: string;
  help: string;
  labelNames: string[];
}

/** The value of one counter or gauge series. */
export interface ValueSample {
  /** One value per label name, in the same order. */
  labelValues: string[];
  value: number;
}

export interface CounterSnapshot extends MetricSnapshotBase {
  type: 'counter';
  /** In creation order. */
  samples: ValueSample[];
}

export interface GaugeSnapshot extends MetricSnapshotBase {
  type: 'gauge';
  aggregation: GaugeAggregation;
  samples: ValueSample[];
}

/** One histogram series. */
export interface HistogramSample {
  labelValues: string[];
  /** Cumulative counts, one per bucket bound; the `+Inf` bucket is `count`. */
  bucketCounts: number[];
  sum: number;
  count: number;
}

export interface HistogramSnapshot extends MetricSnapshotBase {
  type: 'histogram';
  /** Finite upper bounds, ascending; `+Inf` is implied. */
  buckets: number[];
  samples: HistogramSample[];
}

/**
 * Adds up several snapshots (the workers of one server): counters, histogram buckets, sums and
 * counts add per identical label set, gauges combine by their aggregation. Metrics and series keep
 * the order in which they first appear. A metric whose type, label names or buckets differ between
 * snapshots is an error (workers running different versions). The inputs are not modified.
 */
export function mergeSnapshots(snapshots: readonly MetricsSnapshot[]): MetricsSnapshot {
  const merged = new Map<string, MetricSnapshot>();
  for (const snapshot of snapshots) {
    for (const metric of snapshot.metrics) {
      const existing = merged.get(metric.name);
      if (existing === undefined) merged.set(metric.name, copyMetric(metric));
      else mergeInto(existing, metric);
    }
  }
  return { metrics: [...merged.values()] };
}

function copyMetric(metric: MetricSnapshot): MetricSnapshot {
  const labelNames = [...metric.labelNames];
  switch (metric.type) {
    case 'counter':
      return { ...metric, labelNames, samples: metric.samples.map(copyValueSample) };
    case 'gauge':
      return { ...metric, labelNames, samples: metric.samples.map(copyValueSample) };
    case 'histogram':
      return {
        ...metric,
        labelNames,
        buckets: [...metric.buckets],
        samples: metric.samples.map(copyHistogramSample),
      };
  }
}

function copyValueSample(sample: ValueSample): ValueSample {
  return { labelValues: [...sample.labelValues], value: sample.value };
}

function copyHistogramSample(sample: HistogramSample): HistogramSample {
  return {
    labelValues: [...sample.labelValues],
    bucketCounts: [...sample.bucketCounts],
    sum: sample.sum,
    count: sample.count,
  };
}

function mergeInto(target: MetricSnapshot, source: MetricSnapshot): void {
  if (target.type !== source.type || !sameList(target.labelNames, source.labelNames)) {
    throw new Error(`Metric ${target.name} differs between snapshots (type or label names)`);
  }
  // The types are equal from here on, so the casts only tell the compiler what was checked.
  if (target.type === 'histogram') mergeHistogram(target, source as HistogramSnapshot);
  else mergeValues(target, source as CounterSnapshot | GaugeSnapshot);
}

function mergeHistogram(target: HistogramSnapshot, source: HistogramSnapshot): void {
  if (!sameList(target.buckets, source.buckets)) {
    throw new Error(`Histogram ${target.name} has different buckets between snapshots`);
  }
  const byLabels = indexSamples(target.samples);
  for (const sample of source.samples) {
    const existing = byLabels.get(labelKey(sample.labelValues));
    if (existing === undefined) {
      const copy = copyHistogramSample(sample);
      target.samples.push(copy);
      byLabels.set(labelKey(copy.labelValues), copy);
      continue;
    }
    sample.bucketCounts.forEach((count, index) => (existing.bucketCounts[index] += count));
    existing.sum += sample.sum;
    existing.count += sample.count;
  }
}

function mergeValues(
  target: CounterSnapshot | GaugeSnapshot,
  source: CounterSnapshot | GaugeSnapshot,
): void {
  const combine = target.type === 'gauge' ? combiner(target.aggregation) : add;
  const byLabels = indexSamples(target.samples);
  for (const sample of source.samples) {
    const existing = byLabels.get(labelKey(sample.labelValues));
    if (existing === undefined) {
      const copy = copyValueSample(sample);
      target.samples.push(copy);
      byLabels.set(labelKey(copy.labelValues), copy);
    } else {
      existing.value = combine(existing.value, sample.value);
    }
  }
}

function add(left: number, right: number): number {
  return left + right;
}

function combiner(aggregation: GaugeAggregation): (left: number, right: number) => number {
  if (aggregation === 'min') return Math.min;
  if (aggregation === 'max') return Math.max;
  return add;
}

function indexSamples<Sample extends { labelValues: string[] }>(
  samples: Sample[],
): Map<string, Sample> {
  return new Map(samples.map((sample) => [labelKey(sample.labelValues), sample]));
}

// Merging is not on the recording path, so a joined key is fine here; JSON keeps values that
// contain any separator apart.
function labelKey(labelValues: readonly string[]): string {
  return JSON.stringify(labelValues);
}

function sameList<Item>(left: readonly Item[], right: readonly Item[]): boolean {
  return left.length === right.length && left.every((item, index) => item === right[index]);
}

/**
 * Shape check for a snapshot that arrived from another process (after JSON or IPC), so a malformed
 * message is dropped instead of breaking the exposition.
 */
export function isMetricsSnapshot(value: unknown): value is MetricsSnapshot {
  if (!isRecord(value) || !Array.isArray(value.metrics)) return false;
  return value.metrics.every(isMetricSnapshot);
}

function isMetricSnapshot(value: unknown): boolean {
  if (!isRecord(value)) return false;
  if (typeof value.name !== 'string' || typeof value.help !== 'string') return false;
  if (!isStringList(value.labelNames) || !Array.isArray(value.samples)) return false;
  const width = value.labelNames.length;
  const labelsFit = (sample: Record<string, unknown>) =>
    isStringList(sample.labelValues) && sample.labelValues.length === width;
  switch (value.type) {
    case 'counter':
      return value.samples.every(
        (sample) => isRecord(sample) && labelsFit(sample) && typeof sample.value === 'number',
      );
    case 'gauge':
      if (
        value.aggregation !== 'sum' &&
        value.aggregation !== 'min' &&
        value.aggregation !== 'max'
      ) {
        return false;
      }
      return value.samples.every(
        (sample) => isRecord(sample) && labelsFit(sample) && typeof sample.value === 'number',
      );
    case 'histogram': {
      if (!isNumberList(value.buckets)) return false;
      const bucketCount = value.buckets.length;
      return value.samples.every(
        (sample) =>
          isRecord(sample) &&
          labelsFit(sample) &&
          isNumberList(sample.bucketCounts) &&
          sample.bucketCounts.length === bucketCount &&
          typeof sample.sum === 'number' &&
          typeof sample.count === 'number',
      );
    }
    default:
      return false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isNumberList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'number');
}
