import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import {
  UpstreamBodyTooLarge,
  type UpstreamBodySink,
  type UpstreamExchange,
} from '../providers/upstream-exchange.js';

export { UpstreamBodyTooLarge, type UpstreamBodySink };

/**
 * One upstream exchange, as an undici dispatch handler: the response head resolves `started`, the
 * body goes to exactly one consumer — `readAll` (buffered, for complete answers and errors) or
 * `stream` (chunk by chunk with back-pressure, for event streams). Chunks that arrive before the
 * consumer is attached wait in a short list. No Node stream or async iterator is created, which
 * keeps a relayed call to a few small objects.
 */
export class UpstreamResponse implements Dispatcher.DispatchHandler, UpstreamExchange {
  statusCode = 0;
  headers: IncomingHttpHeaders = {};
  /** Resolves with this response once its head arrived; rejects if no answer came. */
  readonly started: Promise<UpstreamResponse>;

  private controller: Dispatcher.DispatchController | undefined;
  private abortReason: Error | undefined;
  private resolveStart!: (response: UpstreamResponse) => void;
  private rejectStart!: (error: Error) => void;
  private headReceived = false;
  private early: Buffer[] = [];
  private earlyBytes = 0;
  private ended = false;
  private failure: Error | undefined;
  private sink: UpstreamBodySink | undefined;
  private collect:
    | { limit: number; resolve(body: Buffer): void; reject(error: Error): void }
    | undefined;

  constructor() {
    this.started = new Promise((resolve, reject) => {
      this.resolveStart = resolve;
      this.rejectStart = reject;
    });
  }

  /** Cancels the exchange (client gone, shutdown); a pending `started` rejects with `reason`. */
  abort(reason: Error): void {
    if (this.ended || this.failure) return;
    this.abortReason = reason;
    this.controller?.abort(reason);
  }

  /** Buffers the whole body; rejects with UpstreamBodyTooLarge past `limit` bytes. */
  readAll(limit: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      if (this.earlyBytes > limit) {
        this.abort(new UpstreamBodyTooLarge(limit));
        reject(new UpstreamBodyTooLarge(limit));
        return;
      }
      if (this.failure) return reject(this.failure);
      if (this.ended) return resolve(this.takeEarly());
      this.collect = { limit, resolve, reject };
    });
  }

  /** Delivers the body to `sink` as it arrives. */
  stream(sink: UpstreamBodySink): void {
    this.sink = sink;
    const early = this.early;
    this.early = [];
    this.earlyBytes = 0;
    for (const chunk of early) {
      if (!sink.onChunk(chunk)) this.controller?.pause();
    }
    if (this.failure) sink.onError(this.failure);
    else if (this.ended) sink.onEnd();
  }

  /** Continues a body paused by `onChunk` returning false. */
  resume(): void {
    this.controller?.resume();
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

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.sink) {
      if (!this.sink.onChunk(chunk)) controller.pause();
      return;
    }
    this.early.push(chunk);
    this.earlyBytes += chunk.length;
    if (this.collect && this.earlyBytes > this.collect.limit) {
      const error = new UpstreamBodyTooLarge(this.collect.limit);
      this.collect.reject(error);
      this.collect = undefined;
      controller.abort(error);
    }
  }

  onResponseEnd(): void {
    this.ended = true;
    if (this.sink) this.sink.onEnd();
    else if (this.collect) this.collect.resolve(this.takeEarly());
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    const reason = this.abortReason ?? error;
    this.failure = reason;
    if (!this.headReceived) {
      this.rejectStart(reason);
      return;
    }
    if (this.sink) this.sink.onError(reason);
    else if (this.collect) this.collect.reject(reason);
    this.collect = undefined;
  }

  private takeEarly(): Buffer {
    const chunks = this.early;
    this.early = [];
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, this.earlyBytes);
    this.earlyBytes = 0;
    return body;
  }
}
