import { BoundedLabels } from './bounded-labels.js';
import type { CounterChild, GaugeChild, HistogramChild } from './metric-types.js';
import type { MetricsRegistry } from './metrics-registry.js';

/**
 * What the relay reports about its calls. Implemented by `RelayMetrics` and, when metrics are
 * off, by `NO_RELAY_METRICS`, so the relay calls it unconditionally. Every method is cheap enough
 * for the hot path: after the first call with a given label value, a call is a map lookup and a
 * field update.
 */
export interface RelayMetricsRecorder {
  /** A relay call is now being handled (pair with `callEnded`). */
  callStarted(): void;
  callEnded(): void;
  /** A streamed answer began (pair with `streamEnded`). */
  streamStarted(): void;
  streamEnded(): void;
  /**
   * A relay request was answered completely (for streams: the stream ended). `route` is a short
   * fixed name such as `chat`, `completions`, `embeddings`, `models`; `status` the HTTP status.
   */
  requestFinished(route: string, status: number, seconds: number): void;
  /** The first body byte went to the client, `seconds` after the request started. */
  firstByte(route: string, seconds: number): void;
  /** The upstream of `channelId` sent its response headers after `seconds`. */
  upstreamAnswered(channelId: number, seconds: number): void;
  /** The upstream of `channelId` failed with HTTP `status`, or 0 when there was no answer. */
  upstreamFailed(channelId: number, status: number): void;
  /** A call was settled: tokens used and quota units charged for `model`. */
  charged(model: string, promptTokens: number, completionTokens: number, quota: number): void;
}

/** Caps on distinct label values; beyond a cap, values are recorded as `other`. */
export interface RelayMetricsLimits {
  /** Distinct models (client-influenced). Default 500. */
  models?: number;
  /** Distinct channels. Default 1,000. */
  channels?: number;
  /** Distinct routes. Default 100. */
  routes?: number;
  /** Distinct status codes per route or per channel. Default 50. */
  statuses?: number;
}

/** Bucket bounds in seconds for gateway latencies, from a cached answer to a long generation. */
export const LATENCY_BUCKETS: readonly number[] = Object.freeze([
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120,
]);

interface RouteSeries {
  duration: HistogramChild;
  firstByte: HistogramChild;
  statuses: BoundedLabels<number, CounterChild>;
}

interface ChannelSeries {
  duration: HistogramChild;
  errors: BoundedLabels<number, CounterChild>;
}

interface ModelSeries {
  promptTokens: CounterChild;
  completionTokens: CounterChild;
  quota: CounterChild;
}

/** The gateway's relay metrics (`tollgate_…`), registered on `registry`. */
export class RelayMetrics implements RelayMetricsRecorder {
  private readonly inFlight: GaugeChild;
  private readonly streamsInFlight: GaugeChild;
  private readonly routes: BoundedLabels<string, RouteSeries>;
  private readonly channels: BoundedLabels<number, ChannelSeries>;
  private readonly models: BoundedLabels<string, ModelSeries>;

  constructor(registry: MetricsRegistry, limits: RelayMetricsLimits = {}) {
    const statusLimit = limits.statuses ?? 50;
    const requests = registry.counter(
      'tollgate_relay_requests_total',
      'Relay HTTP requests answered, by route and HTTP status.',
      ['route', 'status'],
    );
    const requestDuration = registry.histogram(
      'tollgate_relay_request_duration_seconds',
      'Time from the start of a relay request until its answer was complete (streams: ended).',
      ['route'],
      LATENCY_BUCKETS,
    );
    const firstByte = registry.histogram(
      'tollgate_relay_time_to_first_byte_seconds',
      'Time from the start of a relay request until the first body byte went to the client.',
      ['route'],
      LATENCY_BUCKETS,
    );
    const upstreamDuration = registry.histogram(
      'tollgate_upstream_duration_seconds',
      'Time until the upstream sent its response headers, by channel id.',
      ['channel'],
      LATENCY_BUCKETS,
    );
    const upstreamErrors = registry.counter(
      'tollgate_upstream_errors_total',
      'Upstream failures by channel id and HTTP status (0: no HTTP answer).',
      ['channel', 'status'],
    );
    const tokens = registry.counter(
      'tollgate_tokens_total',
      'Tokens used by relay calls, by model and kind (prompt or completion).',
      ['model', 'kind'],
    );
    const quota = registry.counter(
      'tollgate_quota_charged_total',
      'Quota units charged for relay calls, by model.',
      ['model'],
    );
    this.inFlight = registry.gauge('tollgate_relay_in_flight', 'Relay calls in progress.').labels();
    this.streamsInFlight = registry
      .gauge('tollgate_streams_in_flight', 'Streamed relay answers in progress.')
      .labels();

    this.routes = new BoundedLabels(limits.routes ?? 100, identity, (route) => ({
      duration: requestDuration.labels(route),
      firstByte: firstByte.labels(route),
      statuses: new BoundedLabels(statusLimit, String, (status) => requests.labels(route, status)),
    }));
    this.channels = new BoundedLabels(limits.channels ?? 1_000, String, (channel) => ({
      duration: upstreamDuration.labels(channel),
      errors: new BoundedLabels(statusLimit, String, (status) =>
        upstreamErrors.labels(channel, status),
      ),
    }));
    this.models = new BoundedLabels(limits.models ?? 500, identity, (model) => ({
      promptTokens: tokens.labels(model, 'prompt'),
      completionTokens: tokens.labels(model, 'completion'),
      quota: quota.labels(model),
    }));
  }

  callStarted(): void {
    this.inFlight.inc();
  }

  callEnded(): void {
    this.inFlight.dec();
  }

  streamStarted(): void {
    this.streamsInFlight.inc();
  }

  streamEnded(): void {
    this.streamsInFlight.dec();
  }

  requestFinished(route: string, status: number, seconds: number): void {
    const series = this.routes.get(route);
    series.statuses.get(status).inc();
    series.duration.observe(seconds);
  }

  firstByte(route: string, seconds: number): void {
    this.routes.get(route).firstByte.observe(seconds);
  }

  upstreamAnswered(channelId: number, seconds: number): void {
    this.channels.get(channelId).duration.observe(seconds);
  }

  upstreamFailed(channelId: number, status: number): void {
    this.channels.get(channelId).errors.get(status).inc();
  }

  charged(model: string, promptTokens: number, completionTokens: number, quota: number): void {
    const series = this.models.get(model);
    // Only positive amounts: a refund or an unknown (NaN) count must not make a counter throw
    // in the middle of settling a call.
    if (promptTokens > 0) series.promptTokens.inc(promptTokens);
    if (completionTokens > 0) series.completionTokens.inc(completionTokens);
    if (quota > 0) series.quota.inc(quota);
  }
}

function identity(value: string): string {
  return value;
}

function nothing(): void {}

/** The recorder to use when metrics are off: every method does nothing. */
export const NO_RELAY_METRICS: RelayMetricsRecorder = Object.freeze({
  callStarted: nothing,
  callEnded: nothing,
  streamStarted: nothing,
  streamEnded: nothing,
  requestFinished: nothing,
  firstByte: nothing,
  upstreamAnswered: nothing,
  upstreamFailed: nothing,
  charged: nothing,
});
