/**
 * The internal answer a converting provider builds from an upstream chat answer with one choice
 * (most native APIs answer one): the message and the `chat.completion` around it, shaped as
 * OpenAI's API shapes them, so that every converter writes the same fields in the same order.
 */
import { toOpenAiUsage, type Usage } from '../usage.js';
import type { AnswerMessage, AnswerToolCall, ChatCompletion } from './internal-answer.js';

/**
 * The assistant's message: `content` is null when the answer is only tool calls (as OpenAI answers
 * them); `reasoning_content` and `tool_calls` are present only when there are any.
 */
export function assistantMessage(
  content: string,
  reasoning: string,
  toolCalls: AnswerToolCall[],
): AnswerMessage {
  const message: AnswerMessage = {
    role: 'assistant',
    content: content === '' && toolCalls.length > 0 ? null : content,
    refusal: null,
  };
  if (reasoning) message.reasoning_content = reasoning;
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  return message;
}

/** What the completion says besides its fixed fields. */
export interface OneChoiceAnswer {
  id: string;
  /** Unix seconds. */
  created: number;
  model: string;
  message: AnswerMessage;
  finishReason: string | null;
  /** Usage as upstream reported it; the completion carries `usage` only when it did. */
  usage: Usage | undefined;
}

/** A `chat.completion` with one choice (index 0, no logprobs, no system fingerprint). */
export function oneChoiceCompletion(answer: OneChoiceAnswer): ChatCompletion {
  const completion: ChatCompletion = {
    id: answer.id,
    object: 'chat.completion',
    created: answer.created,
    model: answer.model,
    system_fingerprint: null,
    choices: [
      { index: 0, message: answer.message, logprobs: null, finish_reason: answer.finishReason },
    ],
  };
  if (answer.usage) completion.usage = toOpenAiUsage(answer.usage);
  return completion;
}
