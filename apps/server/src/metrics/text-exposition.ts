import type { MetricsSnapshot } from './metrics-snapshot.js';

/** The Content-Type of `GET /metrics` (Prometheus text exposition format 0.0.4). */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * Renders a snapshot in the Prometheus text format 0.0.4: `# HELP` and `# TYPE` per metric, then
 * its samples; histograms as cumulative `_bucket{le="…"}` (ending with `le="+Inf"`), `_sum` and
 * `_count`. The output follows the snapshot's order, so the same values always render the same.
 */
export function renderSnapshot(snapshot: MetricsSnapshot): string {
  const lines: string[] = [];
  for (const metric of snapshot.metrics) {
    lines.push(`# HELP ${metric.name} ${escapeHelp(metric.help)}`);
    lines.push(`# TYPE ${metric.name} ${metric.type}`);
    if (metric.type !== 'histogram') {
      for (const sample of metric.samples) {
        const labels = labelPairs(metric.labelNames, sample.labelValues);
        lines.push(`${metric.name}${wrap(labels)} ${formatNumber(sample.value)}`);
      }
      continue;
    }
    for (const sample of metric.samples) {
      const labels = labelPairs(metric.labelNames, sample.labelValues);
      const prefix = labels === '' ? '' : `${labels},`;
      metric.buckets.forEach((bound, index) => {
        const le = `le="${formatNumber(bound)}"`;
        lines.push(
          `${metric.name}_bucket{${prefix}${le}} ${formatNumber(sample.bucketCounts[index])}`,
        );
      });
      lines.push(`${metric.name}_bucket{${prefix}le="+Inf"} ${formatNumber(sample.count)}`);
      lines.push(`${metric.name}_sum${wrap(labels)} ${formatNumber(sample.sum)}`);
      lines.push(`${metric.name}_count${wrap(labels)} ${formatNumber(sample.count)}`);
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** A sample value or bound as Prometheus parses it: `+Inf`, `-Inf`, `NaN`, else JavaScript's form. */
export function formatNumber(value: number): string {
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  // String() already prints integers without a fraction and floats in the shortest exact form
  // (exponents as `1e-7` / `1e+21`, which Prometheus' float parser reads).
  return String(value);
}

/** Escapes a label value: backslash, double quote and line feed. */
export function escapeLabelValue(value: string): string {
  return value.replace(/[\\"\n]/g, (character) => (character === '\n' ? '\\n' : `\\${character}`));
}

// Help text escapes backslash and line feed only; quotes stay as they are.
function escapeHelp(help: string): string {
  return help.replace(/[\\\n]/g, (character) => (character === '\n' ? '\\n' : '\\\\'));
}

function labelPairs(names: readonly string[], values: readonly string[]): string {
  return names.map((name, index) => `${name}="${escapeLabelValue(values[index])}"`).join(',');
}

function wrap(labels: string): string {
  return labels === '' ? '' : `{${labels}}`;
}
