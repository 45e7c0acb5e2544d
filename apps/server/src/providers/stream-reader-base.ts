import type { InternalStreamEvent, SseEvent, StreamReader } from './stream-contract.js';
import type { UpstreamError } from './provider-adaptor.js';
import type { Usage } from './usage.js';

/**
 * The progress every reader that builds its own chunks keeps (ChunkFramesReader keeps it in its
 * frames instead): the tool calls started, the generated text in pieces, and the error upstream
 * reported, after which the stream is over. A subclass counts and collects as it reads and says
 * how it reads usage.
 */
export abstract class StreamReaderBase implements StreamReader {
  protected toolCalls = 0;
  protected readonly generated: string[] = [];
  protected error: UpstreamError | undefined;

  abstract get usage(): Usage | undefined;

  get toolCallCount(): number {
    return this.toolCalls;
  }

  /** The error event upstream sent, if any; the stream is over once it is set. */
  get upstreamError(): UpstreamError | undefined {
    return this.error;
  }

  completionText(): string {
    return this.generated.join('');
  }

  abstract read(event: SseEvent): InternalStreamEvent[];
}
