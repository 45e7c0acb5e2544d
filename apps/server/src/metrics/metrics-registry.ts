import {
  Counter,
  Gauge,
  Histogram,
  type AnyMetric,
  type GaugeAggregation,
  type HistogramChild,
  type LabelledChild,
} from './metric-types.js';
import type { HistogramSnapshot, MetricSnapshot, MetricsSnapshot } from './metrics-snapshot.js';
import { renderSnapshot } from './text-exposition.js';

export { isMetricsSnapshot, mergeSnapshots } from './metrics-snapshot.js';
export type { MetricsSnapshot } from './metrics-snapshot.js';
export { PROMETHEUS_CONTENT_TYPE, renderSnapshot } from './text-exposition.js';

/** Options of a gauge. */
export interface GaugeOptions {
  /** How merging worker snapshots combines the gauge (default: sum). */
  aggregation?: GaugeAggregation;
}

/**
 * The metrics of one process. Creates and owns them, refuses duplicate names, and exposes their
 * values as a snapshot or as Prometheus text, in registration order.
 */
export class MetricsRegistry {
  private readonly metrics: AnyMetric[] = [];
  // Every sample name in use, including a histogram's _bucket/_sum/_count, so two metrics can
  // never emit the same series name.
  private readonly sampleNames = new Set<string>();
  private readonly collectors: Array<() => void> = [];

  counter<const Names extends readonly string[] = readonly []>(
    name: string,
    help: string,
    labelNames: Names = [] as unknown as Names,
  ): Counter<Names> {
    return this.add(new Counter(name, help, labelNames));
  }

  gauge<const Names extends readonly string[] = readonly []>(
    name: string,
    help: string,
    labelNames: Names = [] as unknown as Names,
    options: GaugeOptions = {},
  ): Gauge<Names> {
    return this.add(new Gauge(name, help, labelNames, options.aggregation));
  }

  /** `buckets`: finite upper bounds, strictly ascending; `+Inf` is added implicitly. */
  histogram<const Names extends readonly string[]>(
    name: string,
    help: string,
    labelNames: Names,
    buckets: readonly number[],
  ): Histogram<Names> {
    return this.add(new Histogram(name, help, labelNames, buckets));
  }

  /**
   * Runs `collector` right before every snapshot (and so every render): for values read from
   * elsewhere, such as process memory, which would cost a timer to keep current.
   */
  onCollect(collector: () => void): void {
    this.collectors.push(collector);
  }

  /** Every metric and series value, as plain data (see `mergeSnapshots`, `renderSnapshot`). */
  snapshot(): MetricsSnapshot {
    for (const collect of this.collectors) collect();
    return { metrics: this.metrics.map(snapshotMetric) };
  }

  /** The Prometheus text exposition; always equal to `renderSnapshot(this.snapshot())`. */
  render(): string {
    return renderSnapshot(this.snapshot());
  }

  private add<Metric extends AnyMetric>(metric: Metric): Metric {
    const names =
      metric.type === 'histogram'
        ? [metric.name, `${metric.name}_bucket`, `${metric.name}_sum`, `${metric.name}_count`]
        : [metric.name];
    for (const name of names) {
      if (this.sampleNames.has(name)) {
        throw new Error(`Metric name ${metric.name} collides with a metric already registered`);
      }
    }
    for (const name of names) this.sampleNames.add(name);
    this.metrics.push(metric);
    return metric;
  }
}

function snapshotMetric(metric: AnyMetric): MetricSnapshot {
  const base = { name: metric.name, help: metric.help, labelNames: [...metric.labelNames] };
  switch (metric.type) {
    case 'counter':
      return { ...base, type: 'counter', samples: metric.children.map(valueSample) };
    case 'gauge':
      return {
        ...base,
        type: 'gauge',
        aggregation: metric.aggregation,
        samples: metric.children.map(valueSample),
      };
    case 'histogram':
      return snapshotHistogram(base, metric.buckets, metric.children);
  }
}

function valueSample({ labelValues, child }: LabelledChild<{ readonly value: number }>) {
  return { labelValues: [...labelValues], value: child.value };
}

function snapshotHistogram(
  base: Pick<HistogramSnapshot, 'name' | 'help' | 'labelNames'>,
  buckets: readonly number[],
  children: readonly LabelledChild<HistogramChild>[],
): HistogramSnapshot {
  return {
    ...base,
    type: 'histogram',
    buckets: [...buckets],
    samples: children.map(({ labelValues, child }) => ({
      labelValues: [...labelValues],
      bucketCounts: child.cumulativeCounts(),
      sum: child.sum,
      count: child.count,
    })),
  };
}
