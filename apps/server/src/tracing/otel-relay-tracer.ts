import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type TextMapGetter,
  type Tracer,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { envDetector, detectResources, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_NAME,
  ATTR_SERVICE_VERSION,
  ATTR_URL_FULL,
} from '@opentelemetry/semantic-conventions';
import type {
  CallTrace,
  EndFacts,
  RelayTracer,
  SettledFacts,
  UpstreamFacts,
  UpstreamSpan,
} from './call-trace.js';

// Loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (start-tracing.ts imports this module
// lazily). Contexts are passed explicitly, span to child: no context manager, no AsyncLocalStorage.

const headerGetter: TextMapGetter<Readonly<Record<string, string | string[] | undefined>>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key],
};

/** Attribute names of what Tollgate adds to the standard ones. */
const ATTR = {
  requestId: 'tollgate.request_id',
  model: 'gen_ai.request.model',
  upstreamModel: 'tollgate.upstream.model',
  channelId: 'tollgate.channel.id',
  channelName: 'tollgate.channel.name',
  channelType: 'tollgate.channel.type',
  userId: 'tollgate.user.id',
  tokenId: 'tollgate.token.id',
  stream: 'tollgate.stream',
  quota: 'tollgate.quota',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
} as const;

class OtelCallTrace implements CallTrace {
  private readonly parent: Context;

  constructor(
    private readonly tracer: Tracer,
    private readonly propagator: W3CTraceContextPropagator,
    private readonly span: Span,
  ) {
    this.parent = trace.setSpan(ROOT_CONTEXT, span);
  }

  startUpstream(facts: UpstreamFacts, headers: Record<string, string>): UpstreamSpan {
    const span = this.tracer.startSpan(
      'upstream',
      {
        kind: SpanKind.CLIENT,
        attributes: {
          [ATTR_HTTP_REQUEST_METHOD]: facts.method,
          [ATTR_URL_FULL]: facts.url,
          [ATTR.channelId]: facts.channelId,
          [ATTR.channelName]: facts.channelName,
          [ATTR.channelType]: facts.channelType,
          ...(facts.upstreamModel ? { [ATTR.upstreamModel]: facts.upstreamModel } : {}),
        },
      },
      this.parent,
    );
    this.propagator.inject(trace.setSpan(this.parent, span), headers, {
      set: (carrier, key, value) => {
        carrier[key] = value;
      },
    });
    return {
      end(status: number, error?: unknown) {
        if (status > 0) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
        if (error !== undefined || status >= 400) {
          span.setStatus({
            code: SpanStatusCode.ERROR,
            message: error instanceof Error ? error.message : undefined,
          });
        }
        span.end();
      },
    };
  }

  startSettlement(): { end(): void } {
    const span = this.tracer.startSpan('settlement', { kind: SpanKind.INTERNAL }, this.parent);
    return { end: () => span.end() };
  }

  settled(facts: SettledFacts): void {
    this.span.setAttributes({
      [ATTR.quota]: facts.quota,
      [ATTR.inputTokens]: facts.promptTokens,
      [ATTR.outputTokens]: facts.completionTokens,
    });
  }

  end(facts: EndFacts): void {
    const span = this.span;
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, facts.status);
    if (facts.model !== undefined) span.setAttribute(ATTR.model, facts.model);
    if (facts.channelId !== undefined) span.setAttribute(ATTR.channelId, facts.channelId);
    if (facts.userId !== undefined) span.setAttribute(ATTR.userId, facts.userId);
    if (facts.tokenId !== undefined) span.setAttribute(ATTR.tokenId, facts.tokenId);
    if (facts.isStream !== undefined) span.setAttribute(ATTR.stream, facts.isStream);
    if (facts.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
}

/**
 * The batch processor's defaults (2,048 queued spans, sent every 5 s) drop most spans of a relay
 * serving thousands of calls a second, three spans each: queue more and send every second, unless
 * the standard OTEL_BSP_* variables say otherwise.
 */
function batchSettings() {
  const env = process.env;
  return {
    maxQueueSize: env.OTEL_BSP_MAX_QUEUE_SIZE ? undefined : 65_536,
    maxExportBatchSize: env.OTEL_BSP_MAX_EXPORT_BATCH_SIZE ? undefined : 4096,
    scheduledDelayMillis: env.OTEL_BSP_SCHEDULE_DELAY ? undefined : 1000,
  };
}

/**
 * The OpenTelemetry tracer of the relay: spans batched and exported over OTLP/HTTP to
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), which the exporter reads
 * itself together with OTEL_EXPORTER_OTLP_HEADERS and the other standard variables; the resource
 * takes OTEL_SERVICE_NAME (default `tollgate`) and OTEL_RESOURCE_ATTRIBUTES.
 */
export function createOtelRelayTracer(version: string): RelayTracer {
  const resource = resourceFromAttributes({
    [ATTR_SERVICE_NAME]: process.env.OTEL_SERVICE_NAME || 'tollgate',
    [ATTR_SERVICE_VERSION]: version,
  }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new BasicTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter(), batchSettings())],
  });
  const tracer = provider.getTracer('tollgate', version);
  const propagator = new W3CTraceContextPropagator();
  // Other code using the global API (none today) would see the same propagation.
  propagation.setGlobalPropagator(propagator);
  return {
    startCall(facts) {
      const parent = propagator.extract(context.active(), facts.headers, headerGetter);
      const span = tracer.startSpan(
        `${facts.method} ${facts.route}`,
        {
          kind: SpanKind.SERVER,
          startTime: facts.startedAt,
          attributes: {
            [ATTR_HTTP_REQUEST_METHOD]: facts.method,
            [ATTR_HTTP_ROUTE]: facts.route,
            [ATTR.requestId]: facts.requestId,
          },
        },
        parent,
      );
      return new OtelCallTrace(tracer, propagator, span);
    },
    shutdown: () => provider.shutdown(),
  };
}
