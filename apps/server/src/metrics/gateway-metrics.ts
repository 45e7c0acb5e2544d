import { MetricsRegistry } from './metrics-registry.js';
import { registerProcessMetrics } from './process-metrics.js';
import { RelayMetrics, type RelayMetricsLimits } from './relay-metrics.js';

/** The server's metrics: the registry to render and the relay's recorder. */
export interface GatewayMetrics {
  registry: MetricsRegistry;
  relay: RelayMetrics;
}

/**
 * Creates the registry of one server process with the relay metrics and the process metrics.
 * When metrics are off, skip this and give the relay `NO_RELAY_METRICS` instead.
 */
export function createGatewayMetrics(limits: RelayMetricsLimits = {}): GatewayMetrics {
  const registry = new MetricsRegistry();
  const relay = new RelayMetrics(registry, limits);
  registerProcessMetrics(registry);
  return { registry, relay };
}
