import { readAnswerAs } from '../answer-object.js';
import type { RelayError } from '../../errors/relay-error.js';
import type { JsonObject } from '../json-guards.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import { assistantMessage, oneChoiceCompletion } from '../hub/one-choice-completion.js';
import { toRelayError } from '../upstream-error.js';
import { openAiEmbeddingsList } from '../embeddings.js';
import { plainUsage, type Usage } from '../usage.js';
import {
  hunyuanChatAnswerSchema,
  hunyuanEmbeddingAnswerSchema,
  type HunyuanToolCall,
  type HunyuanUsage,
} from './tencent-api-types.js';
import { tencentError } from './tencent-error.js';

/** Hunyuan's usage as internal usage; undefined when it reported none. */
export function convertHunyuanUsage(usage: HunyuanUsage | undefined): Usage | undefined {
  if (!usage || usage.PromptTokens === undefined) return undefined;
  const promptTokens = usage.PromptTokens;
  const completionTokens =
    usage.CompletionTokens ?? Math.max(0, (usage.TotalTokens ?? 0) - promptTokens);
  return plainUsage(promptTokens, completionTokens);
}

/**
 * Hunyuan's finish reason as OpenAI's: `stop`, `length` and `tool_calls` as they are,
 * `sensitive` (moderation stopped the answer) → content_filter; '' while a stream goes on.
 */
export function mapHunyuanFinishReason(reason: string | undefined): string | undefined {
  if (!reason) return undefined;
  if (reason === 'sensitive') return 'content_filter';
  return reason;
}

/** The RelayError of a Tencent error inside a success body; undefined for a normal answer. */
export function tencentErrorInBody(payload: unknown): RelayError | undefined {
  const error = tencentError(payload);
  return error ? toRelayError(error) : undefined;
}

/** Hunyuan tool calls as OpenAI's (with their stream index). */
export function convertHunyuanToolCalls(calls: readonly HunyuanToolCall[]) {
  return calls.map((call, position) => ({
    index: call.Index ?? position,
    id: call.Id ?? '',
    type: 'function' as const,
    function: { name: call.Function?.Name ?? '', arguments: call.Function?.Arguments ?? '' },
  }));
}

/** A `ChatCompletions` answer as an OpenAI `chat.completion`. */
export function convertHunyuanChatResponse(
  payload: unknown,
  model: string,
  created: number,
): InternalAnswer {
  const answer = readAnswerAs(hunyuanChatAnswerSchema, payload, 'a chat answer').Response;
  const choice = answer.Choices?.[0];
  const content = choice?.Message?.Content ?? '';
  const reasoning = choice?.Message?.ReasoningContent ?? '';
  const toolCalls = convertHunyuanToolCalls(choice?.Message?.ToolCalls ?? []).map(
    ({ index: _index, ...call }) => call,
  );
  const message = assistantMessage(content, reasoning, toolCalls);
  const usage = convertHunyuanUsage(answer.Usage);
  const completion = oneChoiceCompletion({
    id: answer.Id ?? '',
    created: answer.Created ?? created,
    model,
    message,
    finishReason:
      mapHunyuanFinishReason(choice?.FinishReason) ??
      (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
    usage,
  });
  const generated = toolCalls.map((call) => call.function.name + call.function.arguments).join('');
  return { completion, usage, completionText: content + reasoning + generated };
}

/** A `GetEmbedding` answer as OpenAI's `list` (base64 when the client asked for it). */
export function convertHunyuanEmbeddingResponse(
  payload: unknown,
  model: string,
  request: JsonObject | undefined,
): InternalAnswer {
  const answer = readAnswerAs(hunyuanEmbeddingAnswerSchema, payload, 'a embedding answer');
  const vectors = answer.Response.Data.map((item, position) => ({
    index: item.Index ?? position,
    embedding: item.Embedding,
  }));
  const usage = convertHunyuanUsage(answer.Response.Usage);
  const completion = openAiEmbeddingsList(
    vectors,
    model,
    request?.encoding_format,
    usage?.promptTokens ?? 0,
  );
  return { completion, usage, completionText: '' };
}
