import type { StreamProgress, StreamReader } from './stream-contract.js';
import type { UpstreamError } from './provider-adaptor.js';
import type { Usage } from './usage.js';

/**
 * The progress of a stream that is read by another reader (a pass-through stream, an inbound
 * format's writer, a reader of a wrapped stream): usage, tool calls, generated text and the
 * upstream error are the wrapped reader's.
 */
export abstract class ReaderProgress implements StreamProgress {
  constructor(protected readonly reader: StreamReader) {}

  get usage(): Usage | undefined {
    return this.reader.usage;
  }

  get toolCallCount(): number {
    return this.reader.toolCallCount;
  }

  get upstreamError(): UpstreamError | undefined {
    return this.reader.upstreamError;
  }

  completionText(): string {
    return this.reader.completionText();
  }
}
