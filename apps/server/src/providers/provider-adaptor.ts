import type { IncomingHttpHeaders } from 'node:http';
import type { Usage } from './usage.js';
import type { ClassifiedFailure, ErrorClassification } from './error-classification.js';

/**
 * What kind of call a relay request is; decided from the path (reference §3.1).
 * Adaptors declare which modes they serve; an unsupported mode is a local 400/501 error.
 */
export type RelayMode =
  | 'chat'
  | 'completions'
  | 'embeddings'
  | 'moderations'
  | 'images'
  | 'speech'
  | 'transcription'
  | 'translation'
  | 'rerank';

/** Per-channel switches stored in `channels.setting` (JSON). */
export interface ChannelSetting {
  /** Re-encode every stream chunk through the standard chunk shape. */
  force_format?: boolean;
  /** Move reasoning deltas into content wrapped in <think>…</think>. */
  thinking_to_content?: boolean;
  /** HTTP(S) proxy URL for this channel's upstream calls. */
  proxy?: string;
}

/** The channel as an adaptor sees it (no database row, no secrets beyond the key it must send). */
export interface ChannelTarget {
  id: number;
  type: number;
  name: string;
  /** One upstream credential (a channel with several keys is split before this point). */
  key: string;
  /** Base URL without trailing slash; the type's default when the channel has none. */
  baseUrl: string;
  /** `channels.other`: Azure api-version, Vertex region, etc. */
  other: string;
  /** `channels.openai_organization`. */
  organization: string;
  setting: ChannelSetting;
}

/** Everything an adaptor needs to build and interpret one upstream call. */
export interface RelayCallInput {
  mode: RelayMode;
  channel: ChannelTarget;
  /** The model the client asked for (priced and logged under this name). */
  originalModel: string;
  /** The model sent upstream, after the channel's model mapping. */
  upstreamModel: string;
  /**
   * The parsed JSON body in OpenAI format, with `model` already set to upstreamModel and the
   * channel's param_override applied. Undefined for non-JSON bodies (multipart audio).
   */
  body: Record<string, unknown> | undefined;
  /** The client's raw body bytes (forwarded as is for multipart uploads). */
  rawBody: Buffer;
  /**
   * True when `body` is exactly what the client sent (no model mapping, override or stream-option
   * change): an adaptor that needs no conversion may forward `rawBody` instead of re-serialising.
   */
  bodyUnchanged: boolean;
  /** The client's Content-Type header. */
  contentType: string;
  /** Request path as the client sent it, normalised to `/v1/...` (playground `/pg/...` rewritten). */
  path: string;
  /** Query string without `?` ('' when none). */
  query: string;
  /** True when the client asked for a stream. */
  stream: boolean;
  /** True when the client itself asked for `stream_options.include_usage`. */
  clientWantsUsage: boolean;
  /** The client's request headers (for pass-through ones such as anthropic-version). */
  clientHeaders: IncomingHttpHeaders;
}

/** A fully built upstream HTTP request. */
export interface UpstreamRequest {
  url: string;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}

/** A complete (non-streamed) upstream answer converted for the client. */
export interface ConvertedResponse {
  /** Bytes to send to the client. */
  body: string | Buffer;
  /** Content-Type to send. */
  contentType: string;
  /** Usage reported by upstream; undefined when it reported none. */
  usage: Usage | undefined;
  /** Generated text, for local counting: only filled when `usage` is undefined. */
  completionText: string;
}

/** One server-sent event from upstream. */
export interface SseEvent {
  /** The `event:` field ('' when absent). */
  event: string;
  /** The `data:` payload (multiple data lines joined with \n). */
  data: string;
}

/**
 * Converts one upstream event stream into the client's OpenAI-style SSE stream, tracking usage.
 * A new instance per call. Returned strings are complete SSE frames (`data: …\n\n`) ready to write.
 */
export interface StreamConverter {
  /** Handles one upstream event; returns what to send to the client now ('' for nothing). */
  onEvent(event: SseEvent): string;
  /**
   * Upstream ended (cleanly or not). Returns the closing frames: the usage chunk when the client
   * asked for it, then `data: [DONE]` when `clean` — nothing on a broken stream.
   */
  finish(options: { clean: boolean; usage: Usage }): string;
  /** Usage reported by upstream so far (undefined until a report arrives). */
  readonly usage: Usage | undefined;
  /** Text generated so far (content, reasoning and tool-call arguments), for local counting. */
  completionText(): string;
  /** Number of tool calls seen (local counting adds a fixed cost per call). */
  readonly toolCallCount: number;
  /**
   * An error upstream reported inside the stream (an Anthropic `error` event, an OpenAI
   * `{"error": …}` chunk). Once set, the converter has already sent the client an OpenAI-style
   * error frame, ignores further events and `finish` returns nothing; the relay should stop
   * reading, bill what was generated and record the error against the channel.
   */
  readonly upstreamError?: UpstreamError;
}

/** An error answer from upstream, classified once so retry and auto-disable decide on it alone. */
export interface UpstreamError {
  status: number;
  /** OpenAI-style error fields as upstream gave them (or derived). */
  message: string;
  type: string;
  code: string;
  param: string;
}

/**
 * One upstream wire format. Each provider family implements this in its own folder
 * (`providers/<family>/`) and registers for its channel types in `providers/registry.ts`.
 */
export interface ProviderAdaptor {
  /** Short name for logs, e.g. `openai`, `anthropic`. */
  readonly name: string;
  /** Whether this adaptor can serve the mode at all. */
  supports(mode: RelayMode): boolean;
  /** Whether upstream honours `stream_options.include_usage` (so Tollgate forces it on). */
  supportsStreamOptions(channel: ChannelTarget): boolean;
  /** URL, headers and body of the upstream call. Throws RelayError (local) for bad input. */
  buildRequest(input: RelayCallInput): UpstreamRequest;
  /** Converts a complete upstream success body for the client and extracts usage. */
  convertResponse(input: RelayCallInput, body: Buffer, contentType: string): ConvertedResponse;
  /** A converter for an upstream event stream. */
  createStreamConverter(input: RelayCallInput): StreamConverter;
  /** Reads an upstream error body (any status ≥ 400, or an error inside a 200 body). */
  parseError(status: number, body: Buffer): UpstreamError;
  /** Whether a failure is worth another channel, and whether it rejects the credential. */
  classifyError(failure: ClassifiedFailure): ErrorClassification;
}
