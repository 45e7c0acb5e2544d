import { UpstreamBodyTooLarge, type UpstreamBodySink } from './upstream-exchange.js';

/** What an exchange lets its body do to the transport underneath. */
export interface UpstreamBodySource {
  /** Stops reading until the exchange's `resume()`: the consumer is behind. */
  pause(): void;
  /** Ends the transfer: the body grew past what the reader allows. */
  abort(error: Error): void;
}

/**
 * The body of one upstream answer, handed to exactly one consumer: `readAll` (buffered, for
 * complete answers and errors) or `stream` (chunk by chunk with back-pressure). The transport
 * feeds it (`push`, `end`, `fail`); chunks that arrive before the consumer is attached wait in a
 * short list. Shared by the HTTP client's exchange (relay/upstream-response.ts) and iFlytek Spark's
 * websocket (xunfei-socket-exchange.ts).
 */
export class UpstreamBody {
  private early: Buffer[] = [];
  private earlyBytes = 0;
  private ended = false;
  private failure: Error | undefined;
  private sink: UpstreamBodySink | undefined;
  private collect:
    | { limit: number; resolve(body: Buffer): void; reject(error: Error): void }
    | undefined;

  constructor(private readonly source: UpstreamBodySource) {}

  /** The body ended or failed: nothing more will come. */
  get done(): boolean {
    return this.ended || this.failure !== undefined;
  }

  /** Buffers the whole body; rejects with UpstreamBodyTooLarge past `limit` bytes. */
  readAll(limit: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      if (this.earlyBytes > limit) {
        const error = new UpstreamBodyTooLarge(limit);
        this.source.abort(error);
        reject(error);
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
      if (!sink.onChunk(chunk)) this.source.pause();
    }
    if (this.failure) sink.onError(this.failure);
    else if (this.ended) sink.onEnd();
  }

  /** A chunk from the transport. */
  push(chunk: Buffer): void {
    if (this.sink) {
      if (!this.sink.onChunk(chunk)) this.source.pause();
      return;
    }
    this.early.push(chunk);
    this.earlyBytes += chunk.length;
    if (this.collect && this.earlyBytes > this.collect.limit) {
      const error = new UpstreamBodyTooLarge(this.collect.limit);
      this.collect.reject(error);
      this.collect = undefined;
      this.source.abort(error);
    }
  }

  /** The transport delivered the whole body. */
  end(): void {
    this.ended = true;
    if (this.sink) this.sink.onEnd();
    else if (this.collect) this.collect.resolve(this.takeEarly());
    this.collect = undefined;
  }

  /** The transfer broke off. */
  fail(error: Error): void {
    this.failure = error;
    if (this.sink) this.sink.onError(error);
    else if (this.collect) this.collect.reject(error);
    this.collect = undefined;
  }

  private takeEarly(): Buffer {
    const chunks = this.early;
    this.early = [];
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, this.earlyBytes);
    this.earlyBytes = 0;
    return body;
  }
}
