import { readAnswerAs } from '../answer-object.js';
import type { RelayError } from '../../errors/relay-error.js';
import type { JsonObject } from '../json-guards.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import type { AnswerToolCall } from '../hub/internal-answer.js';
import { assistantMessage, oneChoiceCompletion } from '../hub/one-choice-completion.js';
import { toRelayError } from '../upstream-error.js';
import { openAiEmbeddingsList } from '../embeddings.js';
import { plainUsage, type Usage } from '../usage.js';
import {
  ernieChatAnswerSchema,
  ernieEmbeddingsAnswerSchema,
  type ErnieChatAnswer,
  type ErnieUsage,
} from './baidu-api-types.js';
import { ernieError } from './ernie-error.js';

/** ERNIE's usage as internal usage; undefined when it reported none. */
export function convertErnieUsage(usage: ErnieUsage | undefined): Usage | undefined {
  if (!usage || (usage.prompt_tokens === undefined && usage.total_tokens === undefined)) {
    return undefined;
  }
  const promptTokens = usage.prompt_tokens ?? 0;
  const completionTokens =
    usage.completion_tokens ?? Math.max(0, (usage.total_tokens ?? 0) - promptTokens);
  return plainUsage(promptTokens, completionTokens);
}

/**
 * ERNIE's finish reason as OpenAI's: `normal`/`stop` → stop, `length` → length,
 * `content_filter` (or an answer that asks to clear the history) → content_filter,
 * `function_call` → tool_calls. Undefined while a stream is not over.
 */
export function mapErnieFinishReason(answer: ErnieChatAnswer): string | undefined {
  if (answer.function_call) return 'tool_calls';
  if (answer.need_clear_history) return 'content_filter';
  switch (answer.finish_reason) {
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content_filter';
    case 'function_call':
      return 'tool_calls';
    case 'normal':
    case 'stop':
      return 'stop';
    default:
      return answer.is_truncated ? 'length' : undefined;
  }
}

/** The RelayError of an ERNIE error inside a success body; undefined for a normal answer. */
export function ernieErrorInBody(payload: unknown): RelayError | undefined {
  const error = ernieError(payload);
  return error ? toRelayError(error) : undefined;
}

/** An ERNIE chat answer as an OpenAI `chat.completion` (a function call as one tool call). */
export function convertErnieChatResponse(
  payload: unknown,
  model: string,
  created: number,
): InternalAnswer {
  const answer = readAnswerAs(ernieChatAnswerSchema, payload, 'a chat answer');
  const content = answer.result ?? '';
  let generated = content;
  const call = answer.function_call;
  const toolCalls: AnswerToolCall[] = [];
  if (call) {
    const argumentsText = call.arguments || '{}';
    generated += call.name + argumentsText;
    toolCalls.push({
      id: `call_${answer.id ?? ''}`,
      type: 'function',
      function: { name: call.name, arguments: argumentsText },
    });
  }
  const usage = convertErnieUsage(answer.usage);
  const completion = oneChoiceCompletion({
    id: `chatcmpl-${answer.id ?? ''}`,
    created: answer.created ?? created,
    model,
    message: assistantMessage(content, call?.thoughts ?? '', toolCalls),
    finishReason: mapErnieFinishReason(answer) ?? 'stop',
    usage,
  });
  return { completion, usage, completionText: generated };
}

/** An ERNIE embeddings answer as OpenAI's `list` (base64 when the client asked for it). */
export function convertErnieEmbeddingsResponse(
  payload: unknown,
  model: string,
  request: JsonObject | undefined,
): InternalAnswer {
  const answer = readAnswerAs(ernieEmbeddingsAnswerSchema, payload, 'a embeddings answer');
  const usage = convertErnieUsage(answer.usage);
  const completion = openAiEmbeddingsList(
    answer.data,
    model,
    request?.encoding_format,
    usage?.promptTokens ?? 0,
  );
  return { completion, usage, completionText: '' };
}
