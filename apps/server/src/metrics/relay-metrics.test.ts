import { describe, expect, it } from 'vitest';
import { createGatewayMetrics } from './gateway-metrics.js';
import { MetricsRegistry, mergeSnapshots, renderSnapshot } from './metrics-registry.js';
import { registerProcessMetrics, type ProcessReading } from './process-metrics.js';
import { NO_RELAY_METRICS, RelayMetrics } from './relay-metrics.js';

function sampleLines(text: string, prefix: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(prefix));
}

describe('relay metrics', () => {
  it('records a call under the gateway metric names', () => {
    const registry = new MetricsRegistry();
    const metrics = new RelayMetrics(registry);
    metrics.callStarted();
    metrics.callStarted();
    metrics.streamStarted();
    metrics.upstreamAnswered(7, 0.3);
    metrics.firstByte('chat', 0.4);
    metrics.charged('gpt-4o', 120, 30, 2.5);
    metrics.requestFinished('chat', 200, 1.2);
    metrics.requestFinished('chat', 200, 0.004);
    metrics.requestFinished('chat', 429, 0.01);
    metrics.upstreamFailed(7, 502);
    metrics.upstreamFailed(8, 0);
    metrics.streamEnded();
    metrics.callEnded();

    const text = registry.render();
    expect(sampleLines(text, 'tollgate_relay_requests_total')).toEqual([
      'tollgate_relay_requests_total{route="chat",status="200"} 2',
      'tollgate_relay_requests_total{route="chat",status="429"} 1',
    ]);
    expect(text).toContain(
      'tollgate_relay_request_duration_seconds_bucket{route="chat",le="0.005"} 1\n',
    );
    expect(text).toContain(
      'tollgate_relay_request_duration_seconds_bucket{route="chat",le="0.01"} 2\n',
    );
    expect(text).toContain(
      'tollgate_relay_request_duration_seconds_bucket{route="chat",le="1"} 2\n',
    );
    expect(text).toContain(
      'tollgate_relay_request_duration_seconds_bucket{route="chat",le="2.5"} 3\n',
    );
    expect(text).toContain(
      'tollgate_relay_request_duration_seconds_bucket{route="chat",le="120"} 3\n',
    );
    expect(text).toContain('tollgate_relay_request_duration_seconds_count{route="chat"} 3\n');
    expect(text).toContain(
      'tollgate_relay_time_to_first_byte_seconds_bucket{route="chat",le="0.5"} 1\n',
    );
    expect(text).toContain('tollgate_upstream_duration_seconds_bucket{channel="7",le="0.25"} 0\n');
    expect(text).toContain('tollgate_upstream_duration_seconds_bucket{channel="7",le="0.5"} 1\n');
    expect(sampleLines(text, 'tollgate_upstream_errors_total')).toEqual([
      'tollgate_upstream_errors_total{channel="7",status="502"} 1',
      'tollgate_upstream_errors_total{channel="8",status="0"} 1',
    ]);
    expect(sampleLines(text, 'tollgate_tokens_total')).toEqual([
      'tollgate_tokens_total{model="gpt-4o",kind="prompt"} 120',
      'tollgate_tokens_total{model="gpt-4o",kind="completion"} 30',
    ]);
    expect(sampleLines(text, 'tollgate_quota_charged_total')).toEqual([
      'tollgate_quota_charged_total{model="gpt-4o"} 2.5',
    ]);
    expect(sampleLines(text, 'tollgate_relay_in_flight')).toEqual(['tollgate_relay_in_flight 1']);
    expect(sampleLines(text, 'tollgate_streams_in_flight')).toEqual([
      'tollgate_streams_in_flight 0',
    ]);
    expect(text).toContain('# TYPE tollgate_relay_request_duration_seconds histogram\n');
  });

  it('ignores amounts that are not positive instead of throwing mid-settlement', () => {
    const registry = new MetricsRegistry();
    const metrics = new RelayMetrics(registry);
    expect(() => metrics.charged('m', -5, Number.NaN, -1)).not.toThrow();
    metrics.charged('m', 0, 10, 0);
    expect(sampleLines(registry.render(), 'tollgate_tokens_total')).toEqual([
      'tollgate_tokens_total{model="m",kind="prompt"} 0',
      'tollgate_tokens_total{model="m",kind="completion"} 10',
    ]);
  });

  it('records models, channels and statuses beyond the caps as "other"', () => {
    const registry = new MetricsRegistry();
    const metrics = new RelayMetrics(registry, { models: 2, channels: 2, statuses: 2 });
    for (const model of ['a', 'b', 'c', 'd', 'a']) metrics.charged(model, 1, 0, 1);
    for (const channel of [1, 2, 3, 4]) metrics.upstreamAnswered(channel, 0.1);
    for (const status of [200, 400, 500, 502]) metrics.requestFinished('chat', status, 0.1);

    const text = registry.render();
    expect(sampleLines(text, 'tollgate_quota_charged_total')).toEqual([
      'tollgate_quota_charged_total{model="a"} 2',
      'tollgate_quota_charged_total{model="b"} 1',
      'tollgate_quota_charged_total{model="other"} 2',
    ]);
    expect(sampleLines(text, 'tollgate_upstream_duration_seconds_count')).toEqual([
      'tollgate_upstream_duration_seconds_count{channel="1"} 1',
      'tollgate_upstream_duration_seconds_count{channel="2"} 1',
      'tollgate_upstream_duration_seconds_count{channel="other"} 2',
    ]);
    expect(sampleLines(text, 'tollgate_relay_requests_total')).toEqual([
      'tollgate_relay_requests_total{route="chat",status="200"} 1',
      'tollgate_relay_requests_total{route="chat",status="400"} 1',
      'tollgate_relay_requests_total{route="chat",status="other"} 2',
    ]);
  });

  it('has a disabled recorder that records nothing', () => {
    const { registry } = createGatewayMetrics();
    const before = registry.snapshot().metrics.filter((metric) => !metric.name.includes('process'));
    NO_RELAY_METRICS.callStarted();
    NO_RELAY_METRICS.streamStarted();
    NO_RELAY_METRICS.requestFinished('chat', 200, 1);
    NO_RELAY_METRICS.firstByte('chat', 1);
    NO_RELAY_METRICS.upstreamAnswered(1, 1);
    NO_RELAY_METRICS.upstreamFailed(1, 500);
    NO_RELAY_METRICS.charged('m', 1, 1, 1);
    NO_RELAY_METRICS.streamEnded();
    NO_RELAY_METRICS.callEnded();
    const after = registry.snapshot().metrics.filter((metric) => !metric.name.includes('process'));
    expect(after).toEqual(before);
    expect(Object.isFrozen(NO_RELAY_METRICS)).toBe(true);
    for (const method of Object.values(NO_RELAY_METRICS)) expect(method()).toBeUndefined();
  });

  it('reads process metrics at collection time and adds CPU time as a counter', () => {
    const registry = new MetricsRegistry();
    let reading: ProcessReading = { residentMemoryBytes: 1000, cpuSeconds: 1.5 };
    registerProcessMetrics(registry, () => reading, 1_700_000_000.25);
    expect(registry.render()).toBe(
      [
        '# HELP tollgate_process_resident_memory_bytes Resident memory of the server process in bytes.',
        '# TYPE tollgate_process_resident_memory_bytes gauge',
        'tollgate_process_resident_memory_bytes 1000',
        '# HELP tollgate_process_cpu_seconds_total User and system CPU time spent by the server process in seconds.',
        '# TYPE tollgate_process_cpu_seconds_total counter',
        'tollgate_process_cpu_seconds_total 1.5',
        '# HELP tollgate_process_start_time_seconds Start time of the server process since the Unix epoch in seconds.',
        '# TYPE tollgate_process_start_time_seconds gauge',
        'tollgate_process_start_time_seconds 1700000000.25',
        '',
      ].join('\n'),
    );
    reading = { residentMemoryBytes: 2000, cpuSeconds: 4 };
    const later = registry.render();
    expect(later).toContain('tollgate_process_resident_memory_bytes 2000\n');
    expect(later).toContain('tollgate_process_cpu_seconds_total 4\n');

    const other = new MetricsRegistry();
    registerProcessMetrics(
      other,
      () => ({ residentMemoryBytes: 500, cpuSeconds: 1 }),
      1_600_000_000,
    );
    const merged = renderSnapshot(mergeSnapshots([registry.snapshot(), other.snapshot()]));
    expect(merged).toContain('tollgate_process_resident_memory_bytes 2500\n');
    expect(merged).toContain('tollgate_process_cpu_seconds_total 5\n');
    expect(merged).toContain('tollgate_process_start_time_seconds 1600000000\n');
  });

  it('builds the whole gateway set with real process readings', () => {
    const { registry, relay } = createGatewayMetrics();
    relay.requestFinished('models', 200, 0.002);
    const text = registry.render();
    expect(text).toContain('tollgate_relay_requests_total{route="models",status="200"} 1\n');
    const memory = /^tollgate_process_resident_memory_bytes (\d+)$/m.exec(text);
    expect(Number(memory?.[1])).toBeGreaterThan(1_000_000);
    const start = /^tollgate_process_start_time_seconds ([\d.]+)$/m.exec(text);
    expect(Math.abs(Number(start?.[1]) - (Date.now() / 1000 - process.uptime()))).toBeLessThan(2);
    expect(registry.render()).toMatch(/^tollgate_process_cpu_seconds_total \d/m);
  });
});
