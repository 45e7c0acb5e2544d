import { ChunkFramesReader } from '../chunk-frames-reader.js';
import type { InternalStreamEvent, SseEvent } from '../provider-adaptor.js';
import { SPARK_LAST_FRAME_STATUS } from './xunfei-api-types.js';
import { convertSparkUsage } from './convert-xunfei-usage.js';
import { readSparkFrame, sparkCompletionId, sparkToolCallId } from './xunfei-frame.js';

/**
 * Reads Spark's answer frames (each handed over as one event by the websocket exchange) into
 * internal chunks as they arrive: text items → content (and `reasoning_content` of reasoning
 * models), a `function_call` item → one complete tool call, the last frame (status 2) → the finish
 * reason and its usage. An error frame ends the stream as an upstream error.
 */
export class XunfeiStreamReader extends ChunkFramesReader {
  private finished = false;

  read(event: SseEvent): InternalStreamEvent[] {
    if (this.finished || this.failure) return [];
    const read = readSparkFrame(event.data);
    if (read.kind === 'unreadable') return [];
    if (read.kind === 'error') {
      return this.fail(read.error);
    }
    const { frame } = read;
    if (frame.header.sid) this.frames.id = sparkCompletionId(frame);
    const events = this.frames.start();
    for (const item of frame.payload?.choices?.text ?? []) {
      events.push(...this.frames.text('reasoning_content', item.reasoning_content));
      events.push(...this.frames.text('content', item.content));
      const call = item.function_call;
      if (call?.name) {
        const id = sparkToolCallId(frame.header.sid, this.frames.toolCalls);
        events.push(...this.frames.toolCallStart(id, call.name, call.arguments ?? '{}'));
      }
    }
    const usage = convertSparkUsage(frame.payload?.usage?.text);
    if (usage) this.reportedUsage = usage;
    const last =
      frame.header.status === SPARK_LAST_FRAME_STATUS ||
      frame.payload?.choices?.status === SPARK_LAST_FRAME_STATUS;
    if (last) {
      this.finished = true;
      events.push(...this.frames.finish(this.frames.toolCalls > 0 ? 'tool_calls' : 'stop'));
    }
    return events;
  }
}
