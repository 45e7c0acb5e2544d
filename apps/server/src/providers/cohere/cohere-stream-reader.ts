import type { InternalStreamEvent, SseEvent } from '../provider-adaptor.js';
import { ChunkFramesReader } from '../chunk-frames-reader.js';
import { parseJsonObject } from '../json-guards.js';
import { cohereStreamEventSchema } from './cohere-api-types.js';
import { convertCohereUsage, mapCohereFinishReason } from './convert-cohere-usage.js';

/**
 * Reads a chat v2 event stream into internal chunks: message-start → the role chunk (and the id);
 * content-delta → content (or reasoning for a thinking part); tool-plan-delta → reasoning;
 * tool-call-start → a tool call header; tool-call-delta → its arguments; message-end → the
 * finish reason and usage. content-start/-end, tool-call-end and citations carry nothing to
 * relay.
 */
export class CohereStreamReader extends ChunkFramesReader {
  /** Cohere's tool call index → the index in the OpenAI stream. */
  private readonly toolIndexes = new Map<number, number>();

  read(event: SseEvent): InternalStreamEvent[] {
    const parsed = cohereStreamEventSchema.safeParse(parseJsonObject(event.data));
    if (!parsed.success) return [];
    const { type, delta, index } = parsed.data;
    const message = delta?.message;
    switch (type) {
      case 'message-start':
        if (parsed.data.id) this.frames.id = `chatcmpl-${parsed.data.id}`;
        return this.frames.start();
      case 'content-delta':
        return message?.content?.thinking !== undefined
          ? this.frames.text('reasoning_content', message.content.thinking)
          : this.frames.text('content', message?.content?.text);
      case 'tool-plan-delta':
        return this.frames.text('reasoning_content', message?.tool_plan);
      case 'tool-call-start': {
        const call = message?.tool_calls;
        this.toolIndexes.set(index ?? 0, this.frames.toolCalls);
        return this.frames.toolCallStart(
          call?.id ?? '',
          call?.function?.name ?? '',
          call?.function?.arguments ?? '',
        );
      }
      case 'tool-call-delta': {
        const toolIndex = this.toolIndexes.get(index ?? 0);
        if (toolIndex === undefined) return [];
        return this.frames.toolCallArguments(
          toolIndex,
          message?.tool_calls?.function?.arguments ?? undefined,
        );
      }
      case 'message-end': {
        this.reportedUsage = convertCohereUsage(delta?.usage);
        const reason = mapCohereFinishReason(delta?.finish_reason);
        return this.frames.finish(
          this.frames.toolCalls > 0 && reason === 'stop' ? 'tool_calls' : (reason ?? 'stop'),
        );
      }
      default:
        return [];
    }
  }
}
