import { ChunkFramesReader } from '../chunk-frames-reader.js';
import { parseJsonObject } from '../json-guards.js';
import type { InternalStreamEvent, SseEvent } from '../provider-adaptor.js';
import { hunyuanChatSchema } from './tencent-api-types.js';
import {
  convertHunyuanToolCalls,
  convertHunyuanUsage,
  mapHunyuanFinishReason,
} from './convert-hunyuan-response.js';
import { tencentError } from './tencent-error.js';

/**
 * Reads a Hunyuan stream (SSE `data:` objects without the `Response` wrapper, no `[DONE]`) into
 * internal chunks: `Delta.Content` → content, `Delta.ReasoningContent` → reasoning,
 * `Delta.ToolCalls` → tool call headers (with their arguments), a non-empty `FinishReason` → the
 * finish chunk. Every event carries the running `Usage`; the last one counts. A Tencent error
 * object ends the stream with that error.
 */
export class HunyuanStreamReader extends ChunkFramesReader {
  private finished = false;
  /** Hunyuan's tool call index → the index in the OpenAI stream. */
  private readonly toolIndexes = new Map<number, number>();

  read(event: SseEvent): InternalStreamEvent[] {
    if (this.finished || this.failure) return [];
    const payload = parseJsonObject(event.data);
    const error = tencentError(payload);
    if (error) return this.fail(error);
    const parsed = hunyuanChatSchema.safeParse(payload);
    if (!parsed.success) return [];
    const answer = parsed.data;
    if (answer.Id) this.frames.id = answer.Id;
    const usage = convertHunyuanUsage(answer.Usage);
    if (usage) this.reportedUsage = usage;
    const choice = answer.Choices?.[0];
    const events = this.frames.start();
    if (!choice) return events;
    const delta = choice.Delta;
    events.push(...this.frames.text('reasoning_content', delta?.ReasoningContent));
    events.push(...this.frames.text('content', delta?.Content));
    for (const call of convertHunyuanToolCalls(delta?.ToolCalls ?? [])) {
      const known = this.toolIndexes.get(call.index);
      if (known === undefined) {
        this.toolIndexes.set(call.index, this.frames.toolCalls);
        events.push(
          ...this.frames.toolCallStart(call.id, call.function.name, call.function.arguments),
        );
      } else {
        events.push(...this.frames.toolCallArguments(known, call.function.arguments));
      }
    }
    const finish = mapHunyuanFinishReason(choice.FinishReason);
    if (finish) {
      this.finished = true;
      events.push(...this.frames.finish(finish));
    }
    return events;
  }
}
