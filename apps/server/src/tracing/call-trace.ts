/**
 * What the relay tells a call's trace. The relay holds `CallTrace | undefined` and calls it through
 * optional chaining: with tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT) the whole cost of tracing on
 * the hot path is that one undefined check, and no OpenTelemetry module is even loaded.
 */
export interface CallTrace {
  /**
   * Starts the span of one upstream attempt and adds its `traceparent` (and `tracestate`) to
   * `headers`, so the provider continues the trace. Answers what ends it.
   */
  startUpstream(facts: UpstreamFacts, headers: Record<string, string>): UpstreamSpan;
  /** Starts the span of the settlement (the charge and its log row, written by the ledger). */
  startSettlement(): { end(): void };
  /** What the call cost, known at settlement. */
  settled(facts: SettledFacts): void;
  /** Ends the call's span with its final status. */
  end(facts: EndFacts): void;
}

/** One upstream attempt's span. */
export interface UpstreamSpan {
  /** `status` is upstream's HTTP status (0 when none came); `error` why it failed, if it did. */
  end(status: number, error?: unknown): void;
}

export interface UpstreamFacts {
  channelId: number;
  channelName: string;
  channelType: number;
  method: string;
  url: string;
  upstreamModel: string | undefined;
}

export interface SettledFacts {
  channelId: number;
  quota: number;
  promptTokens: number;
  completionTokens: number;
}

export interface EndFacts {
  status: number;
  model: string | undefined;
  channelId: number | undefined;
  userId: number | undefined;
  tokenId: number | undefined;
  isStream: boolean | undefined;
}

/** Starts the trace of one relay call from its request. */
export interface RelayTracer {
  startCall(facts: {
    requestId: string;
    method: string;
    route: string;
    /** The incoming request's headers (`traceparent`, `tracestate` are honoured). */
    headers: Readonly<Record<string, string | string[] | undefined>>;
    startedAt: number;
  }): CallTrace;
  /** Exports what is still buffered and stops. */
  shutdown(): Promise<void>;
}
