import { BoundedLabels } from './bounded-labels.js';
import type { GaugeChild } from './metric-types.js';
import type { MetricsRegistry } from './metrics-registry.js';

/** One circuit as the relay's channel health book reports it (`model` '' for the channel-wide one). */
export interface CircuitReading {
  channelId: number;
  model: string;
  state: 'closed' | 'open' | 'half_open';
  errorRate: number;
}

const STATE_VALUES = { closed: 0, half_open: 1, open: 2 } as const;
/** The `model` label of a channel-wide circuit. */
export const CHANNEL_WIDE_MODEL = '*';

interface CircuitSeries {
  state: GaugeChild;
  errorRate: GaugeChild;
}

/**
 * `tollgate_channel_circuit_state{channel_id,model}` (0 closed, 1 half-open, 2 open) and
 * `tollgate_channel_recent_error_rate{channel_id,model}`, read from `readings` at each scrape
 * (nothing on the hot path). Series are capped at `limit` circuits (beyond: `other`); across a
 * cluster's workers the worst value wins (`max`).
 */
export function registerCircuitMetrics(
  registry: MetricsRegistry,
  readings: () => Iterable<CircuitReading>,
  limit = 1_000,
): void {
  const state = registry.gauge(
    'tollgate_channel_circuit_state',
    'Circuit breaker state by channel id and model (0 closed, 1 half-open, 2 open; model "*": the whole channel).',
    ['channel_id', 'model'],
    { aggregation: 'max' },
  );
  const errorRate = registry.gauge(
    'tollgate_channel_recent_error_rate',
    'Share of failures and 429s among the recent calls of a circuit, by channel id and model.',
    ['channel_id', 'model'],
    { aggregation: 'max' },
  );
  const series = new BoundedLabels<string, CircuitSeries>(
    limit,
    (key) => key,
    (key) => {
      const [channelId, model] = splitKey(key);
      return {
        state: state.labels(channelId, model),
        errorRate: errorRate.labels(channelId, model),
      };
    },
  );
  registry.onCollect(() => {
    for (const reading of readings()) {
      const model = reading.model === '' ? CHANNEL_WIDE_MODEL : reading.model;
      const found = series.get(`${reading.channelId}\n${model}`);
      found.state.set(STATE_VALUES[reading.state]);
      found.errorRate.set(reading.errorRate);
    }
  });
}

function splitKey(key: string): [string, string] {
  const cut = key.indexOf('\n');
  // The overflow series ('other') has no separator.
  return cut < 0 ? [key, key] : [key.slice(0, cut), key.slice(cut + 1)];
}
