import { ChatChunkFrames } from './chat-chunk-frames.js';
import type { RelayCallInput, UpstreamError } from './provider-adaptor.js';
import type { InternalStreamEvent, SseEvent, StreamReader } from './stream-contract.js';
import type { Usage } from './usage.js';

/**
 * What every converting stream reader built on ChatChunkFrames shares: the frames (role chunk,
 * deltas, tool calls, generated text), the usage upstream reported last, and the upstream error
 * that ended the stream. A provider's reader only maps its events in `read`.
 */
export abstract class ChunkFramesReader implements StreamReader {
  protected readonly frames: ChatChunkFrames;
  protected reportedUsage: Usage | undefined;
  protected failure: UpstreamError | undefined;

  /**
   * `id`: the chunks' id until upstream names one (`chatcmpl-` plus upstream's id, usually);
   * `keepThinking`: ignore the channel's thinking_to_content (a pass-through reads, never writes).
   */
  constructor(input: RelayCallInput, id = 'chatcmpl-', options: { keepThinking?: boolean } = {}) {
    this.frames = new ChatChunkFrames(input, id, options);
  }

  get usage(): Usage | undefined {
    return this.reportedUsage;
  }

  get toolCallCount(): number {
    return this.frames.toolCalls;
  }

  get upstreamError(): UpstreamError | undefined {
    return this.failure;
  }

  completionText(): string {
    return this.frames.completionText();
  }

  abstract read(event: SseEvent): InternalStreamEvent[];

  /** Ends the stream with an error upstream reported: kept, and returned as its event. */
  protected fail(error: UpstreamError): InternalStreamEvent[] {
    this.failure = error;
    return [{ type: 'error', error }];
  }
}
