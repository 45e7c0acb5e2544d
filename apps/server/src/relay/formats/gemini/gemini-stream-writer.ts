import type { InternalStreamEvent } from '../../../providers/provider-adaptor.js';
import { ReaderStreamWriter } from '../reader-stream-writer.js';
import type { Usage } from '../../../providers/usage.js';
import type { GeminiPart, GeminiResponse } from '../../../providers/gemini/gemini-api-types.js';
import {
  geminiFinishReason,
  geminiUsageMetadata,
  parseArguments,
} from './chat-to-gemini-answer.js';
import { googleErrorBody } from './gemini-error.js';

/** One SSE frame as Google's API writes them (`alt=sse`). */
export function geminiFrame(value: unknown): string {
  return `data: ${JSON.stringify(value)}\r\n\r\n`;
}

/**
 * Writes a provider's internal stream for a Gemini client: each text or reasoning delta (reasoning
 * only with `includeThoughts`) as a GenerateContentResponse chunk as it arrives; tool calls, whose arguments arrive in pieces, as
 * whole `functionCall` parts in the last chunk, which also carries the finish reason and the
 * call's usage. An upstream error becomes Google's error object in a frame; a broken stream ends
 * without a last chunk (Google's streams have no end marker beyond it).
 */
export class GeminiStreamWriter extends ReaderStreamWriter {
  private responseId: string | undefined;
  private modelVersion: string | undefined;
  private finishReason: string | undefined;
  private readonly toolCalls = new Map<number, { name: string; args: string }>();

  protected closingFrames(usage: Usage): string {
    const parts: GeminiPart[] = [];
    for (const call of [...this.toolCalls.entries()].sort(([a], [b]) => a - b)) {
      parts.push({ functionCall: { name: call[1].name, args: parseArguments(call[1].args) } });
    }
    if (parts.length === 0) parts.push({ text: '' });
    const last = this.response(parts, this.finishReason ?? 'STOP');
    last.usageMetadata = geminiUsageMetadata(usage);
    return geminiFrame(this.ordered(last));
  }

  protected write(internal: InternalStreamEvent): string {
    if (internal.type === 'error') {
      const { status, message } = internal.error;
      return geminiFrame(googleErrorBody(status >= 400 ? status : 500, message));
    }
    if (internal.type !== 'chunk') return ''; // completions never reach a Gemini client
    const { chunk } = internal;
    if (chunk.id) this.responseId ??= chunk.id;
    if (chunk.model) this.modelVersion ??= chunk.model;
    const choice = chunk.choices[0];
    if (!choice) return '';
    const { delta } = choice;
    const parts: GeminiPart[] = [];
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (typeof reasoning === 'string' && reasoning !== '' && this.input.reasoning?.hidden !== true)
      parts.push({ text: reasoning, thought: true });
    if (typeof delta.content === 'string' && delta.content !== '')
      parts.push({ text: delta.content });
    if (Array.isArray(delta.tool_calls)) {
      for (const call of delta.tool_calls) {
        const index = typeof call.index === 'number' ? call.index : this.toolCalls.size;
        const entry = this.toolCalls.get(index) ?? { name: '', args: '' };
        if (typeof call.function?.name === 'string') entry.name += call.function.name;
        if (typeof call.function?.arguments === 'string') entry.args += call.function.arguments;
        this.toolCalls.set(index, entry);
      }
    }
    if (typeof choice.finish_reason === 'string' && choice.finish_reason) {
      this.finishReason = geminiFinishReason(choice.finish_reason);
    }
    return parts.length > 0 ? geminiFrame(this.ordered(this.response(parts))) : '';
  }

  private response(parts: GeminiPart[], finishReason?: string): GeminiResponse {
    const content = { role: 'model' as const, parts };
    return {
      candidates: [finishReason ? { content, finishReason, index: 0 } : { content, index: 0 }],
      modelVersion: this.modelVersion ?? this.input.upstreamModel,
    };
  }

  /** Google's field order: candidates, usageMetadata, modelVersion, responseId. */
  private ordered(response: GeminiResponse): GeminiResponse {
    const out: GeminiResponse = { candidates: response.candidates } as GeminiResponse;
    if (response.usageMetadata) out.usageMetadata = response.usageMetadata;
    out.modelVersion = response.modelVersion;
    if (this.responseId) out.responseId = this.responseId;
    return out;
  }
}
