import type { RelayTracer } from './call-trace.js';

/**
 * The relay's tracer when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is
 * set, else undefined. The OpenTelemetry modules are imported here only when tracing is on, so a
 * server without it neither loads nor pays for them.
 */
export async function startTracing(
  env: Readonly<Record<string, string | undefined>>,
  version: string,
): Promise<RelayTracer | undefined> {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED === 'true') return undefined;
  const { createOtelRelayTracer } = await import('./otel-relay-tracer.js');
  return createOtelRelayTracer(version);
}
