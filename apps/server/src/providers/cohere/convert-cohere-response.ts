import { readAnswerAs } from '../answer-object.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import { assistantMessage, oneChoiceCompletion } from '../hub/one-choice-completion.js';
import { cohereChatResponseSchema } from './cohere-api-types.js';
import { convertCohereUsage, mapCohereFinishReason } from './convert-cohere-usage.js';

/**
 * A chat v2 answer as an OpenAI `chat.completion`: text parts joined into `content`, thinking
 * parts and the `tool_plan` (the model's reasoning before it calls tools) into
 * `reasoning_content`, `tool_calls` as they are (missing or `null` arguments become `{}`).
 */
export function convertCohereChatResponse(
  payload: unknown,
  model: string,
  created: number,
): InternalAnswer {
  const answer = readAnswerAs(cohereChatResponseSchema, payload, 'a chat answer');
  let content = '';
  let reasoning = answer.message.tool_plan ?? '';
  for (const part of answer.message.content ?? []) {
    if (part.type === 'thinking') reasoning += part.thinking ?? '';
    else if (part.text !== undefined) content += part.text;
  }
  let generated = '';
  const toolCalls = (answer.message.tool_calls ?? []).map((call) => {
    const name = call.function?.name ?? '';
    // Cohere sends "null" for a call without arguments; OpenAI clients expect an object.
    const raw = call.function?.arguments;
    const argumentsText = !raw || raw === 'null' ? '{}' : raw;
    generated += name + argumentsText;
    return {
      id: call.id ?? '',
      type: 'function' as const,
      function: { name, arguments: argumentsText },
    };
  });
  const message = assistantMessage(content, reasoning, toolCalls);
  const usage = convertCohereUsage(answer.usage);
  const completion = oneChoiceCompletion({
    id: `chatcmpl-${answer.id ?? ''}`,
    created,
    model,
    message,
    finishReason: toolCalls.length > 0 ? 'tool_calls' : mapCohereFinishReason(answer.finish_reason),
    usage,
  });
  return { completion, usage, completionText: content + reasoning + generated };
}
