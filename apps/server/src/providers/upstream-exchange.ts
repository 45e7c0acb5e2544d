import type { IncomingHttpHeaders } from 'node:http';
import type { UpstreamRequest } from './provider-adaptor.js';

/** Receives a streamed upstream body chunk by chunk. */
export interface UpstreamBodySink {
  /** A body chunk; return false to pause upstream until `resume()` is called. */
  onChunk(chunk: Buffer): boolean;
  /** The body ended normally. */
  onEnd(): void;
  /** The body broke off (reset, idle timeout, abort). */
  onError(error: Error): void;
}

/** The body was larger than the reader allows. */
export class UpstreamBodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`upstream body larger than ${limit} bytes`);
  }
}

/**
 * One upstream exchange as the relay consumes it: a head (status and headers, `started`), then a
 * body read exactly once — whole (`readAll`) or chunk by chunk (`stream`). The relay's HTTP client
 * answers with one (`UpstreamResponse`); a provider reached another way (iFlytek Spark's
 * websocket) presents its answer through the same interface (`ProviderAdaptor.openExchange`).
 */
export interface UpstreamExchange {
  /** Valid once `started` resolved. */
  readonly statusCode: number;
  readonly headers: IncomingHttpHeaders;
  /** Resolves with the exchange once its head arrived; rejects if no answer came. */
  readonly started: Promise<UpstreamExchange>;
  /** Cancels the exchange (client gone, shutdown); a pending `started` rejects with `reason`. */
  abort(reason: Error): void;
  /** Buffers the whole body; rejects with UpstreamBodyTooLarge past `limit` bytes. */
  readAll(limit: number): Promise<Buffer>;
  /** Delivers the body to `sink` as it arrives. */
  stream(sink: UpstreamBodySink): void;
  /** Continues a body paused by `onChunk` returning false. */
  resume(): void;
}

/** The answer to one follow-up exchange an adaptor makes itself (see `finishAnswer`). */
export interface FollowUpResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * Sends one follow-up upstream request through the relay's upstream client (the channel's proxy,
 * its timeouts) and reads the whole answer, whatever its status. Rejects with an upstream
 * RelayError when no answer came, and with a local 499 once the client has gone.
 */
export type UpstreamFetch = (request: UpstreamRequest) => Promise<FollowUpResponse>;
