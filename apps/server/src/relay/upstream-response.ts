import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import { UpstreamBody, type UpstreamBodySource } from '../providers/upstream-body.js';
import {
  UpstreamBodyTooLarge,
  type UpstreamBodySink,
  type UpstreamExchange,
} from '../providers/upstream-exchange.js';

export { UpstreamBodyTooLarge, type UpstreamBodySink };

/** Why an exchange was cut by its channel's `total_timeout`. */
export class UpstreamTotalTimeout extends Error {
  constructor(readonly limitMs: number) {
    super(`upstream call exceeded its total timeout of ${limitMs / 1000} s`);
  }
}

/**
 * One upstream exchange, as an undici dispatch handler: the response head resolves `started`, the
 * body goes to exactly one consumer — `readAll` (buffered, for complete answers and errors) or
 * `stream` (chunk by chunk with back-pressure, for event streams), through an UpstreamBody. No
 * Node stream or async iterator is created, which
 * keeps a relayed call to a few small objects.
 */
export class UpstreamResponse
  implements Dispatcher.DispatchHandler, UpstreamExchange, UpstreamBodySource
{
  statusCode = 0;
  headers: IncomingHttpHeaders = {};
  /** Resolves with this response once its head arrived; rejects if no answer came. */
  readonly started: Promise<UpstreamResponse>;

  private controller: Dispatcher.DispatchController | undefined;
  private abortReason: Error | undefined;
  private resolveStart!: (response: UpstreamResponse) => void;
  private rejectStart!: (error: Error) => void;
  private headReceived = false;
  /** The channel's `total_timeout`, running until the exchange ends; rarely set. */
  private totalTimer: NodeJS.Timeout | undefined;
  // This response is the body's source (pause, abort): no extra objects per call.
  private readonly body = new UpstreamBody(this);

  constructor() {
    this.started = new Promise((resolve, reject) => {
      this.resolveStart = resolve;
      this.rejectStart = reject;
    });
  }

  /** Cancels the exchange (client gone, shutdown); a pending `started` rejects with `reason`. */
  abort(reason: Error): void {
    if (this.body.done) return;
    this.abortReason = reason;
    this.controller?.abort(reason);
  }

  /**
   * Cuts the exchange `ms` after now, whatever it is doing (waiting for the head, mid-body): it
   * ends as an abort with UpstreamTotalTimeout.
   */
  limitTotal(ms: number): void {
    this.totalTimer = setTimeout(() => this.abort(new UpstreamTotalTimeout(ms)), ms);
    this.totalTimer.unref();
  }

  /** Buffers the whole body; rejects with UpstreamBodyTooLarge past `limit` bytes. */
  readAll(limit: number): Promise<Buffer> {
    return this.body.readAll(limit);
  }

  /** Delivers the body to `sink` as it arrives. */
  stream(sink: UpstreamBodySink): void {
    this.body.stream(sink);
  }

  /** Continues a body paused by `onChunk` returning false. */
  resume(): void {
    this.controller?.resume();
  }

  /** Stops reading the body until `resume()` (the consumer is behind). */
  pause(): void {
    this.controller?.pause();
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.abortReason) controller.abort(this.abortReason);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ): void {
    // 1xx informational heads are followed by the real one.
    if (statusCode < 200 || this.headReceived) return;
    this.headReceived = true;
    this.statusCode = statusCode;
    this.headers = headers;
    this.resolveStart(this);
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.body.push(chunk);
  }

  onResponseEnd(): void {
    if (this.totalTimer !== undefined) clearTimeout(this.totalTimer);
    this.body.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.totalTimer !== undefined) clearTimeout(this.totalTimer);
    const reason = this.abortReason ?? error;
    // Before the head there is no body consumer yet: the failure reaches whoever awaits `started`.
    this.body.fail(reason);
    if (!this.headReceived) this.rejectStart(reason);
  }
}
