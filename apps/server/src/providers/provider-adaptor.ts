/**
 * The provider side of the relay's adaptor contract.
 *
 * A relay call crosses two adaptors. The client's **inbound format** (OpenAI chat, Claude
 * Messages, Responses, Gemini: `relay/formats/`) turns the client's request into the
 * relay's internal call and the internal answer back into its own wire format. A **provider
 * adaptor** (one folder per upstream family here) turns the internal call into its upstream
 * request and its upstream answer into the internal answer.
 *
 * The internal call and answer have the shape of OpenAI's API (a chat completion request, a
 * `chat.completion` object, `chat.completion.chunk` events) with the extensions some providers
 * need (`reasoning_content`). It is the format most clients and most upstreams speak, so the
 * common path converts nothing.
 *
 * **Pass-through is the fast path.** When the client's format is the provider's native format
 * and nothing must change, upstream's bytes go to the client untouched and only usage is read
 * (`passThroughAnswer`, `createPassThroughStream`). Otherwise the provider reads its answer into
 * internal form (`readAnswer`, `createStreamReader`) and the inbound format writes it.
 *
 * The internal call, answer and chunks are typed in `hub/` and checked once at the relay's edges.
 *
 * Adding a provider: a folder with its adaptor (most extend `ProviderAdaptorBase`, which holds the
 * defaults they share), wire types, request, answer, stream and usage conversions and its vendor
 * file, one entry in `vendors.ts` and one row in the channel-type table
 * (an OpenAI-compatible vendor: the row and a vendor file with its profile; see
 * docs/architecture.md, "A vendor lives in one place").
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Usage } from './usage.js';
import type { ClassifiedFailure, ErrorClassification } from './error-classification.js';
import type { StreamConverter, StreamEventParser, StreamReader } from './stream-contract.js';
import type { UpstreamExchange, UpstreamFetch } from './upstream-exchange.js';

export type {
  InternalStreamEvent,
  SseEvent,
  StreamConverter,
  StreamEventParser,
  StreamProgress,
  StreamReader,
} from './stream-contract.js';

/**
 * What kind of call a relay request is; decided from the path (reference §3.1).
 * Adaptors declare which modes they serve; an unsupported mode is a local 400/501 error.
 */
export type RelayMode =
  | 'chat'
  | 'completions'
  /** OpenAI's legacy `/v1/edits` (instruction + input → text), forwarded like completions. */
  | 'edits'
  | 'embeddings'
  | 'moderations'
  | 'images'
  | 'speech'
  | 'transcription'
  | 'translation'
  | 'rerank'
  /** OpenAI's Responses API sent to an upstream that serves it natively (else converted to chat). */
  | 'responses';

/** Per-channel switches stored in `channels.setting` (JSON). */
export interface ChannelSetting {
  /** Re-encode every stream chunk through the standard chunk shape. */
  force_format?: boolean;
  /** Move reasoning deltas into content wrapped in <think>…</think>. */
  thinking_to_content?: boolean;
  /** HTTP(S) proxy URL for this channel's upstream calls. */
  proxy?: string;
  /**
   * Hosts besides the channel's own that its video tasks' files may be fetched from (lower-case;
   * `*.example.com` for any subdomain): the storage hosts Kling, Jimeng and Vidu answer with.
   */
  video_file_hosts?: readonly string[];
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

/**
 * The wire formats clients and providers speak. A provider's native format equal to the client's
 * allows pass-through.
 */
export type WireFormat = 'openai' | 'anthropic-messages' | 'openai-responses' | 'gemini';

/**
 * What a client's own format asked of reasoning beyond the internal call's `reasoning_effort`
 * (Gemini's `thinkingConfig`).
 */
export interface ReasoningRequest {
  /** An exact thinking budget in tokens: a provider with budgets (Anthropic) honours it. */
  budgetTokens?: number;
  /** The client wants no reasoning in its answer (Gemini without `includeThoughts`). */
  hidden?: boolean;
}

/** Everything an adaptor needs to build and interpret one upstream call (the internal call). */
export interface RelayCallInput {
  mode: RelayMode;
  channel: ChannelTarget;
  /** The model the client asked for (priced and logged under this name). */
  originalModel: string;
  /** The model sent upstream, after the channel's model mapping. */
  upstreamModel: string;
  /**
   * The internal call: the parsed JSON body in OpenAI's shape, with `model` already set to
   * upstreamModel and the channel's param_override applied. Undefined for non-JSON bodies
   * (multipart audio).
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
  /**
   * The client's body in its own wire format when `body` is a conversion of it (a Claude Messages
   * request), model mapped and param_override applied: a provider whose nativeFormat is `format`
   * sends it instead of converting `body`; `unchanged` when it is exactly the client's `rawBody`.
   */
  native?: { format: WireFormat; body: Record<string, unknown>; unchanged: boolean };
  /** Reasoning wishes the internal call cannot carry (see ReasoningRequest). */
  reasoning?: ReasoningRequest;
  /**
   * The client's fields its format's conversion into the internal call could not carry
   * (`messages[].cache_control`, `safetySettings`…); they matter only when `body` is sent, not
   * `native`.
   */
  droppedFromClient?: readonly string[];
  /**
   * The relay's id of the call (`x-oneapi-request-id`), for providers that name the end user by it
   * (Dify); absent for channel tests.
   */
  requestId?: string;
  /**
   * Prompt tokens estimated before the call (the pre-consume estimate, from the body's size): what
   * a converted stream reports as its input until upstream's count arrives (Claude's
   * `message_start`). Absent where no call was estimated.
   */
  promptTokensEstimate?: number;
}

/** A fully built upstream HTTP request. */
export interface UpstreamRequest {
  url: string;
  method: 'POST' | 'GET' | 'DELETE';
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  /**
   * The internal call's fields this request could not carry (a converting provider's; absent when
   * it carries everything, as an OpenAI-style request does).
   */
  dropped?: readonly string[];
  /**
   * True when the body is the client's own (`input.native`), not a conversion of the internal
   * call: what the client's format could not carry into the internal call was not lost.
   */
  fromNative?: boolean;
}

/** A complete (non-streamed) answer as it goes to the client. */
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

/**
 * A complete upstream answer in internal form: a `chat.completion` object (for chat; for other
 * modes the provider's JSON answer as OpenAI shapes it), with its usage.
 */
export interface InternalAnswer {
  completion: Record<string, unknown>;
  /** Usage reported by upstream; undefined when it reported none. */
  usage: Usage | undefined;
  /** Generated text, for local counting when usage is missing. */
  completionText: string;
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
 * One upstream provider family. Each implements this in its own folder (`providers/<family>/`)
 * and registers for its channel types in `providers/registry.ts`.
 */
export interface ProviderAdaptor {
  /** Short name for logs, e.g. `openai`, `anthropic`. */
  readonly name: string;
  /** The wire format upstream speaks; pass-through applies when the client speaks it too. */
  readonly nativeFormat: WireFormat;
  /** Whether this adaptor can serve the mode at all. */
  supports(mode: RelayMode): boolean;
  /** Whether upstream honours `stream_options.include_usage` (so Tollgate forces it on). */
  supportsStreamOptions(channel: ChannelTarget): boolean;
  /**
   * URL, headers and body of the upstream call, from the internal call. When nothing in the call
   * changed and upstream speaks the client's format, the client's own bytes (`rawBody`) are sent.
   * Throws RelayError (local) for bad input.
   */
  buildRequest(input: RelayCallInput): UpstreamRequest;
  /**
   * For a provider whose credential is made or obtained at send time: the built request with
   * that credential added (AWS SigV4, whose hashing is asynchronous; Vertex AI's OAuth access
   * token, answered from a cache on the common path). Called by the relay and the channel tester
   * after `buildRequest`, last, so it covers every header; absent, the request goes as built.
   * Rejects with an upstream RelayError when the credential cannot be obtained (a rejected key is
   * then auto-disabled).
   */
  authorize?(input: RelayCallInput, request: UpstreamRequest): Promise<UpstreamRequest>;
  /**
   * For a provider not reached by one HTTP request (iFlytek Spark answers on a websocket): opens
   * the exchange for the built (and authorized) request itself and presents the answer as an
   * HTTP-like exchange — its status, content type and body bytes are read like any upstream's
   * (an event stream when `text/event-stream`). Absent: the relay's HTTP client sends the request.
   * Aborting the exchange closes the connection.
   */
  openExchange?(
    input: RelayCallInput,
    request: UpstreamRequest,
    proxy: string | undefined,
  ): UpstreamExchange;
  /**
   * A complete success answer for a client that speaks `nativeFormat`: upstream's bytes, or a
   * small native rewrite, with usage read. Absent when the provider has no such client yet.
   * Throws an upstream RelayError for an error inside a success body.
   */
  passThroughAnswer?(input: RelayCallInput, body: Buffer, contentType: string): ConvertedResponse;
  /**
   * For a provider that answers a call with a ticket for work done later (DashScope's image
   * tasks): completes the call from that first success body with follow-up exchanges through
   * `fetch` (polling the task, downloading results) and returns the final answer body, which
   * `passThroughAnswer` / `readAnswer` then read. Called on complete (non-stream) answers only;
   * absent, the first body is the answer. Rejects with an upstream RelayError when the work
   * failed upstream.
   */
  finishAnswer?(input: RelayCallInput, body: Buffer, fetch: UpstreamFetch): Promise<Buffer>;
  /** A complete success answer in internal form. Throws like `passThroughAnswer`. */
  readAnswer(input: RelayCallInput, body: Buffer, contentType: string): InternalAnswer;
  /** The stream for a client that speaks `nativeFormat` (frames relayed as upstream sent them). */
  createPassThroughStream?(input: RelayCallInput): StreamConverter;
  /** A reader of upstream's event stream into internal events. */
  createStreamReader(input: RelayCallInput): StreamReader;
  /**
   * A parser for a stream answer in a framing other than server-sent events: returns one when
   * `contentType` is the provider's binary stream type (then the answer is relayed as a stream),
   * undefined otherwise. Absent: streams are `text/event-stream`.
   */
  createStreamParser?(contentType: string): StreamEventParser | undefined;
  /** Reads an upstream error body (any status ≥ 400, or an error inside a 200 body). */
  parseError(status: number, body: Buffer): UpstreamError;
  /** Whether a failure is worth another channel, and whether it rejects the credential. */
  classifyError(failure: ClassifiedFailure): ErrorClassification;
}
