import { ChunkFramesReader } from '../chunk-frames-reader.js';
import { parseJsonObject } from '../json-guards.js';
import type {
  InternalStreamEvent,
  RelayCallInput,
  SseEvent,
  UpstreamError,
} from '../provider-adaptor.js';
import { ernieChatAnswerSchema } from './baidu-api-types.js';
import { convertErnieUsage, mapErnieFinishReason } from './convert-ernie-response.js';
import { ernieError } from './ernie-error.js';

/**
 * Reads an ERNIE chat stream (SSE `data:` objects, no `[DONE]`) into internal chunks: `result`
 * → content; `function_call` → one tool call; the event with `is_end: true` → the finish reason
 * and usage (every event carries the running usage; the last one counts). An `error_code` object
 * ends the stream with that error; `onError` sees it first (to drop a refused access token).
 */
export class ErnieStreamReader extends ChunkFramesReader {
  private finished = false;

  constructor(
    input: RelayCallInput,
    private readonly onError: (error: UpstreamError) => void = () => undefined,
  ) {
    super(input);
  }

  read(event: SseEvent): InternalStreamEvent[] {
    if (this.finished || this.failure) return [];
    const payload = parseJsonObject(event.data);
    const error = ernieError(payload);
    if (error) {
      this.onError(error);
      return this.fail(error);
    }
    const parsed = ernieChatAnswerSchema.safeParse(payload);
    if (!parsed.success) return [];
    const answer = parsed.data;
    if (answer.id) this.frames.id = `chatcmpl-${answer.id}`;
    const events = [...this.frames.start(), ...this.frames.text('content', answer.result)];
    const call = answer.function_call;
    if (call) {
      if (call.thoughts) events.push(...this.frames.text('reasoning_content', call.thoughts));
      events.push(
        ...this.frames.toolCallStart(`call_${answer.id ?? ''}`, call.name, call.arguments || '{}'),
      );
    }
    const usage = convertErnieUsage(answer.usage);
    if (usage) this.reportedUsage = usage;
    if (answer.is_end || answer.need_clear_history) {
      this.finished = true;
      events.push(...this.frames.finish(mapErnieFinishReason(answer) ?? 'stop'));
    }
    return events;
  }
}
