import { describe, expect, it } from 'vitest';
import {
  MetricsRegistry,
  isMetricsSnapshot,
  mergeSnapshots,
  renderSnapshot,
  type MetricsSnapshot,
} from './metrics-registry.js';

function smallRegistry(): MetricsRegistry {
  const registry = new MetricsRegistry();
  const requests = registry.counter('app_requests_total', 'Requests answered.', [
    'route',
    'status',
  ]);
  requests.labels('chat', '200').inc(3);
  requests.labels('chat', '429').inc();
  requests.labels('say "hi"\\now\nplease', '200').inc(0.5);
  registry.gauge('app_in_flight', 'Calls in progress.\nLine two with a \\ backslash.').inc(2);
  const latency = registry.histogram('app_latency_seconds', 'Latency.', ['route'], [0.1, 1, 2.5]);
  latency.labels('chat').observe(0.1);
  latency.labels('chat').observe(0.75);
  latency.labels('chat').observe(5);
  registry.histogram('app_size_bytes', 'Sizes.', [], [1024]).observe(10);
  return registry;
}

const EXPECTED = `# HELP app_requests_total Requests answered.
# TYPE app_requests_total counter
app_requests_total{route="chat",status="200"} 3
app_requests_total{route="chat",status="429"} 1
app_requests_total{route="say \\"hi\\"\\\\now\\nplease",status="200"} 0.5
# HELP app_in_flight Calls in progress.\\nLine two with a \\\\ backslash.
# TYPE app_in_flight gauge
app_in_flight 2
# HELP app_latency_seconds Latency.
# TYPE app_latency_seconds histogram
app_latency_seconds_bucket{route="chat",le="0.1"} 1
app_latency_seconds_bucket{route="chat",le="1"} 2
app_latency_seconds_bucket{route="chat",le="2.5"} 2
app_latency_seconds_bucket{route="chat",le="+Inf"} 3
app_latency_seconds_sum{route="chat"} 5.85
app_latency_seconds_count{route="chat"} 3
# HELP app_size_bytes Sizes.
# TYPE app_size_bytes histogram
app_size_bytes_bucket{le="1024"} 1
app_size_bytes_bucket{le="+Inf"} 1
app_size_bytes_sum 10
app_size_bytes_count 1
`;

describe('metrics registry', () => {
  it('renders the Prometheus text format exactly', () => {
    expect(smallRegistry().render()).toBe(EXPECTED);
  });

  it('renders exactly what renderSnapshot makes of its snapshot', () => {
    const registry = smallRegistry();
    expect(registry.render()).toBe(renderSnapshot(registry.snapshot()));
    expect(renderSnapshot(JSON.parse(JSON.stringify(registry.snapshot())))).toBe(EXPECTED);
  });

  it('renders special values and labelled metrics without series', () => {
    const registry = new MetricsRegistry();
    registry.gauge('app_up', 'x').set(Infinity);
    registry.gauge('app_down', 'x').set(-Infinity);
    registry.gauge('app_unknown', 'x').set(Number.NaN);
    registry.gauge('app_tiny', 'x').set(1e-7);
    registry.counter('app_unused_total', 'x', ['route']);
    expect(registry.render()).toBe(
      [
        '# HELP app_up x',
        '# TYPE app_up gauge',
        'app_up +Inf',
        '# HELP app_down x',
        '# TYPE app_down gauge',
        'app_down -Inf',
        '# HELP app_unknown x',
        '# TYPE app_unknown gauge',
        'app_unknown NaN',
        '# HELP app_tiny x',
        '# TYPE app_tiny gauge',
        'app_tiny 1e-7',
        '# HELP app_unused_total x',
        '# TYPE app_unused_total counter',
        '',
      ].join('\n'),
    );
    expect(new MetricsRegistry().render()).toBe('');
  });

  it('refuses duplicate and colliding names', () => {
    const registry = new MetricsRegistry();
    registry.counter('app_total', 'x');
    registry.histogram('app_latency', 'x', [], [1]);
    expect(() => registry.gauge('app_total', 'x')).toThrow(/collides/);
    expect(() => registry.counter('app_latency_count', 'x')).toThrow(/collides/);
    expect(() => registry.histogram('app', 'x', [], [1])).not.toThrow();
    expect(() => registry.counter('app_sum', 'x')).toThrow(/collides/);
    // A metric rejected for its own definition reserves nothing.
    expect(() => registry.counter('app_bad', 'x', ['bad-label'])).toThrow(/Invalid label/);
    expect(() => registry.counter('app_bad', 'x')).not.toThrow();
  });

  it('types label values by the label names given', () => {
    const registry = new MetricsRegistry();
    const requests = registry.counter('app_requests_total', 'x', ['route', 'status']);
    const latency = registry.histogram('app_latency_seconds', 'x', ['route'], [1]);
    const level = registry.gauge('app_level', 'x');
    // @ts-expect-error the counter has two labels
    expect(() => requests.labels('chat')).toThrow(/takes 2 label values/);
    // @ts-expect-error the histogram has one label
    expect(() => latency.labels('chat', '200')).toThrow(/takes 1 label values/);
    // @ts-expect-error the gauge has no labels
    expect(() => level.labels('x')).toThrow(/takes 0 label values/);
    expect(requests.labels('chat', '200')).toBe(requests.labels('chat', '200'));
  });

  it('runs collectors before each snapshot', () => {
    const registry = new MetricsRegistry();
    const gauge = registry.gauge('app_reading', 'x');
    let reading = 1;
    registry.onCollect(() => gauge.set(reading));
    expect(registry.snapshot().metrics[0]).toMatchObject({ samples: [{ value: 1 }] });
    reading = 42;
    expect(registry.render()).toContain('app_reading 42\n');
  });

  it('merges worker snapshots into sums per identical label set', () => {
    const workerA = smallRegistry();
    const workerB = new MetricsRegistry();
    const requests = workerB.counter('app_requests_total', 'Requests answered.', [
      'route',
      'status',
    ]);
    requests.labels('chat', '200').inc(4);
    requests.labels('embeddings', '200').inc();
    workerB.gauge('app_in_flight', 'Calls in progress.\nLine two with a \\ backslash.').set(5);
    const latency = workerB.histogram('app_latency_seconds', 'Latency.', ['route'], [0.1, 1, 2.5]);
    latency.labels('chat').observe(2);
    latency.labels('models').observe(0.05);
    workerB.counter('app_only_b_total', 'Only in B.').inc(7);

    const snapshotA = workerA.snapshot();
    const before = JSON.stringify(snapshotA);
    const merged = mergeSnapshots([snapshotA, workerB.snapshot()]);
    expect(JSON.stringify(snapshotA)).toBe(before); // inputs untouched

    const text = renderSnapshot(merged);
    expect(text).toContain('app_requests_total{route="chat",status="200"} 7\n');
    expect(text).toContain('app_requests_total{route="chat",status="429"} 1\n');
    expect(text).toContain('app_requests_total{route="embeddings",status="200"} 1\n');
    expect(text).toContain('\napp_in_flight 7\n');
    expect(text).toContain(
      [
        'app_latency_seconds_bucket{route="chat",le="0.1"} 1',
        'app_latency_seconds_bucket{route="chat",le="1"} 2',
        'app_latency_seconds_bucket{route="chat",le="2.5"} 3',
        'app_latency_seconds_bucket{route="chat",le="+Inf"} 4',
        'app_latency_seconds_sum{route="chat"} 7.85',
        'app_latency_seconds_count{route="chat"} 4',
        'app_latency_seconds_bucket{route="models",le="0.1"} 1',
      ].join('\n'),
    );
    expect(text).toContain('app_size_bytes_count 1\n');
    expect(text).toMatch(/# TYPE app_only_b_total counter\napp_only_b_total 7\n$/);
    // Series order: first appearance, worker A's before worker B's new ones.
    expect(text.indexOf('status="429"')).toBeLessThan(text.indexOf('route="embeddings"'));
    expect(renderSnapshot(mergeSnapshots([snapshotA]))).toBe(workerA.render());
  });

  it('combines gauges by their aggregation', () => {
    const snapshots = [3, 1, 2].map((value) => {
      const registry = new MetricsRegistry();
      registry.gauge('app_started', 'x', [], { aggregation: 'min' }).set(value);
      registry.gauge('app_peak', 'x', [], { aggregation: 'max' }).set(value);
      return registry.snapshot();
    });
    const text = renderSnapshot(mergeSnapshots(snapshots));
    expect(text).toContain('app_started 1\n');
    expect(text).toContain('app_peak 3\n');
  });

  it('refuses to merge metrics that differ in definition', () => {
    const counter = new MetricsRegistry();
    counter.counter('app_x', 'x', ['route']);
    const gauge = new MetricsRegistry();
    gauge.gauge('app_x', 'x', ['route']);
    const otherLabels = new MetricsRegistry();
    otherLabels.counter('app_x', 'x', ['model']);
    const histogramA = new MetricsRegistry();
    histogramA.histogram('app_h', 'x', [], [1, 2]);
    const histogramB = new MetricsRegistry();
    histogramB.histogram('app_h', 'x', [], [1, 3]);
    expect(() => mergeSnapshots([counter.snapshot(), gauge.snapshot()])).toThrow(/differs/);
    expect(() => mergeSnapshots([counter.snapshot(), otherLabels.snapshot()])).toThrow(/differs/);
    expect(() => mergeSnapshots([histogramA.snapshot(), histogramB.snapshot()])).toThrow(
      /different buckets/,
    );
  });

  it('recognises a snapshot that went through JSON and rejects malformed ones', () => {
    const snapshot: unknown = JSON.parse(JSON.stringify(smallRegistry().snapshot()));
    expect(isMetricsSnapshot(snapshot)).toBe(true);
    const broken = (change: (copy: MetricsSnapshot) => void) => {
      const copy = structuredClone(snapshot) as MetricsSnapshot;
      change(copy);
      return copy;
    };
    expect(isMetricsSnapshot(null)).toBe(false);
    expect(isMetricsSnapshot({ metrics: 'x' })).toBe(false);
    expect(isMetricsSnapshot(broken((copy) => (copy.metrics[0].samples.length = 0)))).toBe(true);
    expect(
      isMetricsSnapshot(broken((copy) => (copy.metrics[0].samples[0].labelValues = ['chat']))),
    ).toBe(false);
    expect(
      isMetricsSnapshot(
        broken((copy) => Object.assign(copy.metrics[1].samples[0], { value: null })),
      ),
    ).toBe(false);
    expect(
      isMetricsSnapshot(
        broken((copy) => Object.assign(copy.metrics[2].samples[0], { bucketCounts: [1] })),
      ),
    ).toBe(false);
    expect(isMetricsSnapshot(broken((copy) => Object.assign(copy.metrics[0], { type: 'x' })))).toBe(
      false,
    );
  });
});
