import { randomUUID } from 'node:crypto';
import { isJsonObject, parseJsonObject, type JsonObject } from '../../../providers/json-guards.js';
import type { Usage } from '../../../providers/usage.js';
import { answerText, readChatCompletion } from '../../../providers/hub/internal-answer.js';

/** OpenAI `finish_reason` → Claude `stop_reason`. */
export function toStopReason(finishReason: unknown): string {
  switch (finishReason) {
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
    default:
      return 'end_turn';
  }
}

/** A Claude message id from an upstream id (`chatcmpl-abc` → `msg_abc`), or a new one. */
export function messageId(upstreamId: unknown): string {
  if (typeof upstreamId === 'string' && upstreamId) {
    if (upstreamId.startsWith('msg_')) return upstreamId;
    return `msg_${upstreamId.replace(/^chatcmpl-/, '')}`;
  }
  return `msg_${randomUUID().replace(/-/g, '')}`;
}

/** Claude's usage object: input excludes cache reads and writes, which are reported apart. */
export function toMessagesUsage(usage: Usage | undefined): JsonObject {
  if (!usage) {
    return {
      input_tokens: 0,
      output_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    };
  }
  return {
    input_tokens: Math.max(0, usage.promptTokens - usage.cachedTokens - usage.cacheCreationTokens),
    output_tokens: usage.completionTokens,
    cache_creation_input_tokens: usage.cacheCreationTokens,
    cache_read_input_tokens: usage.cachedTokens,
  };
}

/** Tool-call arguments as a tool_use input (an object; `{}` when they do not parse). */
export function toolInput(argumentsText: unknown): JsonObject {
  if (isJsonObject(argumentsText)) return argumentsText;
  if (typeof argumentsText !== 'string' || argumentsText.trim() === '') return {};
  return parseJsonObject(argumentsText) ?? {};
}

/**
 * An internal `chat.completion` as a Claude `message`: reasoning → a thinking block, content → a
 * text block, tool_calls → tool_use blocks (in that order), the finish reason mapped, usage in
 * Claude's split (see toMessagesUsage). Pure.
 */
export function internalToMessagesAnswer(
  completion: JsonObject,
  usage: Usage | undefined,
  fallbackModel: string,
): JsonObject {
  // The edge of the internal answer for a Claude client: an unreadable one answers empty.
  const answer = readChatCompletion(completion);
  const choice = answer?.choices[0];
  const message = choice?.message ?? {};
  const content: JsonObject[] = [];
  const reasoning = message.reasoning_content ?? message.reasoning ?? '';
  if (reasoning) content.push({ type: 'thinking', thinking: reasoning, signature: '' });
  const text = answerText(message.content);
  if (text) content.push({ type: 'text', text });
  for (const call of message.tool_calls ?? []) {
    content.push({
      type: 'tool_use',
      id: call.id || `toolu_${randomUUID().replace(/-/g, '')}`,
      name: call.function?.name ?? '',
      input: toolInput(call.function?.arguments),
    });
  }
  const toolUse = content.some((block) => block.type === 'tool_use');
  const stopReason = toStopReason(choice?.finish_reason);
  return {
    id: messageId(answer?.id),
    type: 'message',
    role: 'assistant',
    model: answer?.model || fallbackModel,
    content,
    stop_reason: toolUse && stopReason === 'end_turn' ? 'tool_use' : stopReason,
    stop_sequence: null,
    usage: toMessagesUsage(usage),
  };
}
