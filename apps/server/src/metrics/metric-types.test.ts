import { describe, expect, it } from 'vitest';
import { Counter, Gauge, Histogram } from './metric-types.js';

describe('metric types', () => {
  it('hands out one cached child per label-value tuple', () => {
    const counter = new Counter('calls_total', 'Calls.', ['route', 'status']);
    const chat200 = counter.labels('chat', '200');
    expect(counter.labels('chat', '200')).toBe(chat200);
    expect(counter.labels('chat', '429')).not.toBe(chat200);
    // No joined keys: values that would collide when concatenated stay apart.
    expect(counter.labels('a,b', 'c')).not.toBe(counter.labels('a', 'b,c'));
    chat200.inc();
    chat200.inc(2);
    expect(counter.labels('chat', '200').value).toBe(3);
    expect(counter.children.map((entry) => entry.labelValues)).toEqual([
      ['chat', '200'],
      ['chat', '429'],
      ['a,b', 'c'],
      ['a', 'b,c'],
    ]);
  });

  it('treats an unlabelled metric as its own single child', () => {
    const counter = new Counter('events_total', 'Events.', []);
    counter.inc();
    counter.inc(4);
    expect(counter.labels().value).toBe(5);
    expect(counter.children).toHaveLength(1);

    const gauge = new Gauge('level', 'Level.', []);
    gauge.inc(3);
    gauge.dec();
    expect(gauge.labels().value).toBe(2);
    gauge.set(-7.5);
    expect(gauge.labels().value).toBe(-7.5);
  });

  it('rejects a label-count mismatch and non-string label values', () => {
    const counter = new Counter('calls_total', 'Calls.', ['route', 'status'] as const);
    // @ts-expect-error one value for two labels
    expect(() => counter.labels('chat')).toThrow(/takes 2 label values/);
    // @ts-expect-error three values for two labels
    expect(() => counter.labels('chat', '200', 'x')).toThrow(/takes 2 label values/);
    expect(() => counter.inc()).toThrow(/has labels/);
    const loose = counter as unknown as { labels(...values: unknown[]): unknown };
    expect(() => loose.labels('chat', 200)).toThrow(/must be strings/);
    expect(counter.children).toHaveLength(0);
  });

  it('refuses to count down', () => {
    const counter = new Counter('calls_total', 'Calls.', []);
    expect(() => counter.inc(-1)).toThrow(/only goes up/);
    expect(() => counter.inc(Number.NaN)).toThrow(/only goes up/);
    expect(counter.labels().value).toBe(0);
  });

  it('validates metric names, label names and bucket bounds', () => {
    expect(() => new Counter('bad-name', 'x', [])).toThrow(/Invalid metric name/);
    expect(() => new Counter('ok', 'x', ['bad-label'])).toThrow(/Invalid label name/);
    expect(() => new Counter('ok', 'x', ['__reserved'])).toThrow(/Invalid label name/);
    expect(() => new Counter('ok', 'x', ['a', 'a'])).toThrow(/repeated/);
    expect(() => new Histogram('h', 'x', ['le'], [1])).toThrow(/"le"/);
    expect(() => new Histogram('h', 'x', [], [])).toThrow(/at least one/);
    expect(() => new Histogram('h', 'x', [], [1, 1])).toThrow(/strictly ascending/);
    expect(() => new Histogram('h', 'x', [], [2, 1])).toThrow(/strictly ascending/);
    expect(() => new Histogram('h', 'x', [], [1, Infinity])).toThrow(/finite/);
  });

  it('puts a value equal to a bound into that bucket and counts cumulatively', () => {
    const bounds = [0.1, 0.5, 1];
    const histogram = new Histogram('latency_seconds', 'Latency.', [], bounds);
    bounds.push(99); // a later change to the caller's array does not move the buckets
    for (const value of [0.1, 0.05, 0.5, 0.50001, 1, 3, Number.NaN]) histogram.observe(value);
    const child = histogram.labels();
    expect(histogram.buckets).toEqual([0.1, 0.5, 1]);
    expect(child.cumulativeCounts()).toEqual([2, 3, 5]);
    expect(child.count).toBe(6); // NaN is ignored
    expect(child.sum).toBeCloseTo(0.1 + 0.05 + 0.5 + 0.50001 + 1 + 3, 10);
  });

  it('keeps histogram children apart per label set', () => {
    const histogram = new Histogram('latency_seconds', 'Latency.', ['route'], [1, 2]);
    histogram.labels('chat').observe(1.5);
    histogram.labels('models').observe(0.5);
    histogram.labels('chat').observe(2.5);
    expect(histogram.labels('chat').cumulativeCounts()).toEqual([0, 1]);
    expect(histogram.labels('chat').count).toBe(2);
    expect(histogram.labels('models').cumulativeCounts()).toEqual([1, 1]);
  });
});
