import { randomUUID } from 'node:crypto';
import type { InternalStreamEvent } from '../../../providers/provider-adaptor.js';
import { ReaderStreamWriter } from '../reader-stream-writer.js';
import { DONE_FRAME, dataFrame } from '../../../providers/sse-frame.js';
import { toOpenAiUsage, type Usage } from '../../../providers/usage.js';

/**
 * Writes a provider's internal stream for an OpenAI client: each chunk as a `data:` frame, an
 * upstream error as OpenAI's error frame (after which nothing more is written), and at the end the
 * usage chunk when the client asked for usage, then `data: [DONE]`.
 */
export class OpenAiStreamWriter extends ReaderStreamWriter {
  /** id, object, created and model of the chunks written, for the closing usage chunk. */
  private header: Record<string, unknown> | undefined;

  protected closingFrames(usage: Usage): string {
    if (!this.input.clientWantsUsage) return DONE_FRAME;
    const usageChunk = {
      ...(this.header ?? this.fallbackHeader()),
      choices: [],
      usage: toOpenAiUsage(usage),
    };
    return dataFrame(JSON.stringify(usageChunk)) + DONE_FRAME;
  }

  protected write(internal: InternalStreamEvent): string {
    if (internal.type === 'error') {
      const { message, type, code, param } = internal.error;
      return dataFrame(JSON.stringify({ error: { message, type, param, code } }));
    }
    const { chunk } = internal;
    this.header ??= {
      id: chunk.id,
      object: chunk.object,
      created: chunk.created,
      model: chunk.model,
    };
    return dataFrame(JSON.stringify(chunk));
  }

  private fallbackHeader(): Record<string, unknown> {
    return {
      id: `chatcmpl-${randomUUID().replace(/-/g, '')}`,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: this.input.upstreamModel,
    };
  }
}
