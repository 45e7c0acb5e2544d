import { randomUUID } from 'node:crypto';
import { StreamReaderBase } from '../stream-reader-base.js';
import type { RelayError } from '../../errors/relay-error.js';
import type {
  InternalStreamEvent,
  RelayCallInput,
  SseEvent,
  UpstreamError,
} from '../provider-adaptor.js';
import type { Usage } from '../usage.js';
import { ThinkingToContent } from '../thinking-to-content.js';
import { parseJsonObject, type JsonObject } from '../json-guards.js';
import { convertGeminiParts, mapGeminiFinishReason } from './convert-gemini-parts.js';
import { convertGeminiUsage } from './convert-gemini-usage.js';
import { noCandidatesError } from './convert-gemini-response.js';
import { parseGeminiError } from './gemini-error.js';
import { geminiResponseSchema, type GeminiWireResponse } from './gemini-wire-schemas.js';

/**
 * Reads a Gemini `alt=sse` stream (each event a whole GenerateContentResponse) into internal
 * `chat.completion.chunk`s: a role chunk first; per event, thoughts as `reasoning_content`, text
 * as `content`, each function call as a complete tool call (Gemini sends arguments whole) at the
 * next tool index, and the mapped finish reason (`tool_calls` when the stream called tools).
 * Usage is the last `usageMetadata` seen (each one is cumulative). A Google error object in the
 * stream, or a chunk reporting a blocked prompt, ends it as an internal error event.
 */
export class GeminiStreamReader extends StreamReaderBase {
  private id: string | undefined;
  private readonly created = Math.floor(Date.now() / 1000);
  private model: string;
  private started = false;
  private lastUsage: Usage | undefined;
  private readonly thinkingToContent: ThinkingToContent | undefined;

  /** `keepThinking`: ignore the channel's thinking_to_content (a pass-through reads, never writes). */
  constructor(input: RelayCallInput, options: { keepThinking?: boolean } = {}) {
    super();
    this.model = input.upstreamModel;
    this.thinkingToContent =
      input.channel.setting.thinking_to_content && !options.keepThinking
        ? new ThinkingToContent()
        : undefined;
  }

  get usage(): Usage | undefined {
    return this.lastUsage;
  }

  read(event: SseEvent): InternalStreamEvent[] {
    if (this.error) return [];
    const data = parseJsonObject(event.data);
    if (!data) return [];
    if (data.error !== undefined) return this.fail(parseGeminiError(200, event.data));
    const parsed = geminiResponseSchema.safeParse(data);
    if (!parsed.success) return [];
    return this.onResponse(parsed.data);
  }

  private onResponse(response: GeminiWireResponse): InternalStreamEvent[] {
    if (response.usageMetadata) this.lastUsage = convertGeminiUsage(response.usageMetadata);
    if (response.modelVersion) this.model = response.modelVersion;
    this.id ??= `chatcmpl-${response.responseId ?? randomUUID()}`;
    const candidates = response.candidates ?? [];
    if (candidates.length === 0) {
      if (!response.promptFeedback?.blockReason) return [];
      const blocked = noCandidatesError(response);
      return this.fail(relayErrorFields(blocked));
    }
    const events: InternalStreamEvent[] = [];
    for (const [position, candidate] of candidates.entries()) {
      const parts = convertGeminiParts(candidate.content?.parts);
      const delta: JsonObject = {};
      const reasoning = parts.reasoning.join('');
      const content = parts.content.join('');
      if (reasoning) delta.reasoning_content = reasoning;
      if (content) delta.content = content;
      if (parts.toolCalls.length > 0) {
        delta.tool_calls = parts.toolCalls.map((call) => ({ index: this.toolCalls++, ...call }));
      }
      this.generated.push(reasoning, content);
      for (const call of parts.toolCalls) {
        this.generated.push(call.function.name, call.function.arguments);
      }
      const finish = mapGeminiFinishReason(candidate.finishReason, this.toolCalls > 0);
      if (Object.keys(delta).length === 0 && finish === null) continue;
      events.push(...this.frame(candidate.index ?? position, delta, finish));
    }
    return events;
  }

  private fail(error: UpstreamError): InternalStreamEvent[] {
    this.error = error;
    return [{ type: 'error', error }];
  }

  private frame(
    index: number,
    delta: JsonObject,
    finishReason: string | null,
  ): InternalStreamEvent[] {
    const events: InternalStreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      events.push(this.chunk(index, { role: 'assistant', content: '' }, null));
    }
    if (this.thinkingToContent) this.thinkingToContent.apply(delta, finishReason !== null);
    events.push(this.chunk(index, delta, finishReason));
    return events;
  }

  private chunk(
    index: number,
    delta: JsonObject,
    finishReason: string | null,
  ): InternalStreamEvent {
    return {
      type: 'chunk',
      chunk: {
        id: this.id ?? '',
        object: 'chat.completion.chunk',
        created: this.created,
        model: this.model,
        system_fingerprint: null,
        choices: [{ index, delta, logprobs: null, finish_reason: finishReason }],
      },
    };
  }
}

function relayErrorFields(error: RelayError): UpstreamError {
  return {
    status: error.status,
    message: error.message,
    type: error.type,
    code: error.code,
    param: '',
  };
}
