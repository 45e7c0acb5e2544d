import { streamChunkError } from './openai-error.js';
import type {
  InternalStreamEvent,
  RelayCallInput,
  SseEvent,
  StreamReader,
  UpstreamError,
} from '../provider-adaptor.js';
import { readChatChunk } from '../hub/stream-events.js';
import { parseJsonObject, readObject } from '../json-guards.js';
import { isDoneMarker } from '../sse-frame.js';
import type { Usage } from '../usage.js';
import type { OpenAiUsageConverter } from './convert-openai-usage.js';
import { readChunkText } from './openai-api-types.js';

/**
 * Reads an OpenAI-format event stream into internal chunks (they already have the internal
 * shape), for a client that speaks another format. Every payload is parsed: the generated text and
 * tool calls are collected as they pass, and usage and error objects are read.
 */
export class OpenAiStreamReader implements StreamReader {
  private reportedUsage: Usage | undefined;
  private error: UpstreamError | undefined;
  private text = '';
  private readonly toolCallKeys = new Set<string>();

  constructor(
    _input: RelayCallInput,
    private readonly convertUsage: OpenAiUsageConverter,
  ) {}

  get usage(): Usage | undefined {
    return this.reportedUsage;
  }

  get upstreamError(): UpstreamError | undefined {
    return this.error;
  }

  get toolCallCount(): number {
    return this.toolCallKeys.size;
  }

  completionText(): string {
    return this.text;
  }

  read(event: SseEvent): InternalStreamEvent[] {
    const events: InternalStreamEvent[] = [];
    for (const payload of event.data.split('\n')) {
      if (this.error) break;
      if (payload.length === 0 || isDoneMarker(payload)) continue;
      const chunk = parseJsonObject(payload);
      if (!chunk) continue;
      const chunkError = streamChunkError(chunk);
      if (chunkError) {
        this.error = chunkError;
        events.push({ type: 'error', error: this.error });
        break;
      }
      const usageObject = readObject(chunk, 'usage');
      if (usageObject) this.reportedUsage = this.convertUsage(usageObject) ?? this.reportedUsage;
      const generated = readChunkText(chunk);
      this.text += generated.content + generated.reasoning;
      for (const call of generated.toolCalls) {
        this.text += call.name + call.arguments;
        this.toolCallKeys.add(call.key);
      }
      // The edge of the internal stream: a chunk of the wrong shape is skipped like unreadable
      // data. A usage-only chunk is the writer's to repeat (or not) at the end.
      const typed = readChatChunk(chunk);
      if (typed && typed.choices.length > 0) events.push({ type: 'chunk', chunk: typed });
    }
    return events;
  }
}
