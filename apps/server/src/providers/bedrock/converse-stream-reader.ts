import { randomUUID } from 'node:crypto';
import type { InternalStreamEvent, RelayCallInput, SseEvent } from '../provider-adaptor.js';
import { ChunkFramesReader } from '../chunk-frames-reader.js';
import { parseJsonObject } from '../json-guards.js';
import {
  contentBlockDeltaSchema,
  contentBlockStartSchema,
  messageStopSchema,
  metadataSchema,
} from './converse-api-types.js';
import { convertConverseUsage, mapConverseStopReason } from './convert-converse-usage.js';
import { BEDROCK_EXCEPTION_EVENT } from './bedrock-event-stream-parser.js';
import { bedrockExceptionStatus } from './bedrock-error.js';

/**
 * Reads a ConverseStream (events decoded from AWS's event stream) into internal chunks:
 * messageStart → the role chunk; contentBlockStart with toolUse → a tool call header;
 * contentBlockDelta → content, reasoning_content or tool arguments; messageStop → the finish
 * reason; metadata → usage (it may come before or after messageStop). An exception message ends
 * the stream as an upstream error.
 */
export class ConverseStreamReader extends ChunkFramesReader {
  /** Converse block index → tool call index. */
  private readonly toolBlocks = new Map<number, number>();

  constructor(input: RelayCallInput) {
    super(input, `chatcmpl-${randomUUID()}`);
  }

  read(event: SseEvent): InternalStreamEvent[] {
    if (this.failure) return [];
    const data = parseJsonObject(event.data);
    if (!data) return [];
    switch (event.event) {
      case 'messageStart':
        return this.frames.start();
      case 'contentBlockStart': {
        const parsed = contentBlockStartSchema.safeParse(data);
        const toolUse = parsed.success ? parsed.data.start?.toolUse : undefined;
        if (!toolUse) return [];
        this.toolBlocks.set(parsed.data!.contentBlockIndex ?? 0, this.frames.toolCalls);
        return this.frames.toolCallStart(toolUse.toolUseId ?? '', toolUse.name);
      }
      case 'contentBlockDelta':
        return this.onDelta(data);
      case 'messageStop': {
        const parsed = messageStopSchema.safeParse(data);
        const reason = mapConverseStopReason(parsed.success ? parsed.data.stopReason : undefined);
        return this.frames.finish(reason ?? 'stop');
      }
      case 'metadata': {
        const parsed = metadataSchema.safeParse(data);
        if (parsed.success) this.reportedUsage = convertConverseUsage(parsed.data.usage);
        return [];
      }
      case BEDROCK_EXCEPTION_EVENT:
        return this.onException(data);
      default:
        // contentBlockStop and future events carry nothing to relay.
        return [];
    }
  }

  private onDelta(data: unknown): InternalStreamEvent[] {
    const parsed = contentBlockDeltaSchema.safeParse(data);
    if (!parsed.success) return [];
    const { delta, contentBlockIndex } = parsed.data;
    if (delta.text !== undefined) return this.frames.text('content', delta.text);
    if (delta.reasoningContent?.text !== undefined) {
      return this.frames.text('reasoning_content', delta.reasoningContent.text);
    }
    if (delta.toolUse) {
      const toolIndex = this.toolBlocks.get(contentBlockIndex ?? 0);
      if (toolIndex === undefined) return [];
      return this.frames.toolCallArguments(toolIndex, delta.toolUse.input);
    }
    return [];
  }

  private onException(data: Record<string, unknown>): InternalStreamEvent[] {
    const type = typeof data.type === 'string' ? data.type : 'exception';
    const message = typeof data.message === 'string' && data.message ? data.message : type;
    return this.fail({ status: bedrockExceptionStatus(type), message, type, code: '', param: '' });
  }
}
