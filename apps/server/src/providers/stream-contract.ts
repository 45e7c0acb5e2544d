/**
 * The stream side of the adaptor contract (provider-adaptor.ts): how an upstream event stream is
 * split into events, read into internal events, or converted into the client's stream.
 */
import type { UpstreamError } from './provider-adaptor.js';
import type { Usage } from './usage.js';
import type { ChatChunk, CompletionChunk } from './hub/stream-events.js';

/**
 * Splits an upstream stream body into events, whatever the chunk boundaries. Most providers send
 * server-sent events (SseParser); AWS sends its binary event-stream framing.
 */
export interface StreamEventParser {
  /** Parses one chunk of the body; returns the events it completed (often none or one). */
  push(chunk: Buffer): SseEvent[];
  /** The body ended: returns what is left (throws on a truncated binary frame). */
  flush(): SseEvent[];
}

/** One server-sent event from upstream. */
export interface SseEvent {
  /** The `event:` field ('' when absent). */
  event: string;
  /** The `data:` payload (multiple data lines joined with \n). */
  data: string;
}

/**
 * One event of an internal stream: a `chat.completion.chunk`, a legacy completions chunk (only
 * OpenAI clients call `/v1/completions`), or an error upstream reported.
 */
export type InternalStreamEvent =
  | { type: 'chunk'; chunk: ChatChunk }
  | { type: 'completion-chunk'; chunk: CompletionChunk }
  | { type: 'error'; error: UpstreamError };

/** What every stream tracks while it runs, whichever side writes the client's frames. */
export interface StreamProgress {
  /** Usage reported by upstream so far (undefined until a report arrives). */
  readonly usage: Usage | undefined;
  /** Text generated so far (content, reasoning and tool-call arguments), for local counting. */
  completionText(): string;
  /** Number of tool calls seen (local counting adds a fixed cost per call). */
  readonly toolCallCount: number;
  /**
   * An error upstream reported inside the stream (an Anthropic `error` event, an OpenAI
   * `{"error": …}` chunk). Once set, the stream is over: the relay stops reading, bills what was
   * generated and records the error against the channel.
   */
  readonly upstreamError?: UpstreamError;
}

/**
 * Reads one upstream event stream into internal events, tracking usage. A new instance per call;
 * the inbound format writes the events for the client.
 */
export interface StreamReader extends StreamProgress {
  /** Handles one upstream event; returns the internal events it carries (often none). */
  read(event: SseEvent): InternalStreamEvent[];
}

/**
 * Turns one upstream event stream into the client's stream, tracking usage: a provider's
 * pass-through stream, or an inbound format's writer over a provider's reader. A new instance per
 * call. Returned strings are complete SSE frames ready to write.
 */
export interface StreamConverter extends StreamProgress {
  /** Handles one upstream event; returns what to send to the client now ('' for nothing). */
  onEvent(event: SseEvent): string;
  /**
   * True once the event just handled was the client stream's closing event relayed from upstream
   * (a pass-through `message_stop`, `response.completed`): the relay holds that frame, and any
   * after it, until the call's charge is written, as it holds what `finish` returns. Converters
   * whose closing frames all come from `finish` leave it out.
   */
  readonly closingEventSeen?: boolean;
  /**
   * Upstream ended (cleanly or not). Returns the closing frames: for an OpenAI client the usage
   * chunk when it asked for it, then `data: [DONE]` when `clean` — nothing on a broken stream or
   * after an upstream error (whose frame was already written).
   */
  finish(options: { clean: boolean; usage: Usage }): string;
}
