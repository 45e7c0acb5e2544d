import { streamChunkError } from './openai-error.js';
import { randomUUID } from 'node:crypto';
import { toOpenAiUsage, type Usage } from '../usage.js';
import type {
  RelayCallInput,
  SseEvent,
  StreamConverter,
  UpstreamError,
} from '../provider-adaptor.js';
import {
  parseJsonObject,
  readArray,
  readNumber,
  readObject,
  readObjectArray,
  readString,
  readText,
  type JsonObject,
} from '../json-guards.js';
import { DONE_FRAME, dataFrame, isDoneMarker } from '../sse-frame.js';
import { ThinkingToContent } from '../thinking-to-content.js';
import type { OpenAiUsageConverter } from './convert-openai-usage.js';
import { normaliseChatChunk } from './openai-chunk-format.js';
import { readChunkText } from './openai-api-types.js';

/**
 * Relays an OpenAI-format event stream (chat or completions) to the client.
 *
 * Hot path: a payload is re-framed as `data: <payload>\n\n` byte for byte, without JSON.parse,
 * unless its text may carry a usage object (`"usage":{`) or an error object, or a channel setting
 * (force_format, thinking_to_content) needs every chunk decoded. Upstream `[DONE]` is dropped
 * (`finish` writes it). A usage-only chunk (empty `choices`) is hidden unless the client asked
 * for usage. Payload strings are kept and parsed only if `completionText()` or `toolCallCount`
 * is read, which the relay does only when upstream reported no usage.
 */
export class OpenAiStreamConverter implements StreamConverter {
  private readonly payloads: string[] = [];
  private reportedUsage: Usage | undefined;
  /** The client has seen a chunk carrying upstream usage (so no synthetic usage chunk). */
  private usageShownToClient = false;
  private error: UpstreamError | undefined;
  private readonly thinkingToContent: ThinkingToContent | undefined;
  private readonly forceFormat: boolean;
  // Lazy scan state for completionText() / toolCallCount.
  private scannedPayloads = 0;
  private scannedText = '';
  private readonly toolCallKeys = new Set<string>();

  constructor(
    private readonly input: RelayCallInput,
    private readonly convertUsage: OpenAiUsageConverter,
  ) {
    const isChat = input.mode === 'chat';
    this.forceFormat = isChat && input.channel.setting.force_format === true;
    this.thinkingToContent =
      isChat && input.channel.setting.thinking_to_content === true
        ? new ThinkingToContent()
        : undefined;
  }

  get usage(): Usage | undefined {
    return this.reportedUsage;
  }

  /** An error object upstream sent inside the stream; the stream is over once it is set. */
  get upstreamError(): UpstreamError | undefined {
    return this.error;
  }

  get toolCallCount(): number {
    this.scanPayloads();
    return this.toolCallKeys.size;
  }

  onEvent(event: SseEvent): string {
    if (this.error) return '';
    const data = event.data;
    if (data.length === 0 || isDoneMarker(data)) return '';
    if (data.indexOf('\n') === -1) return this.onPayload(data);
    return this.onJoinedLines(data);
  }

  finish(options: { clean: boolean; usage: Usage }): string {
    if (!options.clean || this.error) return '';
    if (!this.input.clientWantsUsage || this.usageShownToClient) return DONE_FRAME;
    return dataFrame(JSON.stringify(this.usageChunk(options.usage))) + DONE_FRAME;
  }

  completionText(): string {
    this.scanPayloads();
    return this.scannedText;
  }

  /**
   * Several `data:` lines in one event. Standard OpenAI streams never do this; an upstream that
   * separates payloads with single line breaks does. A JSON document split over lines is kept
   * whole (its line breaks are whitespace between tokens); otherwise each line is a payload.
   */
  private onJoinedLines(data: string): string {
    if (parseJsonObject(data)) return this.onPayload(data.split('\n').join(''));
    let frames = '';
    for (const line of data.split('\n')) {
      if (this.error) break;
      if (line.length > 0 && !isDoneMarker(line)) frames += this.onPayload(line);
    }
    return frames;
  }

  private onPayload(payload: string): string {
    const mustDecode =
      this.forceFormat ||
      this.thinkingToContent !== undefined ||
      mayCarryUsage(payload) ||
      hasObjectField(payload, '"error"');
    if (!mustDecode) {
      this.payloads.push(payload);
      return dataFrame(payload);
    }

    const chunk = parseJsonObject(payload);
    if (!chunk) {
      // Not JSON: nothing to learn from it; pass it on as upstream sent it.
      this.payloads.push(payload);
      return dataFrame(payload);
    }

    const chunkError = streamChunkError(chunk);
    if (chunkError) {
      this.error = chunkError;
      return dataFrame(payload);
    }

    const choices = readArray(chunk, 'choices');
    const usageObject = readObject(chunk, 'usage');
    const usage = usageObject && this.convertUsage(usageObject);
    if (usage) {
      this.reportedUsage = usage;
      const usageOnly = !choices || choices.length === 0;
      if (usageOnly && !this.input.clientWantsUsage) return '';
      this.usageShownToClient = true;
    }

    this.payloads.push(payload);
    if (this.forceFormat) {
      this.applyThinkingToContent(chunk);
      return dataFrame(JSON.stringify(normaliseChatChunk(chunk)));
    }
    if (this.applyThinkingToContent(chunk)) return dataFrame(JSON.stringify(chunk));
    return dataFrame(payload);
  }

  private applyThinkingToContent(chunk: JsonObject): boolean {
    if (!this.thinkingToContent) return false;
    let changed = false;
    for (const choice of readObjectArray(chunk, 'choices')) {
      const delta = readObject(choice, 'delta');
      const finishing = typeof choice.finish_reason === 'string' && choice.finish_reason.length > 0;
      if (delta && this.thinkingToContent.apply(delta, finishing)) changed = true;
    }
    return changed;
  }

  private scanPayloads(): void {
    for (; this.scannedPayloads < this.payloads.length; this.scannedPayloads += 1) {
      const chunk = parseJsonObject(this.payloads[this.scannedPayloads]);
      if (!chunk) continue;
      const generated = readChunkText(chunk);
      this.scannedText += generated.content + generated.reasoning;
      for (const call of generated.toolCalls) {
        this.scannedText += call.name + call.arguments;
        this.toolCallKeys.add(call.key);
      }
    }
  }

  /** The final usage chunk for a client that asked for usage when upstream sent none. */
  private usageChunk(usage: Usage): JsonObject {
    const first = this.firstChunkWithId();
    return {
      id: (first && readText(first, 'id')) || `chatcmpl-${randomUUID().replace(/-/g, '')}`,
      object: this.input.mode === 'completions' ? 'text_completion' : 'chat.completion.chunk',
      created: (first && readNumber(first, 'created')) || Math.floor(Date.now() / 1000),
      model: (first && readString(first, 'model')) || this.input.upstreamModel,
      choices: [],
      usage: toOpenAiUsage(usage),
    };
  }

  private firstChunkWithId(): JsonObject | undefined {
    // Azure starts with a content-filter chunk whose id and model are empty.
    for (const payload of this.payloads.slice(0, 4)) {
      const chunk = parseJsonObject(payload);
      if (chunk && readText(chunk, 'id')) return chunk;
    }
    return undefined;
  }
}

/**
 * Whether a payload's text contains `"usage"` followed by `:` and `{` (whitespace allowed), i.e.
 * may carry a usage object rather than `"usage":null`. A native substring search, no parsing.
 */
export function mayCarryUsage(payload: string): boolean {
  return hasObjectField(payload, '"usage"');
}

/** Whether `"<name>"` appears followed by `:` and `{` (whitespace allowed) in `payload`. */
function hasObjectField(payload: string, quotedName: string): boolean {
  let position = payload.indexOf(quotedName);
  while (position !== -1) {
    let cursor = skipWhitespace(payload, position + quotedName.length);
    if (payload.charCodeAt(cursor) === 58) {
      cursor = skipWhitespace(payload, cursor + 1);
      if (payload.charCodeAt(cursor) === 123) return true;
    }
    position = payload.indexOf(quotedName, position + quotedName.length);
  }
  return false;
}

function skipWhitespace(text: string, start: number): number {
  let cursor = start;
  for (;;) {
    const code = text.charCodeAt(cursor);
    if (code !== 32 && code !== 9 && code !== 10 && code !== 13) return cursor;
    cursor += 1;
  }
}
